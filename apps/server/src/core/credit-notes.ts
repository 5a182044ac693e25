import { eq, sql } from 'drizzle-orm';
import {
  creditNoteFileName,
  creditNoteNumberLabel,
  refundMessages,
  type RefundMethod,
} from '@portal/domain/commerce/refunds.ts';
import { receiptNumberLabel } from '@portal/domain/commerce/receipts.ts';
import { formatMomentWithZone } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Executor } from '../db/client.ts';
import { executeStatic, staticStatement } from '../db/prepared.ts';
import { eventPayments } from '../db/schema/commerce.ts';
import { jobs } from '../db/schema/platform.ts';
import { eventPaymentReceipts, receiptCounters } from '../db/schema/receipts.ts';
import { creditNotes, refunds } from '../db/schema/refunds.ts';
import { users } from '../db/schema/users.ts';
import type { JobHandler } from '../platform/jobs.ts';
import { queueMail } from '../platform/mail.ts';
import { moneySheet, type DocumentSettings } from './receipt-pdf.ts';

/**
 * Credit notes (issue 38): one per refund, numbered C-000001… from receipt_counters' own series in
 * the refund's transaction, exactly as receipts are (docs/decisions/0120-receipt-numbers.md), naming
 * the receipt it corrects; drawn from the rows on request and mailed by a job after the commit.
 */

const series = 'credit-notes';

export const creditNoteMailJob = 'credit-note.mail';

const input = (name: string) => sql.placeholder(name);

/** The counter raised, the note written with the payment's receipt number, its mail queued: one statement. */
const issueStatement = staticStatement(
  'issue_credit_note',
  sql`
    with counter as (
      insert into ${receiptCounters} (series, last_number) values (${input('series')}::text, 1)
      on conflict (series) do update set last_number = ${receiptCounters}.last_number + 1
      returning last_number
    ), note as (
      insert into ${creditNotes} (refund_id, number, payment_id, receipt_number, issued_at)
      select ${input('refundId')}::uuid, last_number, ${input('paymentId')}::uuid,
        (select number from ${eventPaymentReceipts} where payment_id = ${input('paymentId')}::uuid),
        ${input('now')}::timestamptz
      from counter
      returning refund_id, number
    ), mailed as (
      insert into ${jobs} (kind, payload)
      select ${input('jobKind')}::text, jsonb_build_object('refundId', refund_id) from note
    )
    select number from note`,
);

/**
 * Issues the refund's credit note in the caller's transaction (the one that records the refund), its
 * last write: the counter's row lock is then held only until the commit, and a rollback gives the
 * number back, so numbers neither repeat nor skip.
 */
export async function issueCreditNote(tx: Executor, refundId: string, paymentId: string, now: Date): Promise<number> {
  const [note] = await executeStatic<{ number: number }>(tx, issueStatement, {
    series,
    refundId,
    paymentId,
    now: now.toISOString(),
    jobKind: creditNoteMailJob,
  });
  if (!note) throw new Error('the credit note was not issued');
  return note.number;
}

/** Everything a credit note prints. */
export interface CreditNote {
  number: number;
  issuedAt: Date;
  paymentId: string;
  receiptNumber: number | null;
  amountCents: number;
  method: RefundMethod;
  reason: string;
  buyerName: string;
  buyerEmail: string;
  paymentTotalCents: number;
}

/** The credit note of a refund, undefined when none. Callers check who may read it first. */
export async function readCreditNote(db: Executor, refundId: string): Promise<CreditNote | undefined> {
  const [row] = await db
    .select({
      number: creditNotes.number,
      issuedAt: creditNotes.issuedAt,
      paymentId: creditNotes.paymentId,
      receiptNumber: creditNotes.receiptNumber,
      amountCents: refunds.amountCents,
      method: refunds.method,
      reason: refunds.reason,
      firstName: users.firstName,
      lastName: users.lastName,
      buyerEmail: users.email,
      paymentTotalCents: eventPayments.totalCents,
    })
    .from(creditNotes)
    .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .innerJoin(eventPayments, eq(eventPayments.id, creditNotes.paymentId))
    .innerJoin(users, eq(users.id, eventPayments.userId))
    .where(eq(creditNotes.refundId, refundId));
  if (!row) return undefined;
  const { firstName, lastName, ...note } = row;
  return { ...note, buyerName: `${firstName} ${lastName}` };
}

const refundedBy = (method: RefundMethod) => {
  if (method === 'CARD') return 'Refunded to the card that paid';
  return method === 'DISTRICT_FUND'
    ? 'Refunded to the district fund that paid'
    : 'Credit note, settled by the finance office';
};

/** credit-note-C-000001.pdf, drawn with the receipt's pieces (receipt-pdf.ts moneySheet). */
export async function creditNotePdf(note: CreditNote, settings: DocumentSettings): Promise<Uint8Array> {
  const label = creditNoteNumberLabel(note.number);
  const { line, gap, amountsRow, totalRow, regular, bold, save } = await moneySheet(
    `Credit note ${label}`,
    note.issuedAt,
    settings.seller,
  );
  line('Credit note', 22, bold);
  line(`Credit note number: ${label}`, 12, bold);
  line(`Date: ${formatMomentWithZone(note.issuedAt, settings.timeZone)}`);
  line(`Corrects receipt: ${note.receiptNumber === null ? 'none issued' : receiptNumberLabel(note.receiptNumber)}`);
  gap();
  line('Credited to', 13, bold);
  line(`${note.buyerName} (${note.buyerEmail})`);
  gap();
  amountsRow(['Item', 'Quantity', 'Unit price', 'Amount'], bold);
  amountsRow([note.reason, '1', `-${formatCents(note.amountCents)}`, `-${formatCents(note.amountCents)}`], regular);
  gap();
  totalRow('Credited', `-${formatCents(note.amountCents)}`, bold, 12);
  gap();
  line(`Refunded by: ${refundedBy(note.method)}`);
  line(`Payment reference: ${note.paymentId}`, 9);
  return save();
}

export async function creditNoteFile(note: CreditNote, settings: DocumentSettings) {
  return { fileName: creditNoteFileName(note.number), bytes: await creditNotePdf(note, settings) };
}

/** Mails the credit note to the buyer, the PDF attached, through the outbox. */
export async function mailCreditNote(
  db: Executor,
  config: Pick<AppDeps['config'], 'timeZone' | 'publicUrl' | 'seller'>,
  refundId: string,
): Promise<string | undefined> {
  const note = await readCreditNote(db, refundId);
  if (!note) return undefined;
  const { fileName, bytes } = await creditNoteFile(note, config);
  const corrected =
    note.receiptNumber === null ? '' : ` It corrects your receipt ${receiptNumberLabel(note.receiptNumber)}.`;
  await queueMail(db, {
    to: note.buyerEmail,
    subject: refundMessages.creditNoteSubject(note.number),
    text: [
      `Hello ${note.buyerName},`,
      '',
      `We are refunding ${formatCents(note.amountCents)}: your credit note ${creditNoteNumberLabel(note.number)} is attached.${corrected}`,
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
  return note.buyerEmail;
}

export function creditNoteMailJobHandler(deps: Pick<AppDeps, 'db' | 'config'>): JobHandler {
  return async (payload) => {
    await mailCreditNote(deps.db, deps.config, String(payload.refundId));
  };
}
