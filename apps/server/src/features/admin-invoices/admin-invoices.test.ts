import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EventPaymentPage } from '@portal/domain/commerce/payments.ts';
import { invoiceNumberLabel, type ReceivablesPage, type StatementReply } from '@portal/domain/commerce/invoices.ts';
import { invoicePayments, invoiceReminders, invoices } from '../../db/schema/invoices.ts';
import { billingContacts, districts, organizations } from '../../db/schema/organizations.ts';
import { mailMessages } from '../../db/schema/platform.ts';
import { eventPaymentReceipts } from '../../db/schema/receipts.ts';
import { invoiceMailJob, invoiceMailJobHandler } from '../../core/invoices.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import {
  createConferenceDay,
  createPayment,
  createPurchaseOrder,
  signedInUser,
} from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { school } from '../../test/school.ts';
import { sendInvoiceReminders } from './reminders.ts';

const t = useTestApp();
const day = 86_400_000;

/** A school whose ADMIN sent a purchase order for 3 seats ($447.00), approved by staff: its invoice issued. */
async function invoicedSchool(options: { termsDays?: number } = {}) {
  const staff = await signedInUser(t, 'STAFF');
  const people = await school(t);
  const { organization } = people;
  const [district] = await t.deps.db
    .insert(districts)
    .values({ name: `District ${randomUUID().slice(0, 8)}` })
    .returning();
  await t.deps.db
    .update(organizations)
    .set({ districtId: district?.id, billingAddressLine1: '12 Ledger Lane', billingCity: 'Springfield' })
    .where(eq(organizations.id, organization.id));
  const billingEmail = `bursar-${randomUUID().slice(0, 8)}@school.test`;
  await t.deps.db
    .insert(billingContacts)
    .values({ organizationId: organization.id, firstName: 'Bea', lastName: 'Bursar', email: billingEmail });
  if (options.termsDays !== undefined) {
    const terms = await call(t.app, 'PUT', `/api/admin/invoices/terms/${organization.id}`, {
      caller: staff.caller,
      body: { paymentTermsDays: options.termsDays },
    });
    expect(terms.statusCode).toBe(200);
  }
  const { payment, purchaseOrder, invoice } = await invoicedOrder(staff, people);
  return { ...people, staff, payment, purchaseOrder, invoice, billingEmail, district };
}

