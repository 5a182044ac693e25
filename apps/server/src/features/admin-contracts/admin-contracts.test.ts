import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContractList } from '@portal/domain/commerce/member-purchase-orders.ts';
import type { StaffContractList } from '@portal/domain/packages/admin-contracts.ts';
import { staffPackageMessages } from '@portal/domain/packages/admin-rules.ts';
import { insertPackage, staffOnlyPackageSpec } from '../../db/seed/demo-packages.ts';
import { contracts } from '../../db/schema/contracts.ts';
import { schoolYears } from '../../db/schema/lookups.ts';
import { packageRequests } from '../../db/schema/packages.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { multipartBody, tinyPdf } from '../../test/multipart.ts';

const t = useTestApp();
let staff: Caller;
let owner: Caller;
let organizationId: string;
let acceptedId: string;
let submittedId: string;

beforeAll(async () => {
  const [year] = await t.deps.db.select().from(schoolYears).where(eq(schoolYears.name, '2026-2027'));
  if (!year) throw new Error('school year missing');
  staff = (await signedInUser(t, 'STAFF')).caller;
  const member = await signedInUser(t);
  owner = member.caller;
  organizationId = (await createOrganization(t.deps.db)).id;
  await addMembership(t.deps.db, organizationId, member.user.id, 'OWNER');
  const accepted = await insertPackage(t.deps.db, year.id, staffOnlyPackageSpec('Accepted Days', 1));
  const submitted = await insertPackage(t.deps.db, year.id, staffOnlyPackageSpec('Submitted Days', 2));
  const [a] = await t.deps.db
    .insert(packageRequests)
    .values({ packageId: accepted, organizationId, status: 'ACCEPTED' })
    .returning();
  const [s] = await t.deps.db
    .insert(packageRequests)
    .values({ packageId: submitted, organizationId, status: 'SUBMITTED' })
    .returning();
  acceptedId = a?.id ?? '';
  submittedId = s?.id ?? '';
});

const contractsUrl = () => `/api/admin/organizations/${organizationId}/contracts`;
const upload = (contractId: string, bytes: Buffer, caller = staff) => {
  const { body, headers } = multipartBody({}, { name: 'signed.pdf', bytes });
  return call(t.app, 'PUT', `/api/admin/contracts/${contractId}/signed-pdf`, { caller, body, headers });
};

describe('staff contracts', () => {
  it('records a contract for an accepted request, uploads its signed PDF, and the owner picks it on the package purchase order form', async () => {
    const empty = (await call(t.app, 'GET', contractsUrl(), { caller: staff })).json<StaffContractList>();
    expect(empty).toEqual({
      organization: { id: organizationId, name: expect.any(String) as string },
      contracts: [],
      acceptedRequests: [{ id: acceptedId, packageName: 'Accepted Days' }],
    });

    const created = await call(t.app, 'POST', contractsUrl(), {
      caller: staff,
      body: { packageRequestId: acceptedId, total: 1_250_000 },
    });
    expect(created.statusCode).toBe(201);
    const contract = created.json<StaffContractList>().contracts[0];
    expect(contract).toMatchObject({
      packageName: 'Accepted Days',
      packageRequestId: acceptedId,
      total: 1_250_000,
      hasSignedPdf: false,
      purchaseOrderStatus: null,
    });

    // Unsigned, it is not offered to the organization: only a signed contract is paid.
    const unsigned = await call(
      t.app,
      'GET',
      `/api/package-purchase-orders/contracts?organizationId=${organizationId}`,
      {
        caller: owner,
      },
    );
    expect(unsigned.json<ContractList>().contracts).toEqual([]);

    // One contract per request: a second is refused, and the request is no longer offered for one.
    expect(created.json<StaffContractList>().acceptedRequests).toEqual([]);
    const second = await call(t.app, 'POST', contractsUrl(), {
      caller: staff,
      body: { packageRequestId: acceptedId, total: 100 },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(staffPackageMessages.contractExists);
    expect(await t.deps.db.select().from(contracts).where(eq(contracts.packageRequestId, acceptedId))).toHaveLength(1);

    const uploaded = await upload(contract?.id ?? '', tinyPdf);
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json<StaffContractList>().contracts[0]?.hasSignedPdf).toBe(true);

    const download = await call(t.app, 'GET', `/api/admin/contracts/${contract?.id ?? ''}/signed-pdf`, {
      caller: staff,
    });
    expect(download.headers['content-disposition']).toBe('attachment; filename="signed-contract.pdf"');
    expect(download.rawPayload.equals(tinyPdf)).toBe(true);

    const members = (
      await call(t.app, 'GET', `/api/package-purchase-orders/contracts?organizationId=${organizationId}`, {
        caller: owner,
      })
    ).json<ContractList>();
    expect(members.contracts).toEqual([
      {
        id: contract?.id,
        packageName: 'Accepted Days',
        signedUrl: expect.stringContaining(contract?.id ?? '') as string,
        total: 1_250_000,
      },
    ]);
  });

  it('refuses a request that is not accepted and a bad total (400), writing nothing', async () => {
    const before = await t.deps.db.select().from(contracts).where(eq(contracts.organizationId, organizationId));
    const notAccepted = await call(t.app, 'POST', contractsUrl(), {
      caller: staff,
      body: { packageRequestId: submittedId, total: 100 },
    });
    expect(notAccepted.statusCode).toBe(400);
    expect(notAccepted.json().errors).toEqual({ packageRequestId: staffPackageMessages.contractRequestNotAccepted });
    expect(
      (await call(t.app, 'POST', contractsUrl(), { caller: staff, body: { packageRequestId: acceptedId, total: 0 } }))
        .statusCode,
    ).toBe(400);
    expect(await t.deps.db.select().from(contracts).where(eq(contracts.organizationId, organizationId))).toHaveLength(
      before.length,
    );
  });

  it('refuses a file that is not a PDF by its content (400) and an unknown contract (404)', async () => {
    const [contract] = await t.deps.db
      .insert(contracts)
      .values({ organizationId, packageName: 'Accepted Days', totalCents: 100 })
      .returning();
    const renamed = await upload(contract?.id ?? '', Buffer.from('<html>not a pdf</html>'));
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual({ file: staffPackageMessages.fileRequired });
    expect((await upload('00000000-0000-4000-8000-000000000000', tinyPdf)).statusCode).toBe(404);
    expect(
      (
        await call(t.app, 'GET', '/api/admin/contracts/00000000-0000-4000-8000-000000000000/signed-pdf', {
          caller: staff,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses members (403) and answers 404 for an unknown organization', async () => {
    expect((await call(t.app, 'GET', contractsUrl(), { caller: owner })).statusCode).toBe(403);
    expect(
      (await call(t.app, 'POST', contractsUrl(), { caller: owner, body: { packageRequestId: acceptedId, total: 100 } }))
        .statusCode,
    ).toBe(403);
    const [contract] = await t.deps.db
      .insert(contracts)
      .values({ organizationId, packageName: 'Accepted Days', totalCents: 100 })
      .returning();
    expect((await upload(contract?.id ?? '', tinyPdf, owner)).statusCode).toBe(403);
    expect(
      (
        await call(t.app, 'GET', '/api/admin/organizations/00000000-0000-4000-8000-000000000000/contracts', {
          caller: staff,
        })
      ).statusCode,
    ).toBe(404);
  });
});
