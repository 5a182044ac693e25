import { parseArgs } from 'node:util';
import { startLocalIssuer } from './oidc-issuer.ts';

/**
 * The local OpenID provider as its own process, for the journeys (e2e/playwright.config.ts starts it)
 * and for trying the school sign-in by hand (README): one client, the portal.
 *   node --import tsx apps/server/src/test/local-issuer-main.ts --port 3900 \
 *     --redirect-uri http://localhost:3000/api/auth/school/callback
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '3900' },
    'client-id': { type: 'string', default: 'portal-e2e' },
    'client-secret': { type: 'string', default: 'portal-e2e-secret' },
    'redirect-uri': { type: 'string', default: 'http://localhost:3000/api/auth/school/callback' },
  },
});
const issuer = await startLocalIssuer(
  [{ clientId: values['client-id'], clientSecret: values['client-secret'], redirectUri: values['redirect-uri'] }],
  Number(values.port),
);
console.log(`local OpenID provider at ${issuer.url}`);
const stop = () => void issuer.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
