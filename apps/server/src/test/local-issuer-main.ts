import { startLocalIssuer } from './oidc-issuer.ts';

/**
 * The local OpenID provider as its own process, for the journeys (e2e/playwright.config.ts starts it):
 * one client, the portal under test.
 */
const port = Number(process.env.LOCAL_ISSUER_PORT ?? 3900);
const issuer = await startLocalIssuer(
  [
    {
      clientId: process.env.LOCAL_ISSUER_CLIENT_ID ?? 'portal-e2e',
      clientSecret: process.env.LOCAL_ISSUER_CLIENT_SECRET ?? 'portal-e2e-secret',
      redirectUri: process.env.LOCAL_ISSUER_REDIRECT_URI ?? 'http://127.0.0.1:3100/api/auth/school/callback',
    },
  ],
  port,
);
console.log(`local OpenID provider at ${issuer.url}`);
const stop = () => void issuer.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
