import { z } from 'zod';
import { organizationRoles, providerRoles } from './roles.ts';

export const passwordMinLength = 10;

export const authMessages = {
  emailRequired: 'Email required',
  emailInvalid: 'Invalid email',
  passwordRequired: 'Password required',
  passwordTooShort: `Password must be at least ${passwordMinLength} characters`,
  passwordsDiffer: 'Passwords do not match',
  badCredentials: 'The email or password is incorrect.',
  tokenInvalid: 'This sign-in link is invalid or has expired.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  resetSent: 'If an account exists for that email, we have sent a link to reset its password.',
  passwordChanged: 'Your password has been changed. Please sign in.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, authMessages.emailRequired)
  .pipe(z.email(authMessages.emailInvalid));

export const loginRequest = z.object({
  email,
  password: z.string().min(1, authMessages.passwordRequired),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenLoginRequest = z.object({ token: z.string().min(1).max(200) });

export const forgotPasswordRequest = z.object({ email });

export const newPassword = z
  .string()
  .min(1, authMessages.passwordRequired)
  .min(passwordMinLength, authMessages.passwordTooShort)
  .max(200);

/** A new password typed twice, as the reset and invitation forms ask for it; only `password` is sent. */
export const newPasswordTwice = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: authMessages.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type NewPasswordTwice = z.infer<typeof newPasswordTwice>;

export const resetPasswordRequest = z.object({
  token: z.string().min(1).max(200),
  password: newPassword,
});

/** The signed-in user as every screen sees it. */
export const currentUser = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(providerRoles),
  contentAccess: z.object({ toolKitAccess: z.boolean(), schoolLeaderAccess: z.boolean() }),
  impersonator: z.object({ id: z.string(), name: z.string() }).nullable(),
  memberships: z.array(
    z.object({
      organizationId: z.string(),
      organizationName: z.string(),
      role: z.enum(organizationRoles),
    }),
  ),
  /** The provider's IANA time zone (config TIME_ZONE): every date-time on screen is read in it. */
  providerTimeZone: z.string(),
});
export type CurrentUser = z.infer<typeof currentUser>;
