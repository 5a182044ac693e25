import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  receiptFileName,
  receiptMessages,
  receiptNumberLabel,
  receiptPaymentMethodLine,
  receiptStatusLine,
} from '@portal/domain/commerce/receipts.ts';
import { formatCents } from '@portal/domain/money.ts';
import { cancellationPolicyText } from '@portal/domain/commerce/refunds.ts';
import { formatMomentWithZone } from '@portal/domain/dates.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Executor } from '../db/client.ts';
import {
  coupons,
  eventPaymentItems,
  eventPayments,
  eventSections,
  events,
  purchaseOrders,
} from '../db/schema/commerce.ts';
import { legacyEventApplications } from '../db/schema/applications.ts';
import { organizations } from '../db/schema/organizations.ts';
import { purchaseOrderApplications } from '../db/schema/purchase-order-links.ts';
import { eventPaymentReceipts, receiptCounters } from '../db/schema/receipts.ts';
import { users } from '../db/schema/users.ts';
import { type JobHandler } from '../platform/jobs.ts';
import { executeStatic, staticStatement } from '../db/prepared.ts';
import { jobs } from '../db/schema/platform.ts';
import { queueMail } from '../platform/mail.ts';
import { receiptPdf, type DocumentSettings, type Receipt, type ReceiptLine } from './receipt-pdf.ts';
import { eventPolicyColumns, policyOfEvent } from './cancellation-policy.ts';

/**
 * Receipts of event payments (issue 25): numbered once, in the transaction that makes the payment
 * PAID, drawn as PDF from the rows on request, mailed to the buyer by a job after that commit.
 * docs/decisions/0120-receipt-numbers.md.
 */

/** The provider's one series of receipt numbers. */
const series = 'event-payments';

export const receiptMailJob = 'receipt.mail';

/** What a card provider said of the card, kept on the receipt. */
export interface CardOnReceipt {
  brand: string;
  last4: string;
}

const input = (name: string) => sql.placeholder(name);

/**
 * The receipt a payment has, or a new one: the series' counter raised by one upsert, the receipt
 * written with that number and its mail job queued, all in one statement (issueReceipt).
 */
const issueStatement = staticStatement(
  'issue_receipt',
  sql`
    with issued as (
      select number from ${eventPaymentReceipts} where payment_id = ${input('paymentId')}::uuid
    ), counter as (
      insert into ${receiptCounters} (series, last_number)
      select ${input('series')}::text, 1 where not exists (select 1 from issued)
      on conflict (series) do update set last_number = ${receiptCounters}.last_number + 1
      returning last_number
    ), receipt as (
      insert into ${eventPaymentReceipts} (payment_id, number, issued_at, card_brand, card_last4)
      select ${input('paymentId')}::uuid, last_number, ${input('now')}::timestamptz, ${input('cardBrand')}::text,
        ${input('cardLast4')}::text
      from counter
      returning payment_id, number
    ), mailed as (
      insert into ${jobs} (kind, payload)
      select ${input('jobKind')}::text, jsonb_build_object('paymentId', payment_id) from receipt
    )
    select number from issued union all select number from receipt`,
);

/**
 * Issues the payment's receipt in the caller's transaction, which has just made it PAID with the
 * payment row locked (capacity.ts markPaid), and queues its mail. A payment keeps the receipt it has:
 * a payment paid again after a cancellation, or a replayed confirmation, gets no second number.
 *
 * The number is the series' counter raised by one upsert: its row lock makes concurrent payments
 * take numbers one after the other, and a transaction that rolls back takes its number back with it,
 * so numbers neither repeat nor skip (a sequence would skip). The lock is held until the commit, so
 * this is the last write of markPaid.
 */
export async function issueReceipt(
  tx: Executor,
  paymentId: string,
  now: Date,
  card: CardOnReceipt | null,
): Promise<number> {
  const [receipt] = await executeStatic<{ number: number }>(tx, issueStatement, {
    paymentId,
    series,
    now: now.toISOString(),
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    jobKind: receiptMailJob,
  });
  if (!receipt) throw new Error('the receipt was not issued');
  return receipt.number;
}

/** The approved purchase order that paid the payment: its own, or an institute one linked to it. */
async function approvedPurchaseOrderNumber(db: Executor, paymentId: string): Promise<string | null> {
  const [own] = await db
    .select({ number: purchaseOrders.number })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.paymentId, paymentId), eq(purchaseOrders.status, 'APPROVED')))
    .orderBy(desc(purchaseOrders.decidedAt))
    .limit(1);
  if (own) return own.number;
  const [linked] = await db
    .select({ number: purchaseOrders.number })
    .from(purchaseOrderApplications)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderApplications.purchaseOrderId))
    .where(and(eq(purchaseOrderApplications.paymentId, paymentId), eq(purchaseOrders.status, 'APPROVED')))
    .orderBy(desc(purchaseOrders.decidedAt))
    .limit(1);
  return linked?.number ?? null;
}

