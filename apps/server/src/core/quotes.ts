import { createHash } from 'node:crypto';
import { and, eq, gt, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import {
  parseQuoteNumber,
  purchaseOrderDiffersFromQuote,
  quoteFileName,
  quoteMessages,
  quoteNumberLabel,
  quoteUseRefusal,
  quoteValidUntil,
  type PurchaseOrderQuote,
  type QuoteIssued,
  type QuoteLine,
  type QuoteSubject,
} from '@portal/domain/commerce/quotes.ts';
import { formatMomentWithZone } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Database, Executor } from '../db/client.ts';
import { executeStatic, staticStatement } from '../db/prepared.ts';
import { events } from '../db/schema/commerce.ts';
import { organizations } from '../db/schema/organizations.ts';
import { purchaseOrderQuotes, quotes, type QuoteHeldSeat } from '../db/schema/quotes.ts';
import { receiptCounters } from '../db/schema/receipts.ts';
import { users } from '../db/schema/users.ts';
import { badRequest, notFound } from '../platform/errors.ts';
import { releaseSeats, takeSeats } from './capacity.ts';
import { isActiveMember } from './memberships.ts';
import { moneySheet, type DocumentSettings } from './receipt-pdf.ts';

/**
 * Quotes (issue 41, docs/decisions/0210-quotes.md): a feature that sells (the cart, an application's
 * payment, a registration request, a package request) derives the lines and totals, and this module
 * numbers, keeps, draws and, for events whose staff said so, holds seats for them.
 */

const series = 'quotes';

/** What a feature asks a quote for: its lines and totals, derived on the server. */
export interface QuoteRequest {
  organizationId: string;
  subject: QuoteSubject;
  /** The payment, registration request or package request; null for a cart. */
  subjectId: string | null;
  userId: string;
  lines: QuoteLine[];
  couponCode: string | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  /** The seats the quoted lines would take; only those of events whose quotes hold seats are held. */
  seats: QuoteHeldSeat[];
}

/**
 * What makes two quotes the same: who it is for, what it quotes and every figure on it. A cart is its
 * buyer's own, so its buyer is part of it; a request or payment is the organization's.
 */
function fingerprintOf(request: QuoteRequest): string {
  const contents = {
    organizationId: request.organizationId,
    subject: request.subject,
    subjectId: request.subjectId,
    buyer: request.subject === 'CART' ? request.userId : null,
    lines: request.lines,
    couponCode: request.couponCode,
    subtotalCents: request.subtotalCents,
    discountCents: request.discountCents,
    totalCents: request.totalCents,
    seats: request.seats.map((seat) => [seat.eventId, seat.sectionId, seat.numberOfTickets]),
  };
  return createHash('sha256').update(JSON.stringify(contents)).digest('hex');
}

/** The seats of events whose staff said their quotes hold seats (events.quotes_hold_seats). */
async function seatsToHold(tx: Executor, seats: readonly QuoteHeldSeat[]): Promise<QuoteHeldSeat[]> {
  if (seats.length === 0) return [];
  const holding = await tx
    .select({ id: events.id })
    .from(events)
    .where(
      and(
        inArray(
          events.id,
          seats.map((seat) => seat.eventId),
        ),
        eq(events.quotesHoldSeats, true),
      ),
    );
  const ids = new Set(holding.map((row) => row.id));
  return seats.filter((seat) => ids.has(seat.eventId));
}

const input = (name: string) => sql.placeholder(name);

/** The counter raised and the quote written with its number: one statement, as receipts are numbered. */
const issueStatement = staticStatement(
  'issue_quote',
  sql`
    with counter as (
      insert into ${receiptCounters} (series, last_number) values (${input('series')}::text, 1)
      on conflict (series) do update set last_number = ${receiptCounters}.last_number + 1
      returning last_number
    )
    insert into ${quotes} (number, organization_id, subject, subject_id, fingerprint, lines, coupon_code,
      subtotal_cents, discount_cents, total_cents, valid_until, held_seats, seats_held, created_by_id, created_at)
    select last_number, ${input('organizationId')}::uuid, ${input('subject')}::text, ${input('subjectId')}::uuid,
      ${input('fingerprint')}::text, ${input('lines')}::jsonb, ${input('couponCode')}::text,
      ${input('subtotalCents')}::int, ${input('discountCents')}::int, ${input('totalCents')}::int,
      ${input('validUntil')}::timestamptz, ${input('heldSeats')}::jsonb, ${input('seatsHeld')}::boolean,
      ${input('userId')}::uuid, ${input('now')}::timestamptz
    from counter
    returning id, number`,
);