/** Another purchase order of the school's ADMIN for `seats` seats at $149.00, approved by staff: its invoice. */
async function invoicedOrder(staff: { caller: Caller }, people: Awaited<ReturnType<typeof school>>, seats = 3) {
  const { organization, admin } = people;
  const conference = await createConferenceDay(t.deps.db, 100);
  const payment = await createPayment(t.deps.db, {
    userId: admin.user.id,
    organizationId: organization.id,
    status: 'AWAITING_PO',
    lines: [
      {
        eventId: conference.event.id,
        ticketTypeId: conference.ticketType.id,
        sectionId: conference.section.id,
        numberOfTickets: seats,
      },
    ],
  });
  const purchaseOrder = await createPurchaseOrder(t.deps.db, t.deps.storage, {
    paymentId: payment.id,
    userId: admin.user.id,
    organizationId: organization.id,
    number: `PO-${randomUUID().slice(0, 6)}`,
    submittedTotalCents: seats * 14_900,
    pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  const approved = await call(t.app, 'POST', `/api/admin/purchase-orders/${purchaseOrder.id}/approve`, {
    caller: staff.caller,
  });
  expect(approved.statusCode).toBe(200);
  const [invoice] = await t.deps.db.select().from(invoices).where(eq(invoices.purchaseOrderId, purchaseOrder.id));
  if (!invoice) throw new Error('no invoice was issued');
  return { payment, purchaseOrder, invoice };
}

function pay(caller: Caller, invoiceId: string, amountCents: number, key = randomUUID(), extra: object = {}) {
  return call(t.app, 'POST', `/api/admin/invoices/${invoiceId}/payments`, {
    caller,
    headers: { 'idempotency-key': key },
    body: { method: 'CHECK', reference: 'Check 1042', receivedOn: '2026-11-30', amountCents, ...extra },
  });
}

const receiptOf = async (paymentId: string) =>
  (await t.deps.db.select().from(eventPaymentReceipts).where(eq(eventPaymentReceipts.paymentId, paymentId)))[0];

describe('an approved purchase order is invoiced', () => {
  it('numbers the invoice, takes Net 30, mails the billing contact the PDF, and holds the receipt back', async () => {
    const { invoice, payment, billingEmail, purchaseOrder } = await invoicedSchool();
    expect(invoice.totalCents).toBe(44_700);
    expect(invoice.termsDays).toBe(30);
    expect(invoice.issuedOn).toBe('2026-11-22');
    expect(invoice.dueOn).toBe('2026-12-22');
    expect(invoice.billingEmail).toBe(billingEmail);
    expect(await receiptOf(payment.id)).toBeUndefined();
    await runDueJobs(t.deps.db, { [invoiceMailJob]: invoiceMailJobHandler(t.deps) });
    const [mail] = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, billingEmail));
    expect(mail?.subject).toBe(`Invoice ${invoiceNumberLabel(invoice.number)}`);
    const attachment = mail?.attachments?.[0];
    const text = await pdfText(Buffer.from(attachment?.content ?? '', 'base64'));
    expect(text).toContain(`Invoice number: ${invoiceNumberLabel(invoice.number)}`);
    expect(text).toContain('Due date: 12/22/2026');
    expect(text).toContain(`Purchase order: ${purchaseOrder.number}`);
    expect(text).toContain(t.deps.config.seller.legalName);
    expect(text).toMatch(/Amount due\s*\$447\.00/);
    const [approval] = await t.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.subject, `Purchase order ${purchaseOrder.number} approved`));
    expect(approval?.text).toContain(
      `Your purchase order ${purchaseOrder.number} was approved. Invoice ${invoiceNumberLabel(invoice.number)} for $447.00 is attached to the mail sent to ${billingEmail}.\n$447.00 is due by 12/22/2026. Your receipt follows once it is paid.`,
    );
    expect(approval?.text).not.toContain('complete');
  });

  it("Manage Events names the order's invoice for the organization's owner and admins, who may download it", async () => {
    const { invoice, payment, owner, admin, organization } = await invoicedSchool();
    for (const caller of [owner.caller, admin.caller]) {
      const listed = await call(t.app, 'GET', '/api/event-payments', { caller });
      const row = listed.json<EventPaymentPage>().items.find((item) => item.id === payment.id);
      expect(row?.invoice).toEqual({ id: invoice.id, number: invoice.number, organizationId: organization.id });
      expect(row?.mayWithdraw).toBe(false);
    }
  });

  it("takes the organization's own terms, and invoice numbers follow one another without gaps", async () => {
    const first = await invoicedSchool({ termsDays: 45 });
    const second = await invoicedSchool();
    expect(first.invoice.termsDays).toBe(45);
    expect(first.invoice.dueOn).toBe('2027-01-06');
    expect(second.invoice.number).toBe(first.invoice.number + 1);
  });
});