/** The receipt of a payment, undefined when none was issued. Callers check who may read it first. */
export async function readReceipt(db: Executor, paymentId: string): Promise<Receipt | undefined> {
  const [row] = await db
    .select({
      number: eventPaymentReceipts.number,
      issuedAt: eventPaymentReceipts.issuedAt,
      cardBrand: eventPaymentReceipts.cardBrand,
      cardLast4: eventPaymentReceipts.cardLast4,
      status: eventPayments.status,
      method: eventPayments.method,
      subtotalCents: eventPayments.subtotalCents,
      discountCents: eventPayments.discountCents,
      totalCents: eventPayments.totalCents,
      buyerFirstName: users.firstName,
      buyerLastName: users.lastName,
      buyerEmail: users.email,
      organizationName: organizations.name,
      billing: {
        line1: organizations.billingAddressLine1,
        line2: organizations.billingAddressLine2,
        city: organizations.billingCity,
        stateProvince: organizations.billingStateProvince,
        zipPostal: organizations.billingZipPostal,
        country: organizations.billingCountry,
      },
      couponCode: coupons.code,
      legacyEventName: legacyEventApplications.eventName,
    })
    .from(eventPaymentReceipts)
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentReceipts.paymentId))
    .innerJoin(users, eq(users.id, eventPayments.userId))
    .leftJoin(organizations, eq(organizations.id, eventPayments.organizationId))
    .leftJoin(coupons, eq(coupons.id, eventPayments.couponId))
    .leftJoin(legacyEventApplications, eq(legacyEventApplications.id, eventPayments.legacyApplicationId))
    .where(eq(eventPaymentReceipts.paymentId, paymentId));
  if (!row) return undefined;
  const items = await db
    .select({
      eventName: events.name,
      sectionTitle: eventSections.title,
      sectionDates: eventSections.dates,
      title: eventPaymentItems.title,
      quantity: eventPaymentItems.numberOfTickets,
      unitPriceCents: eventPaymentItems.priceCents,
      policy: eventPolicyColumns,
    })
    .from(eventPaymentItems)
    .innerJoin(events, eq(events.id, eventPaymentItems.eventId))
    .leftJoin(eventSections, eq(eventSections.id, eventPaymentItems.sectionId))
    .where(eq(eventPaymentItems.paymentId, paymentId))
    .orderBy(asc(eventPaymentItems.title), asc(eventPaymentItems.id));
  const lines: ReceiptLine[] = items.map(({ policy: _policy, ...item }) => ({
    ...item,
    sectionDates: item.sectionDates ?? [],
    amountCents: item.quantity * item.unitPriceCents,
  }));
  // A previous system's application is paid as one balance, without items.
  if (lines.length === 0 && row.legacyEventName) {
    lines.push({
      eventName: row.legacyEventName,
      sectionTitle: null,
      sectionDates: [],
      title: `${row.legacyEventName} - application balance`,
      quantity: 1,
      unitPriceCents: row.subtotalCents,
      amountCents: row.subtotalCents,
    });
  }
  // Drizzle answers a nested object of a left join as null when all its columns are.
  const { line1, line2, city, stateProvince, zipPostal, country } = row.billing ?? {};
  const cityLine = [city, [stateProvince, zipPostal].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    number: row.number,
    issuedAt: row.issuedAt,
    paymentId,
    status: row.status,
    buyerName: `${row.buyerFirstName} ${row.buyerLastName}`,
    buyerEmail: row.buyerEmail,
    organizationName: row.organizationName,
    billingAddress: [line1, line2, cityLine, country].filter((part): part is string => Boolean(part?.trim())),
    lines,
    couponCode: row.couponCode,
    subtotalCents: row.subtotalCents,
    discountCents: row.discountCents,
    totalCents: row.totalCents,
    paidBy: receiptPaymentMethodLine({
      method: row.method,
      cardBrand: row.cardBrand,
      cardLast4: row.cardLast4,
      purchaseOrderNumber: row.method === 'PURCHASE_ORDER' ? await approvedPurchaseOrderNumber(db, paymentId) : null,
    }),
    statusLine: receiptStatusLine(row.status),
    cancellationPolicies: [...new Set(items.map((item) => cancellationPolicyText(policyOfEvent(item.policy))))],
  };
}

/** A receipt as the PDF file a browser saves or a mail carries. */
export async function receiptFile(
  receipt: Receipt,
  settings: DocumentSettings,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  return { fileName: receiptFileName(receipt.number), bytes: await receiptPdf(receipt, settings) };
}

/**
 * Mails the receipt of a payment to its buyer, the PDF attached, through the outbox. Answers the
 * address it went to; undefined when the payment has no receipt.
 */
export async function mailReceipt(
  db: Executor,
  config: Pick<AppDeps['config'], 'timeZone' | 'publicUrl' | 'seller'>,
  paymentId: string,
): Promise<string | undefined> {
  const receipt = await readReceipt(db, paymentId);
  if (!receipt) return undefined;
  const { fileName, bytes } = await receiptFile(receipt, config);
  const label = receiptNumberLabel(receipt.number);
  await queueMail(db, {
    to: receipt.buyerEmail,
    subject: receiptMessages.mailSubject(receipt.number),
    text: [
      `Hello ${receipt.buyerName},`,
      '',
      `Thank you for your payment of ${formatCents(receipt.totalCents)}. Your receipt ${label}, issued ${formatMomentWithZone(receipt.issuedAt, config.timeZone)}, is attached.`,
      ...(receipt.statusLine ? ['', receipt.statusLine] : []),
      '',
      `You can download it again from your event payments: ${config.publicUrl}/members/manage-events`,
    ].join('\n'),
    attachments: [
      {
        filename: fileName,
        contentType: 'application/pdf',
        content: Buffer.from(bytes).toString('base64'),
        encoding: 'base64',
      },
    ],
  });
  return receipt.buyerEmail;
}

/** The job issueReceipt queues: the receipt mailed once its payment's transaction has committed. */
export function receiptMailJobHandler(deps: Pick<AppDeps, 'db' | 'config'>): JobHandler {
  return async (payload) => {
    await mailReceipt(deps.db, deps.config, String(payload.paymentId));
  };
}
