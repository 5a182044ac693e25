import type { QueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { homePath } from '@portal/domain/navigation.ts';
import { currentUserQuery, useCurrentUser } from '../../../lib/current-user.ts';
import { PublicFrame } from '../../../ui/public-frame.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';
import { NewPasswordForm } from '../components/new-password-form.tsx';

/** Knowing who is signed in (if anyone) lets the link-request form start with their email. */
export const resetPasswordLoader = (queryClient: QueryClient) => async () => {
  await queryClient.ensureQueryData(currentUserQuery).catch(() => null);
  return null;
};

/**
 * /auth/reset-password?token=…: choose a new password. Without a token (the profile's "Reset
 * password" link) it asks for a reset link instead, prefilled with the signed-in user's email.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const user = useCurrentUser();

  return (
    <PublicFrame title="Reset password">
      {token ? (
        <NewPasswordForm token={token} />
      ) : (
        <ForgotPasswordForm
          initialEmail={user?.email ?? ''}
          {...(user ? { back: { to: homePath, label: 'Back to your profile' } } : {})}
        />
      )}
    </PublicFrame>
  );
}
