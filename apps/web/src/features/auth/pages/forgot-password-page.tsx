import { PublicFrame } from '../../../ui/public-frame.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';

/** /auth/forgot-password: asks for a reset link by email. */
export function ForgotPasswordPage() {
  return (
    <PublicFrame title="Forgot password">
      <ForgotPasswordForm />
    </PublicFrame>
  );
}
