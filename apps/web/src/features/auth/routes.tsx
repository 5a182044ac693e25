import { membersIndexRedirect, signedOutOnly } from '../../lib/guards.ts';
import { type FeatureRouteFactory, redirectTo } from '../../lib/routes.ts';

/** Sign-in, password reset and the sign-in link landing (/members?token=…). */
export const authRoutes: FeatureRouteFactory = (queryClient) => ({
  public: [
    {
      path: 'auth',
      children: [
        { index: true, ...redirectTo('/auth/login') },
        {
          path: 'login',
          loader: signedOutOnly(queryClient),
          lazy: () => import('./pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
        },
        {
          path: 'forgot-password',
          lazy: () => import('./pages/forgot-password-page.tsx').then((m) => ({ Component: m.ForgotPasswordPage })),
        },
        {
          path: 'reset-password',
          lazy: () =>
            import('./pages/reset-password-page.tsx').then((m) => ({
              Component: m.ResetPasswordPage,
              loader: m.resetPasswordLoader(queryClient),
            })),
        },
      ],
    },
  ],
  membersOpen: [
    {
      index: true,
      loader: membersIndexRedirect,
      lazy: () => import('./pages/token-landing-page.tsx').then((m) => ({ Component: m.TokenLandingPage })),
    },
  ],
});
