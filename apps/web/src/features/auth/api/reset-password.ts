import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { authMessages, newPassword } from '@portal/domain/auth.ts';
import { api } from '../../../lib/api.ts';

/** The form asks for the new password twice; only `password` is sent, with the link's token. */
export const newPasswordForm = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: authMessages.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

/** POST /api/auth/reset-password: 204; 400 when the link is invalid, expired or already used. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (request: { token: string; password: string }) =>
      api.post<void>('/api/auth/reset-password', request),
  });
}