const answerOf = (row: {
  id: string;
  number: number;
  totalCents: number;
  validUntil: Date;
  seatsHeld: boolean;
}): QuoteIssued => ({
  quoteId: row.id,
  number: quoteNumberLabel(row.number),
  totalCents: row.totalCents,
  validUntil: row.validUntil.toISOString(),
  holdsSeats: row.seatsHeld,
  pdfUrl: `/api/quotes/${row.id}/pdf`,
});

/**
 * The quote of these contents: the one still valid with the same contents (fingerprintOf), or a new
 * one. A new quote takes the seats it holds first (capacity.takeSeats: sold out is a 409 and nothing
 * is written), then its number, last, so the counter's row lock is held only until the commit and a
 * rollback gives the number back: numbers neither repeat nor skip.
 */
export async function issueQuote(
  deps: Pick<AppDeps, 'db' | 'config'>,
  request: QuoteRequest,
  now: Date,
): Promise<QuoteIssued> {
  const fingerprint = fingerprintOf(request);
  return deps.db.transaction(async (tx) => {
    const [reused] = await tx
      .select({
        id: quotes.id,
        number: quotes.number,
        totalCents: quotes.totalCents,
        validUntil: quotes.validUntil,
        seatsHeld: quotes.seatsHeld,
      })
      .from(quotes)
      .where(
        and(
          eq(quotes.organizationId, request.organizationId),
          eq(quotes.fingerprint, fingerprint),
          gt(quotes.validUntil, now),
        ),
      )
      .limit(1);
    if (reused) return answerOf(reused);
    const held = await seatsToHold(tx, request.seats);
    if (held.length > 0) await takeSeats(tx, held);
    const validUntil = quoteValidUntil(now, deps.config.quoteValidDays);
    const [row] = await executeStatic<{ id: string; number: number }>(tx, issueStatement, {
      series,
      organizationId: request.organizationId,
      subject: request.subject,
      subjectId: request.subjectId,
      fingerprint,
      lines: JSON.stringify(request.lines),
      couponCode: request.couponCode,
      subtotalCents: request.subtotalCents,
      discountCents: request.discountCents,
      totalCents: request.totalCents,
      validUntil: validUntil.toISOString(),
      heldSeats: JSON.stringify(held),
      seatsHeld: held.length > 0,
      userId: request.userId,
      now: now.toISOString(),
    });
    if (!row) throw new Error('the quote was not issued');
    return answerOf({ ...row, totalCents: request.totalCents, validUntil, seatsHeld: held.length > 0 });
  });
}

/** A cart's quotes holding seats: the buyer's own (a cart's quote is its buyer's), found by the quotes_held index. */
const cartQuotesHolding = (userId: SQLWrapper) =>
  sql`${quotes.createdById} = ${userId} and ${quotes.subject} = 'CART' and ${quotes.seatsHeld}`;