describe('POST /api/admin/invoices/:id/payments', () => {
  it('a part payment leaves it open; the rest pays it and the receipt follows; a replay records nothing twice', async () => {
    const { staff, invoice, payment } = await invoicedSchool();
    const part = await pay(staff.caller, invoice.id, 20_000);
    expect(part.statusCode).toBe(201);
    expect(part.json().invoice).toMatchObject({ paidCents: 20_000, openCents: 24_700, status: 'OPEN' });
    expect(await receiptOf(payment.id)).toBeUndefined();
    const key = randomUUID();
    const rest = await pay(staff.caller, invoice.id, 24_700, key);
    expect(rest.statusCode).toBe(201);
    expect(rest.json().invoice).toMatchObject({ paidCents: 44_700, openCents: 0, status: 'PAID' });
    const replay = await pay(staff.caller, invoice.id, 24_700, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().payment.id).toBe(rest.json().payment.id);
    const rows = await t.deps.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id));
    expect(rows).toHaveLength(2);
    const receipt = await receiptOf(payment.id);
    expect(receipt?.number).toBeGreaterThan(0);
    expect(rest.json().invoice.receiptNumber).toBe(receipt?.number);
    const another = await pay(staff.caller, invoice.id, 100, key);
    expect(another.statusCode).toBe(422);
  });

  it('an overpayment pays the invoice and the rest is credit on the account', async () => {
    const { staff, invoice, owner, organization } = await invoicedSchool();
    const paid = await pay(staff.caller, invoice.id, 50_000);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().payment).toMatchObject({ appliedCents: 44_700, creditCents: 5_300 });
    const statement = await call(t.app, 'GET', `/api/statements/${organization.id}`, { caller: owner.caller });
    expect(statement.json().totals).toMatchObject({
      invoicedCents: 44_700,
      appliedCents: 44_700,
      creditCents: 5_300,
      balanceCents: -5_300,
      openInvoiceCount: 0,
    });
  });

  it('refuses zero, negative and malformed amounts, an unknown invoice, no key, and anyone but staff', async () => {
    const { staff, invoice, owner } = await invoicedSchool();
    expect((await pay(staff.caller, invoice.id, 0)).statusCode).toBe(400);
    expect((await pay(staff.caller, invoice.id, -100)).statusCode).toBe(400);
    expect((await pay(staff.caller, invoice.id, 12.5)).statusCode).toBe(400);
    expect((await pay(staff.caller, invoice.id, 100, randomUUID(), { method: 'CASH' })).statusCode).toBe(400);
    expect((await pay(staff.caller, invoice.id, 100, randomUUID(), { reference: ' ' })).statusCode).toBe(400);
    expect((await pay(staff.caller, invoice.id, 100, randomUUID(), { receivedOn: '11/30/2026' })).statusCode).toBe(400);
    const unknown = await pay(staff.caller, randomUUID(), 100);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('No such invoice.');
    const unkeyed = await call(t.app, 'POST', `/api/admin/invoices/${invoice.id}/payments`, {
      caller: staff.caller,
      body: { method: 'CHECK', reference: 'x', receivedOn: '2026-11-30', amountCents: 100 },
    });
    expect(unkeyed.statusCode).toBe(400);
    expect((await pay(owner.caller, invoice.id, 100)).statusCode).toBe(403);
    const rows = await t.deps.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoice.id));
    expect(rows).toHaveLength(0);
  });
});

