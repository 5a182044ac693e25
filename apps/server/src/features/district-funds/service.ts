import {
  districtFundMessages,
  type DistrictAllowanceInput,
  type DistrictFundOption,
  type DistrictSpendingRow,
} from '@portal/domain/organizations/district-funds.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import { formatCents } from '@portal/domain/money.ts';
import type { AppDeps } from '../../app-deps.ts';
import { releasePayment } from '../../core/capacity.ts';
import { restoreCart } from '../../core/carts.ts';
import {
  approveFundSpend,
  districtFundOptionOf,
  ensureFund,
  fundSummary,
  markDeclined,
  requireDistrictAdministrator,
} from '../../core/district-funds.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { Export } from '../../platform/exports.ts';
import { queueMail } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { deleteAllowance, lockApproval, schoolOf, spendingRows, upsertAllowance } from './repository.ts';

/**
 * A district administrator's fund (issue 41): the district's schools and what each may spend, the
 * orders waiting for approval, spending by school and event. Every route asks
 * requireDistrictAdministrator first: another district's fund is refused (403).
 */

export async function summaryFor(deps: AppDeps, auth: RequestAuth, districtId: string) {
  await requireDistrictAdministrator(deps.db, districtId, auth.user.id);
  const summary = await fundSummary(deps.db, districtId);
  if (!summary) throw notFound(districtFundMessages.districtNotFound);
  return summary;
}

/**
 * The school must be one of the district's (400 otherwise: its id came from another district's list);
 * answers its name.
 */
export async function requireSchoolOf(deps: AppDeps, districtId: string, organizationId: string): Promise<string> {
  const school = await schoolOf(deps.db, organizationId);
  if (school === undefined) throw notFound('No such organization.');
  if (school.districtId !== districtId) throw badRequest(districtFundMessages.schoolNotInDistrict);
  return school.name;
}

/** PUT …/schools/:organizationId/allowance: the school may spend from the fund, up to this much in all. */
export async function setAllowance(
  deps: AppDeps,
  auth: RequestAuth,
  districtId: string,
  organizationId: string,
  input: DistrictAllowanceInput,
) {
  await requireDistrictAdministrator(deps.db, districtId, auth.user.id);
  await requireSchoolOf(deps, districtId, organizationId);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await ensureFund(tx, districtId);
    await upsertAllowance(tx, {
      districtId,
      organizationId,
      limitCents: input.limitCents,
      updatedById: auth.user.id,
      now,
    });
    await audit(tx, {
      ...actorOf(auth),
      action: 'district-fund.allowance',
      subjectType: 'organization',
      subjectId: organizationId,
      data: { districtId, limitCents: input.limitCents },
    });
  });
  return { organizationId, limitCents: input.limitCents };
}

/** DELETE …/allowance: the school may no longer pay with district funds (what it spent stays in the ledger). */
export async function removeAllowance(deps: AppDeps, auth: RequestAuth, districtId: string, organizationId: string) {
  await requireDistrictAdministrator(deps.db, districtId, auth.user.id);
  await requireSchoolOf(deps, districtId, organizationId);
  await deps.db.transaction(async (tx) => {
    await deleteAllowance(tx, districtId, organizationId);
    await audit(tx, {
      ...actorOf(auth),
      action: 'district-fund.allowance-removed',
      subjectType: 'organization',
      subjectId: organizationId,
      data: { districtId },
    });
  });
}

/**
 * POST …/approvals/:eventPaymentId/approve: the fund pays a waiting order (core approveFundSpend,
 * refused when the balance no longer covers it). Decided already, or no longer waiting: 409.
 */