/** Whether a quote of the buyer's cart holds seats, as an expression for the checkout's read of the cart. */
export const cartQuoteHoldsSeats = (userId: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${quotes} where ${cartQuotesHolding(userId)})`;

const releaseCartHoldsStatement = staticStatement(
  'release_cart_quote_holds',
  sql`update ${quotes} set seats_held = false where ${cartQuotesHolding(sql`${input('userId')}::uuid`)}
    returning held_seats as "heldSeats"`,
);

/**
 * The buyer checks out the cart a quote held seats for: the quote's seats are given back in the
 * checkout's transaction, right before the checkout takes them, so the buyer's own quote never makes
 * their cart look sold out. Not fed to the waiting lists: the same seats are taken again at once.
 */
export async function releaseCartQuoteHolds(tx: Executor, userId: string): Promise<void> {
  const released = await executeStatic<{ heldSeats: QuoteHeldSeat[] }>(tx, releaseCartHoldsStatement, { userId });
  for (const quote of released) await releaseSeats(tx, quote.heldSeats);
}

/** Everything a quote prints. */
export interface Quote {
  id: string;
  number: number;
  organizationId: string;
  organizationName: string;
  billingAddress: string[];
  billingPhone: string | null;
  contactName: string;
  contactEmail: string;
  lines: QuoteLine[];
  couponCode: string | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  validUntil: Date;
  seatsHeld: boolean;
  heldSeatCount: number;
  createdAt: Date;
}

/** A quote as stored, with its organization's billing details as they are now. Callers check access first. */
export async function readQuote(db: Executor, quoteId: string): Promise<Quote | undefined> {
  const [row] = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      organizationId: quotes.organizationId,
      organizationName: organizations.name,
      line1: organizations.billingAddressLine1,
      line2: organizations.billingAddressLine2,
      city: organizations.billingCity,
      stateProvince: organizations.billingStateProvince,
      zipPostal: organizations.billingZipPostal,
      country: organizations.billingCountry,
      billingPhone: organizations.billingPhone,
      firstName: users.firstName,
      lastName: users.lastName,
      contactEmail: users.email,
      lines: quotes.lines,
      couponCode: quotes.couponCode,
      subtotalCents: quotes.subtotalCents,
      discountCents: quotes.discountCents,
      totalCents: quotes.totalCents,
      validUntil: quotes.validUntil,
      seatsHeld: quotes.seatsHeld,
      heldSeats: quotes.heldSeats,
      createdAt: quotes.createdAt,
    })
    .from(quotes)
    .innerJoin(organizations, eq(organizations.id, quotes.organizationId))
    .innerJoin(users, eq(users.id, quotes.createdById))
    .where(eq(quotes.id, quoteId));
  if (!row) return undefined;
  const { line1, line2, city, stateProvince, zipPostal, country, firstName, lastName, heldSeats, ...quote } = row;
  const cityLine = [city, [stateProvince, zipPostal].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return {
    ...quote,
    billingAddress: [line1, line2, cityLine, country].filter((part): part is string => Boolean(part)),
    contactName: `${firstName} ${lastName}`.trim(),
    heldSeatCount: heldSeats.reduce((sum, seat) => sum + seat.numberOfTickets, 0),
  };
}

/** quote-Q-000001.pdf, drawn with the receipt's pieces (receipt-pdf.ts moneySheet): the seller heads it. */
export async function quotePdf(quote: Quote, settings: DocumentSettings): Promise<Uint8Array> {
  const label = quoteNumberLabel(quote.number);
  const { line, gap, amountsRow, totalRow, regular, bold, save } = await moneySheet(
    `Quote ${label}`,
    quote.createdAt,
    settings.seller,
  );
  const validUntil = formatMomentWithZone(quote.validUntil, settings.timeZone);
  line('Quote', 22, bold);
  line(`Quote number: ${label}`, 12, bold);
  line(`Date: ${formatMomentWithZone(quote.createdAt, settings.timeZone)}`);
  line(`Valid until: ${validUntil}`);
  gap();
  line('Prepared for', 13, bold);
  line(quote.organizationName);
  for (const part of quote.billingAddress) line(part);
  if (quote.billingPhone) line(`Phone: ${quote.billingPhone}`);
  line(`Contact: ${quote.contactName} (${quote.contactEmail})`);
  gap();
  amountsRow(['Item', 'Quantity', 'Unit price', 'Amount'], bold);
  for (const item of quote.lines) {
    amountsRow(
      [item.description, String(item.quantity), formatCents(item.unitPriceCents), formatCents(item.amountCents)],
      regular,
    );
  }
  gap();
  totalRow('Subtotal', formatCents(quote.subtotalCents));
  if (quote.discountCents > 0 || quote.couponCode) {
    totalRow(`Coupon ${quote.couponCode ?? ''}`.trim(), `-${formatCents(quote.discountCents)}`);
  }
  totalRow('Total', formatCents(quote.totalCents), bold, 12);
  gap();
  line('How to pay', 13, bold);
  line(`Purchase order to ${settings.seller.legalName}, naming quote ${label}.`);
  if (settings.seller.remittance.length > 0) {
    line('Remittance details:');
    for (const part of settings.seller.remittance) line(part, 10);
  }
  gap(4);
  line(
    quote.heldSeatCount > 0
      ? `${quote.heldSeatCount} seat(s) are held for this quote until ${validUntil}.`
      : 'This quote holds no seats: seats are taken when the order is placed.',
    9,
  );
  return save();
}

export async function quoteFile(quote: Quote, settings: DocumentSettings) {
  return { fileName: quoteFileName(quote.number), bytes: await quotePdf(quote, settings) };
}

/** A quote's PDF for a member of its organization; anyone else is told there is no such quote (404). */
export async function memberQuoteFile(
  deps: Pick<AppDeps, 'db' | 'config'>,
  userId: string,
  quoteId: string,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const quote = await readQuote(deps.db, quoteId);
  if (!quote || !(await isActiveMember(deps.db, quote.organizationId, userId))) throw notFound(quoteMessages.notFound);
  return quoteFile(quote, deps.config);
}

/** A quote's PDF for staff. */
export async function staffQuoteFile(
  deps: Pick<AppDeps, 'db' | 'config'>,
  quoteId: string,
): Promise<{ fileName: string; bytes: Uint8Array }> {
  const quote = await readQuote(deps.db, quoteId);
  if (!quote) throw notFound(quoteMessages.notFound);
  return quoteFile(quote, deps.config);
}

/**
 * The quote a purchase-order upload names (its optional `quoteNumber` field): one of the purchase
 * order's own organization that has not run out; otherwise a 400 under that field. Undefined when none
 * is named.
 */
export async function quoteNamedOnPurchaseOrder(
  db: Executor,
  typed: string | undefined,
  organizationId: string,
  now: Date,
): Promise<string | undefined> {
  if (!typed) return undefined;
  const number = parseQuoteNumber(typed);
  const [quote] =
    number === null
      ? []
      : await db
          .select({ id: quotes.id, organizationId: quotes.organizationId, validUntil: quotes.validUntil })
          .from(quotes)
          .where(eq(quotes.number, number));
  const refusal = quoteUseRefusal(quote, organizationId, now);
  if (refusal || !quote) {
    const message = quoteMessages[refusal ?? 'unknownNumber'];
    throw badRequest(message, { quoteNumber: message });
  }
  return quote.id;
}

/** Links a purchase order to the quote it names, in the upload's transaction. */
export async function linkPurchaseOrderQuote(db: Executor, purchaseOrderId: string, quoteId: string): Promise<void> {
  await db.insert(purchaseOrderQuotes).values({ purchaseOrderId, quoteId });
}

/**
 * The quotes purchase orders name, by purchase order, each with the flag staff see: the purchase
 * order's typed total is not the quote's. One query for a page of purchase orders.
 */
export async function quotesOfPurchaseOrders(
  db: Database | Executor,
  purchaseOrders: readonly { id: string; submittedTotalCents: number }[],
): Promise<Map<string, PurchaseOrderQuote>> {
  if (purchaseOrders.length === 0) return new Map();
  const rows = await db
    .select({
      purchaseOrderId: purchaseOrderQuotes.purchaseOrderId,
      id: quotes.id,
      number: quotes.number,
      totalCents: quotes.totalCents,
      validUntil: quotes.validUntil,
    })
    .from(purchaseOrderQuotes)
    .innerJoin(quotes, eq(quotes.id, purchaseOrderQuotes.quoteId))
    .where(
      inArray(
        purchaseOrderQuotes.purchaseOrderId,
        purchaseOrders.map((po) => po.id),
      ),
    );
  const typed = new Map(purchaseOrders.map((po) => [po.id, po.submittedTotalCents]));
  return new Map(
    rows.map((row) => [
      row.purchaseOrderId,
      {
        id: row.id,
        number: quoteNumberLabel(row.number),
        totalCents: row.totalCents,
        validUntil: row.validUntil.toISOString(),
        differs: purchaseOrderDiffersFromQuote(typed.get(row.purchaseOrderId) ?? 0, row.totalCents),
      },
    ]),
  );
}