describe("an overpayment's credit pays the organization's next invoices", () => {
  const statementOf = async (caller: Caller, organizationId: string) =>
    (await call(t.app, 'GET', `/api/statements/${organizationId}`, { caller })).json<StatementReply>();

  it('takes what it can of the next invoice, shows it on the invoice, the statement and the mails, and the balance stays the sum', async () => {
    const first = await invoicedSchool();
    const { staff, owner, admin, organization, billingEmail } = first;
    expect(
      (await pay(staff.caller, first.invoice.id, 50_000, randomUUID(), { receivedOn: '2026-11-22' })).statusCode,
    ).toBe(201);
    const second = await invoicedOrder(staff, first, 1);
    expect(second.invoice).toMatchObject({ totalCents: 14_900, paidCents: 5_300, paidAt: null });

    const statement = await statementOf(owner.caller, organization.id);
    expect(statement.totals).toEqual({
      invoicedCents: 59_600,
      appliedCents: 50_000,
      creditCents: 0,
      balanceCents: 9_600,
      openInvoiceCount: 1,
    });
    expect(statement.invoices.items.find((row) => row.id === second.invoice.id)).toMatchObject({
      creditAppliedCents: 5_300,
      openCents: 9_600,
      status: 'OPEN',
    });
    expect(statement.credits).toEqual([
      expect.objectContaining({
        invoiceId: second.invoice.id,
        invoiceNumber: second.invoice.number,
        sourceInvoiceNumber: first.invoice.number,
        amountCents: 5_300,
      }),
    ]);

    const invoicePdf = await call(
      t.app,
      'GET',
      `/api/statements/${organization.id}/invoices/${second.invoice.id}/file`,
      { caller: owner.caller },
    );
    const invoiceText = await pdfText(invoicePdf.rawPayload);
    expect(invoiceText).toMatch(new RegExp(`Credit from ${invoiceNumberLabel(first.invoice.number)}\\s*-\\$53\\.00`));
    expect(invoiceText).not.toMatch(/Paid\s*-/);
    expect(invoiceText).toMatch(/Amount due\s*\$96\.00/);

    const csv = await call(t.app, 'GET', `/api/statements/${organization.id}/file?format=csv`, {
      caller: admin.caller,
    });
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe(
      `2026-11-22,Credit applied,Credit from ${invoiceNumberLabel(first.invoice.number)} applied to ${invoiceNumberLabel(second.invoice.number)}: $53.00,0.00,0.00,96.00`,
    );
    const statementPdf = await call(t.app, 'GET', `/api/statements/${organization.id}/file?format=pdf`, {
      caller: owner.caller,
    });
    const statementText = await pdfText(statementPdf.rawPayload);
    expect(statementText).toContain(`applied to ${invoiceNumberLabel(second.invoice.number)}: $53.00`);
    expect(statementText).toContain('Balance due: $96.00');

    await runDueJobs(t.deps.db, { [invoiceMailJob]: invoiceMailJobHandler(t.deps) });
    const mails = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, billingEmail));
    const invoiceMail = mails.find((mail) => mail.subject === `Invoice ${invoiceNumberLabel(second.invoice.number)}`);
    expect(invoiceMail?.text).toContain(
      "the organization's credit paid $53.00 of it; $96.00 is owed, Net 30, due on 12/22/2026.",
    );
    const [approval] = await t.deps.db
      .select()
      .from(mailMessages)
      .where(
        and(
          eq(mailMessages.to, first.admin.user.email),
          eq(mailMessages.subject, `Purchase order ${second.purchaseOrder.number} approved`),
        ),
      );
    expect(approval?.text).toContain(
      `Invoice ${invoiceNumberLabel(second.invoice.number)} for $149.00 is attached to the mail sent to ${billingEmail}. Your organization's credit of $53.00 was applied to it.`,
    );
    expect(approval?.text).toContain('$96.00 is due by 12/22/2026. Your receipt follows once it is paid.');
    expect(approval?.text).not.toContain('is complete');
  });

  it('pays an invoice in full and issues its receipt, then the oldest credit first, and none is left for the last', async () => {
    const first = await invoicedSchool();
    const { staff, owner, organization } = first;
    expect(
      (await pay(staff.caller, first.invoice.id, 80_000, randomUUID(), { receivedOn: '2026-11-21' })).statusCode,
    ).toBe(201);
    const covered = await invoicedOrder(staff, first, 1);
    expect(covered.invoice).toMatchObject({ totalCents: 14_900, paidCents: 14_900 });
    expect(covered.invoice.paidAt).not.toBeNull();
    expect((await receiptOf(covered.payment.id))?.number).toBeGreaterThan(0);
    const [approval] = await t.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.subject, `Purchase order ${covered.purchaseOrder.number} approved`));
    expect(approval?.text).toContain(
      `Invoice ${invoiceNumberLabel(covered.invoice.number)} for $149.00 was paid in full from your organization's credit, so your payment is complete.`,
    );
    // A payment of an invoice already paid is credit too, younger than what is left of the first.
    expect(
      (await pay(staff.caller, covered.invoice.id, 5_000, randomUUID(), { receivedOn: '2026-11-22' })).statusCode,
    ).toBe(201);
    const third = await invoicedOrder(staff, first, 3);
    expect(third.invoice).toMatchObject({ totalCents: 44_700, paidCents: 25_400, paidAt: null });
    const last = await invoicedOrder(staff, first, 1);
    expect(last.invoice).toMatchObject({ paidCents: 0 });

    const statement = await statementOf(owner.caller, organization.id);
    expect(
      statement.credits
        .filter((credit) => credit.invoiceId === third.invoice.id)
        .map((credit) => [credit.sourceInvoiceNumber, credit.amountCents]),
    ).toEqual([
      [first.invoice.number, 20_400],
      [covered.invoice.number, 5_000],
    ]);
    expect(statement.totals).toEqual({
      invoicedCents: 119_200,
      appliedCents: 85_000,
      creditCents: 0,
      balanceCents: 34_200,
      openInvoiceCount: 2,
    });
  });

  it("never takes another organization's credit", async () => {
    const credited = await invoicedSchool();
    expect((await pay(credited.staff.caller, credited.invoice.id, 50_000)).statusCode).toBe(201);
    const other = await invoicedSchool();
    expect(other.invoice.paidCents).toBe(0);
    expect((await statementOf(credited.owner.caller, credited.organization.id)).totals.creditCents).toBe(5_300);
  });
});

