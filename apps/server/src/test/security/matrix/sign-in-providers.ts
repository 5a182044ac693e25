import { randomUUID } from 'node:crypto';
import { signInProviders } from '../../../db/schema/school-sign-in.ts';
import type { World } from '../fixtures.ts';
import { staffOnly, type Rows } from './rows.ts';

const providerBody = () => ({
  name: 'Matrix Workspace',
  issuerUrl: 'https://issuer.matrix.test',
  clientId: 'matrix',
  enabled: true,
  // A domain per cell: one provider serves a domain, and each cell adds or edits its own.
  domains: [{ domain: `matrix-${randomUUID().slice(0, 8)}.test`, required: false }],
});

async function freshProvider(w: World) {
  const [provider] = await w.t.deps.db
    .insert(signInProviders)
    .values({ name: 'Matrix', issuerUrl: 'https://issuer.matrix.test', clientId: 'matrix' })
    .returning({ id: signInProviders.id });
  return provider!.id;
}

/** The schools' own sign-in providers (issue 40): staff in their own session only. */
export const signInProviderRows: Rows = {
  'GET /api/admin/sign-in-providers': {
    expect: staffOnly(200),
    mayShowAnything: true,
    why: 'Staff read every provider; the list holds no secret and no person.',
  },
  'POST /api/admin/sign-in-providers': {
    input: () => ({ body: providerBody() }),
    expect: staffOnly(201),
  },
  'PUT /api/admin/sign-in-providers/:id': {
    input: async (w) => ({ params: { id: await freshProvider(w) }, body: providerBody() }),
    expect: staffOnly(200),
  },
};
