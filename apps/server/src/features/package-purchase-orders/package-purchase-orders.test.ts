import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminPurchaseOrderPage } from '@portal/domain/commerce/purchase-orders.ts';
import { memberPurchaseOrderMessages } from '@portal/domain/commerce/member-purchase-orders.ts';
import { quoteMessages } from '@portal/domain/commerce/quotes.ts';
import { idempotencyKeyReusedMessage } from '@portal/domain/problems/messages.ts';
import { buildApp, type App } from '../../app.ts';
import { purchaseOrders } from '../../db/schema/commerce.ts';
import { contracts } from '../../db/schema/contracts.ts';
import { issueQuote } from '../../core/quotes.ts';
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

function submit(
  caller: Caller | undefined,
  fields: Record<string, string>,
  key: string = randomUUID(),
  options: { app?: App; file?: Buffer } = {},
) {
  const { body, headers } = multipartBody(fields, { name: 'po.pdf', bytes: options.file ?? tinyPdf });
  return call(options.app ?? t.app, 'POST', '/api/package-purchase-orders', {
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

/** The quote a package request's review gives the organization, for `totalCents` (core/quotes.ts issueQuote). */
const packageQuote = (organizationId: string, userId: string, totalCents: number) =>
  issueQuote(
    t.deps,
    {
      organizationId,
      subject: 'PACKAGE_REQUEST',
      subjectId: randomUUID(),
      userId,
      lines: [
        { description: 'Literacy Partnership', quantity: 1, unitPriceCents: totalCents, amountCents: totalCents },
      ],
      couponCode: null,
      subtotalCents: totalCents,
      discountCents: 0,
      totalCents,
      seats: [],
    },
    t.clock(),
  );

describe('a package purchase order naming its quote', () => {
  it("is linked to the organization's quote, flagged for staff when its total differs; another's quote is refused on the field", async () => {
    const { organization, owner, contract } = await school();
    const other = await school();
    const quote = await packageQuote(organization.id, owner.user.id, 1_200_000);
    const othersQuote = await packageQuote(other.organization.id, other.owner.user.id, 1_250_000);
    const refused = await submit(owner.caller, form(organization.id, contract.id, { quoteNumber: othersQuote.number }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.quoteNumber).toBe(quoteMessages.otherOrganization);
    const malformed = await submit(owner.caller, form(organization.id, contract.id, { quoteNumber: 'PO-1' }));
    expect(malformed.statusCode).toBe(400);
    expect(await ordersOf(organization.id)).toHaveLength(0);

    const sent = await submit(owner.caller, form(organization.id, contract.id, { quoteNumber: quote.number }));
    expect(sent.statusCode).toBe(201);
    const same = await submit(
      other.owner.caller,
      form(other.organization.id, other.contract.id, { quoteNumber: othersQuote.number }),
    );
    expect(same.statusCode).toBe(201);
    const staff = await signedInUser(t, 'STAFF');
    const list = await call(t.app, 'GET', '/api/admin/purchase-orders?pageSize=100', { caller: staff.caller });
    const quoteOf = (id: string) => list.json<AdminPurchaseOrderPage>().items.find((item) => item.id === id)?.quote;
    expect(quoteOf(sent.json().purchaseOrderId)).toEqual(
      expect.objectContaining({ id: quote.quoteId, number: quote.number, totalCents: 1_200_000, differs: true }),
    );
    expect(quoteOf(same.json().purchaseOrderId)).toEqual(
      expect.objectContaining({ id: othersQuote.quoteId, differs: false }),
    );
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

  it('refuses the key of a purchase order sent with another number, total or file (422); the first stays the only one', async () => {
    const { organization, owner, contract } = await school();
    const key = randomUUID();
    const first = await submit(owner.caller, form(organization.id, contract.id), key);
    expect(first.statusCode).toBe(201);
    const anotherFile = Buffer.concat([tinyPdf, Buffer.from('\n% another scan\n')]);
    for (const [fields, file] of [
      [form(organization.id, contract.id, { number: 'PKG-2', total: '999' }), tinyPdf],
      [form(organization.id, contract.id), anotherFile],
    ] as const) {
      const reused = await submit(owner.caller, fields, key, { file });
      expect(reused.statusCode).toBe(422);
      expect(reused.json().detail).toBe(idempotencyKeyReusedMessage);
    }
    expect((await ordersOf(organization.id)).map((order) => [order.id, order.number])).toEqual([
      [first.json().purchaseOrderId, 'PKG-1'],
    ]);
  });

  it('a key retried after the server restarted mid-request answers the first result', async () => {
    const { organization, owner, contract } = await school();
    const fields = form(organization.id, contract.id);
    // Stopped mid-request, before its transaction committed: nothing of it is kept.
    const stopping = await buildApp({
      ...t.deps,
      storage: { ...t.deps.storage, put: () => Promise.reject(new Error('the server stopped')) },
    });
    const key = randomUUID();
    try {
      expect((await submit(owner.caller, fields, key, { app: stopping })).statusCode).toBe(500);
    } finally {
      await stopping.close();
    }
    expect(await ordersOf(organization.id)).toEqual([]);
    const first = await submit(owner.caller, fields, key);
    expect(first.statusCode).toBe(201);
    // Stopped after the commit, before the answer reached the browser: the retry, on a new server, gets that one.
    const restarted = await buildApp(t.deps);
    try {
      const retried = await submit(owner.caller, fields, key, { app: restarted });
      expect(retried.statusCode).toBe(201);
      expect(retried.json()).toEqual(first.json());
    } finally {
      await restarted.close();
    }
    expect(await ordersOf(organization.id)).toHaveLength(1);
  });

  it('refuses a contract whose signed PDF staff have not uploaded yet (409), writing nothing', async () => {
    const { organization, owner } = await school();
    const [unsigned] = await t.deps.db
      .insert(contracts)
      .values({ organizationId: organization.id, packageName: 'Unsigned Days', totalCents: 500_000 })
      .returning();
    const refused = await submit(owner.caller, form(organization.id, unsigned?.id ?? ''));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(memberPurchaseOrderMessages.contractNotSigned);
    expect(await ordersOf(organization.id)).toEqual([]);
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