describe('statements', () => {
  it('its owner and admins read it and download it as PDF and CSV; a member and a stranger do not', async () => {
    const { staff, invoice, owner, admin, member, organization } = await invoicedSchool();
    await pay(staff.caller, invoice.id, 10_000);
    const stranger = await signedInUser(t);
    for (const caller of [owner.caller, admin.caller]) {
      const read = await call(t.app, 'GET', `/api/statements/${organization.id}`, { caller });
      expect(read.statusCode).toBe(200);
      expect(read.json().invoices.items[0]).toMatchObject({ number: invoice.number, openCents: 34_700 });
      expect(read.json().payments).toHaveLength(1);
    }
    for (const caller of [member.caller, stranger.caller]) {
      expect((await call(t.app, 'GET', `/api/statements/${organization.id}`, { caller })).statusCode).toBe(404);
      const file = await call(t.app, 'GET', `/api/statements/${organization.id}/invoices/${invoice.id}/file`, {
        caller,
      });
      expect(file.statusCode).toBe(404);
    }
    const pdf = await call(t.app, 'GET', `/api/statements/${organization.id}/file?format=pdf`, {
      caller: owner.caller,
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Statement of account');
    expect(text).toContain(invoiceNumberLabel(invoice.number));
    expect(text).toContain('Balance due: $347.00');
    const csv = await call(t.app, 'GET', `/api/statements/${organization.id}/file?format=csv`, {
      caller: admin.caller,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Date,Type,Description,Charges,Payments,Balance');
    expect(lines[1]).toContain('447.00');
    expect(lines[2]).toMatch(/Check Check 1042 for I-\d{6}.*,100\.00,347\.00$/);
    const invoicePdf = await call(t.app, 'GET', `/api/statements/${organization.id}/invoices/${invoice.id}/file`, {
      caller: owner.caller,
    });
    expect(invoicePdf.statusCode).toBe(200);
    expect(await pdfText(invoicePdf.rawPayload)).toMatch(/Amount due\s*\$347\.00/);
  });

  it("another organization's invoice is not found through this one's statement", async () => {
    const first = await invoicedSchool();
    const second = await invoicedSchool();
    const crossed = await call(
      t.app,
      'GET',
      `/api/statements/${first.organization.id}/invoices/${second.invoice.id}/file`,
      { caller: first.owner.caller },
    );
    expect(crossed.statusCode).toBe(404);
  });
});

describe('receivables ageing', () => {
  it('ages open amounts by days past due, by organization and by district, and exports them', async () => {
    const { staff, invoice, organization, district } = await invoicedSchool();
    await t.deps.db.update(invoices).set({ dueOn: '2026-10-01' }).where(eq(invoices.id, invoice.id));
    const byOrganization = await call(t.app, 'GET', '/api/admin/invoices/receivables?pageSize=100', {
      caller: staff.caller,
    });
    expect(byOrganization.statusCode).toBe(200);
    const row = byOrganization.json<ReceivablesPage>().items.find((item) => item.id === organization.id);
    expect(row).toMatchObject({ days31To60Cents: 44_700, currentCents: 0, totalCents: 44_700 });
    const byDistrict = await call(t.app, 'GET', '/api/admin/invoices/receivables?groupBy=district&pageSize=100', {
      caller: staff.caller,
    });
    expect(byDistrict.statusCode, byDistrict.body).toBe(200);
    const districtRow = byDistrict.json<ReceivablesPage>().items.find((item) => item.id === district?.id);
    expect(districtRow).toMatchObject({ days31To60Cents: 44_700 });
    const csv = await call(t.app, 'GET', '/api/admin/invoices/receivables/export?format=csv&groupBy=district', {
      caller: staff.caller,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split(/\r?\n/)[0]).toBe(
      'District,Current,1–30 days,31–60 days,61–90 days,Over 90 days,Total,As of',
    );
    expect(csv.body).toContain(`${district?.name},0.00,0.00,447.00,0.00,0.00,447.00,2026-11-22`);
    const bad = await call(t.app, 'GET', '/api/admin/invoices/receivables?groupBy=state', { caller: staff.caller });
    expect(bad.statusCode).toBe(400);
  });
});

describe('payment terms', () => {
  it('refuses terms out of range, an unknown organization and anyone but staff', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const { organization, owner } = await school(t);
    const put = (caller: Caller, id: string, paymentTermsDays: unknown) =>
      call(t.app, 'PUT', `/api/admin/invoices/terms/${id}`, { caller, body: { paymentTermsDays } });
    expect((await put(staff.caller, organization.id, -1)).statusCode).toBe(400);
    expect((await put(staff.caller, organization.id, 121)).statusCode).toBe(400);
    expect((await put(staff.caller, organization.id, 'thirty')).statusCode).toBe(400);
    expect((await put(staff.caller, randomUUID(), 15)).statusCode).toBe(404);
    expect((await put(owner.caller, organization.id, 15)).statusCode).toBe(403);
    const read = await call(t.app, 'GET', `/api/admin/invoices/terms/${organization.id}`, { caller: staff.caller });
    expect(read.json()).toEqual({ paymentTermsDays: 30 });
  });
});

describe('reminders of overdue invoices', () => {
  it('mails once per invoice and occasion, even when two sweeps run at once', async () => {
    const { invoice, billingEmail } = await invoicedSchool();
    const clock = { ...t.deps, clock: () => new Date(Date.parse('2026-12-29T15:00:00Z')) };
    const [a, b] = await Promise.all([sendInvoiceReminders(clock), sendInvoiceReminders(clock)]);
    expect((a ?? 0) + (b ?? 0)).toBeGreaterThanOrEqual(1);
    await sendInvoiceReminders(clock);
    const reminded = await t.deps.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoice.id));
    expect(reminded.map((row) => row.daysOverdue)).toEqual([7]);
    const mails = await t.deps.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, billingEmail), like(mailMessages.subject, 'Reminder:%')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('7 days overdue');
    const later = { ...t.deps, clock: () => new Date(Date.parse('2026-12-22T15:00:00Z') + 31 * day) };
    await sendInvoiceReminders(later);
    const again = await t.deps.db.select().from(invoiceReminders).where(eq(invoiceReminders.invoiceId, invoice.id));
    expect(again.map((row) => row.daysOverdue).sort()).toEqual([30, 7]);
  });
});
