import { Alert, Anchor, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authMessages } from '@portal/domain/people/auth.ts';
import { homePath, loginPath } from '@portal/domain/navigation.ts';
import { isApiError } from '../../../lib/api.ts';
import { startSession } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { PublicFrame } from '../../../ui/public-frame.tsx';
import { useTokenLogin } from '../api/token-login.ts';

/** /members?token=…: a sign-in link. Exchanges the token once, then opens the profile. */
export function TokenLandingPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tokenLogin = useTokenLogin();
  const { mutate } = tokenLogin;
  const sent = useRef(false);

  useEffect(() => {
    // A token may be single-use: exchange it once even when effects run twice (StrictMode).
    if (sent.current) return;
    sent.current = true;
    mutate(token, {
      onSuccess: (user) => {
        startSession(queryClient, user);
        void navigate(homePath, { replace: true });
      },
    });
  }, [mutate, navigate, queryClient, token]);

  const failure = tokenLogin.isError
    ? isApiError(tokenLogin.error) && tokenLogin.error.status < 500
      ? authMessages.tokenInvalid
      : errorMessage(tokenLogin.error)
    : null;

  return (
    <PublicFrame title="Sign-in link">
      {failure ? (
        <Stack gap="md">
          <Alert color="red" variant="light">
            {failure}
          </Alert>
          <Anchor component={Link} to={loginPath}>
            Sign in
          </Anchor>
        </Stack>
      ) : (
        <PageLoader label="Signing you in" />
      )}
    </PublicFrame>
  );
}
