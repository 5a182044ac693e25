import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { NewPasswordFields, useNewPasswordForm } from '../../../ui/new-password-fields.tsx';
import { useResetPassword } from '../api/reset-password.ts';

/** Sets a new password with the token of a mailed reset link; then back to sign in. */
export function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);

  const form = useNewPasswordForm();

  const submit = form.onSubmit(({ password }) => {
    setFailure(null);
    resetPassword.mutate(
      { token, password },
      {
        onSuccess: () => void navigate('/auth/login?reset=done', { replace: true }),
        onError: (error) => showSubmitError(form, error, setFailure),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? (
          <>
            <Alert color="red" variant="light">
              {failure}
            </Alert>
            <Anchor component={Link} to="/auth/forgot-password" size="sm">
              Ask for a new link
            </Anchor>
          </>
        ) : null}
        <NewPasswordFields form={form} />
        <Button type="submit" loading={resetPassword.isPending}>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
