import { AuthFrame } from '../components/auth-frame.tsx';
import { ForgotPasswordForm } from '../components/forgot-password-form.tsx';

/** /auth/forgot-password: asks for a reset link by email. */
export function ForgotPasswordPage() {
  return (
    <AuthFrame title="Forgot password">
      <ForgotPasswordForm />
    </AuthFrame>
  );
}