export async function approve(deps: AppDeps, auth: RequestAuth, districtId: string, paymentId: string) {
  await requireDistrictAdministrator(deps.db, districtId, auth.user.id);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const approval = await lockApproval(tx, districtId, paymentId);
    if (!approval) throw notFound(districtFundMessages.approvalNotFound);
    if (approval.decidedAt || approval.status !== 'AWAITING_APPROVAL') throw conflict(districtFundMessages.notWaiting);
    await approveFundSpend(tx, approval, auth.user.id, now);
    await audit(tx, {
      ...actorOf(auth),
      action: 'district-fund.approve',
      subjectType: 'event_payment',
      subjectId: paymentId,
      data: { districtId, totalCents: approval.totalCents },
    });
    await queueMail(tx, {
      to: approval.buyerEmail,
      subject: districtFundMessages.approvedSubject,
      text: [
        `Hello ${approval.buyerFirstName},`,
        '',
        `Your order of ${formatCents(approval.totalCents)} for ${approval.organizationName} was approved and paid from the district fund.`,
        '',
        `Your tickets: ${deps.config.publicUrl}/members/manage-events`,
      ].join('\n'),
    });
    return { status: 'PAID' as const, message: districtFundMessages.approved };
  });
}

/**
 * POST …/decline: the order is unpaid again: its payment ends CANCELLED (seats and coupon use given
 * back), its tickets go back to the buyer's cart to pay another way, and the buyer is mailed why.
 */
export async function decline(deps: AppDeps, auth: RequestAuth, districtId: string, paymentId: string, reason: string) {
  await requireDistrictAdministrator(deps.db, districtId, auth.user.id);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const approval = await lockApproval(tx, districtId, paymentId);
    if (!approval) throw notFound(districtFundMessages.approvalNotFound);
    if (approval.decidedAt || approval.status !== 'AWAITING_APPROVAL') throw conflict(districtFundMessages.notWaiting);
    await markDeclined(tx, paymentId, auth.user.id, reason, now);
    const released = await releasePayment(tx, paymentId, 'CANCELLED', now);
    if (released.seatsReleased) await restoreCart(tx, paymentId, approval.buyerId, approval.couponId);
    await audit(tx, {
      ...actorOf(auth),
      action: 'district-fund.decline',
      subjectType: 'event_payment',
      subjectId: paymentId,
      data: { districtId, reason },
    });
    await queueMail(tx, {
      to: approval.buyerEmail,
      subject: districtFundMessages.declinedSubject,
      text: [
        `Hello ${approval.buyerFirstName},`,
        '',
        `Your order of ${formatCents(approval.totalCents)} for ${approval.organizationName} was not approved for the district fund: ${reason}`,
        '',
        `Its tickets are back in your cart to pay another way: ${deps.config.publicUrl}/members/event-cart/checkout`,
      ].join('\n'),
    });
    return { status: 'CANCELLED' as const, message: districtFundMessages.declined };
  });
}

/** GET /api/district-funds/options?organizationId=: whether the checkout offers District funds for this school. */
export function optionFor(deps: AppDeps, auth: RequestAuth, organizationId: string): Promise<DistrictFundOption> {
  return districtFundOptionOf(deps.db, organizationId, auth.user.id);
}

/** The spending by school and event as a file; its rows are one district's, few enough to read at once. */
export async function exportSpending(
  deps: AppDeps,
  auth: RequestAuth,
  districtId: string,
  format: ExportFormat,
): Promise<Export<DistrictSpendingRow>> {
  await requireDistrictAdministrator(deps.db, districtId, auth.user.id);
  const { rows } = await spendingRows(deps.db, districtId, null);
  return {
    baseName: `district-spending-${calendarDateIn(deps.clock(), deps.config.timeZone)}`,
    title: 'District spending',
    format,
    rows: (async function* () {
      yield* rows;
    })(),
    columns: [
      { header: 'School', value: (row) => row.organizationName },
      { header: 'Event', value: (row) => row.eventName },
      { header: 'Spent', value: (row) => row.spentCents, cents: true },
      { header: 'Refunded', value: (row) => row.refundedCents, cents: true },
      { header: 'Net', value: (row) => row.netCents, cents: true },
    ],
  };
}
