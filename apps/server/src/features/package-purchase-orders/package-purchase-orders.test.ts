import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminPurchaseOrderPage } from '@portal/domain/commerce/purchase-orders.ts';
import { memberPurchaseOrderMessages } from '@portal/domain/commerce/member-purchase-orders.ts';
import { purchaseOrders } from '../../db/schema/commerce.ts';
import { contracts } from '../../db/schema/contracts.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { multipartBody, tinyPdf } from '../../test/multipart.ts';

const t = useTestApp();

/** A school with a signed contract, its owner, and a plain member. */
async function school() {
  const organization = await createOrganization(t.deps.db);
  const owner = await signedInUser(t, 'MEMBER', { firstName: 'Olive' });
  await addMembership(t.deps.db, organization.id, owner.user.id, 'OWNER');
  const member = await signedInUser(t);
  await addMembership(t.deps.db, organization.id, member.user.id, 'MEMBER');
  const signedPdfKey = `contracts/${randomUUID()}.pdf`;
  await t.deps.storage.put(signedPdfKey, tinyPdf, 'application/pdf');
  const [contract] = await t.deps.db
    .insert(contracts)
    .values({
      organizationId: organization.id,
      packageName: 'Literacy Partnership',
      signedPdfKey,
      totalCents: 1_250_000,
    })
    .returning();
  if (!contract) throw new Error('contract not created');
  return { organization, owner, member, contract };
}

const form = (organizationId: string, contractId: string, fields: Record<string, string> = {}) => ({
  organizationId,
  contractId,
  type: 'PACKAGE',
  filename: 'district po',
  contactEmail: 'purchasing@district.test',
  contactName: 'Pat Purchasing',
  contactPhone: '5551234567',
  number: 'PKG-1',
  total: '1250000',
  ...fields,
});

function submit(caller: Caller | undefined, fields: Record<string, string>, key: string = randomUUID()) {
  const { body, headers } = multipartBody(fields, { name: 'po.pdf', bytes: tinyPdf });
  return call(t.app, 'POST', '/api/package-purchase-orders', {
    caller,
    body,
    headers: { ...headers, 'idempotency-key': key },
  });
}

const ordersOf = (organizationId: string) =>
  t.deps.db.select().from(purchaseOrders).where(eq(purchaseOrders.organizationId, organizationId));

describe('GET /api/package-purchase-orders/contracts', () => {
  it("answers an owner the organization's contracts; a member is refused with the server's message (403); a bad id is 400", async () => {
    const { organization, owner, member, contract } = await school();
    const response = await call(
      t.app,
      'GET',
      `/api/package-purchase-orders/contracts?organizationId=${organization.id}`,
      { caller: owner.caller },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      contracts: [
        {
          id: contract.id,
          packageName: 'Literacy Partnership',
          signedUrl: `/api/package-purchase-orders/contracts/${contract.id}/signed-pdf?organizationId=${organization.id}`,
          total: 1_250_000,
        },
      ],
    });
    const pdf = await call(t.app, 'GET', response.json().contracts[0].signedUrl, { caller: owner.caller });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload).toEqual(tinyPdf);

    const refused = await call(
      t.app,
      'GET',
      `/api/package-purchase-orders/contracts?organizationId=${organization.id}`,
      { caller: member.caller },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(memberPurchaseOrderMessages.contractsForbidden);
    expect(
      (await call(t.app, 'GET', response.json().contracts[0].signedUrl, { caller: member.caller })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', '/api/package-purchase-orders/contracts?organizationId=42', { caller: owner.caller }))
        .statusCode,
    ).toBe(400);
  });
});

describe('POST /api/package-purchase-orders', () => {
  it("records the contract's total whatever was typed; a repeat makes no second one; a second key for the same contract is refused (409)", async () => {
    const { organization, owner, contract } = await school();
    const key = randomUUID();
    const first = await submit(owner.caller, form(organization.id, contract.id, { total: '100' }), key);
    expect(first.statusCode).toBe(201);
    expect((await submit(owner.caller, form(organization.id, contract.id, { total: '100' }), key)).json()).toEqual(
      first.json(),
    );
    const again = await submit(owner.caller, form(organization.id, contract.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(memberPurchaseOrderMessages.contractHasPurchaseOrder);
    const orders = await ordersOf(organization.id);
    expect(orders.map((o) => [o.type, o.paymentId, o.totalCents, o.submittedTotalCents])).toEqual([
      ['PACKAGE', null, 1_250_000, 100],
    ]);
  });

  it("refuses a member who does not manage the organization (403), another organization's contract (404), bad input (400) and signed-out callers (401)", async () => {
    const { organization, owner, member, contract } = await school();
    expect((await submit(member.caller, form(organization.id, contract.id))).statusCode).toBe(403);
    const other = await school();
    expect((await submit(owner.caller, form(organization.id, other.contract.id))).statusCode).toBe(404);
    const bad = await submit(owner.caller, form(organization.id, '', { total: '', contactPhone: '12' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      contractId: memberPurchaseOrderMessages.packageRequired,
      total: memberPurchaseOrderMessages.packageTotalRequired,
      contactPhone: 'Phone is invalid',
    });
    expect((await submit(undefined, form(organization.id, contract.id))).statusCode).toBe(401);
    expect(await ordersOf(organization.id)).toEqual([]);
  });

  it('appears in the staff review as a package purchase order and is approved there', async () => {
    const { organization, owner, contract } = await school();
    const sent = await submit(owner.caller, form(organization.id, contract.id));
    const staff = await signedInUser(t, 'STAFF');
    const list = await call(t.app, 'GET', `/api/admin/purchase-orders?search=${encodeURIComponent(owner.user.email)}`, {
      caller: staff.caller,
    });
    expect(list.json<AdminPurchaseOrderPage>().items).toEqual([
      expect.objectContaining({
        id: sent.json().purchaseOrderId,
        type: 'PACKAGE',
        paysFor: 'Literacy Partnership',
        paymentTotalCents: 1_250_000,
      }),
    ]);
    const approved = await call(t.app, 'POST', `/api/admin/purchase-orders/${sent.json().purchaseOrderId}/approve`, {
      caller: staff.caller,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('APPROVED');
  });
});
