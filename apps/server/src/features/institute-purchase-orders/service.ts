import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { cartMessages } from '@portal/domain/commerce/cart.ts';
import { purchaseOrderHoldDays } from '@portal/domain/commerce/payments.ts';
import type { PurchaseOrderSubmitted } from '@portal/domain/commerce/purchase-orders.ts';
import {
  institutePurchaseOrderFields,
  institutePurchaseOrderTotals,
  memberPurchaseOrderMessages,
  type ApplicantAvailability,
  type applicantQuery,
  type applicantsQuery,
  type AvailableApplicants,
  type CouponValidation,
  type couponValidationInput,
  type InstitutePage,
  type instituteQuery,
} from '@portal/domain/commerce/member-purchase-orders.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Transaction } from '../../db/client.ts';
import { expireHolds, releasePayment, takeSeatsAndCouponUse } from '../../core/capacity.ts';
import { requireCouponForEvent } from '../../core/coupons.ts';
import { insertEventPayment } from '../../core/event-payments.ts';
import { isActiveMember } from '../../core/memberships.ts';
import { notifyStaff, purchaseOrderWork } from '../../core/staff-notifications.ts';
import {
  checkUpload,
  purchaseOrderFileKey,
  recordWithFile,
  sendOncePerKey,
  type Upload,
  insertPurchaseOrder,
} from '../../core/purchase-order-upload.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { IdempotentRequest } from '../../platform/idempotency.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  countAvailable,
  findAvailable,
  findInstitute,
  linkPurchaseOrderApplications,
  listInstitutes,
  lockAvailable,
  openPayments,
  type PurchaseOrderApplicationLink,
} from './repository.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** The caller names an organization they belong to: any active membership, as for any purchase order. */
async function requireMember(db: Transaction | AppDeps['db'], organizationId: string, userId: string): Promise<void> {
  if (!(await isActiveMember(db, organizationId, userId))) {
    throw badRequest(memberPurchaseOrderMessages.notMember, { organizationId: memberPurchaseOrderMessages.notMember });
  }
}

export async function institutes(deps: AppDeps, query: z.output<typeof instituteQuery>): Promise<InstitutePage> {
  const { items, total } = await listInstitutes(deps.db, query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** GET /api/institute-purchase-orders/available-applicants: how many the form may still add (usersCount). */
export async function availableApplicants(
  deps: AppDeps,
  auth: RequestAuth,
  query: z.output<typeof applicantsQuery>,
): Promise<AvailableApplicants> {
  await requireMember(deps.db, query.organizationId, auth.user.id);
  return { usersCount: await countAvailable(deps.db, query.instituteId, query.organizationId) };
}

/** GET /api/institute-purchase-orders/applicant: whether the email is an available applicant (userAvailable). */
export async function applicantAvailability(
  deps: AppDeps,
  auth: RequestAuth,
  query: z.output<typeof applicantQuery>,
): Promise<ApplicantAvailability> {
  await requireMember(deps.db, query.organizationId, auth.user.id);
  const applicant = await findAvailable(deps.db, query.instituteId, query.organizationId, query.email);
  return applicant
    ? {
        userAvailable: true,
        applicant: { email: applicant.email, name: `${applicant.firstName} ${applicant.lastName}` },
      }
    : { userAvailable: false, applicant: null };
}

/** POST /api/institute-purchase-orders/coupon: validates a code against the institute (organizations.md §7). */
export async function validateCoupon(
  deps: AppDeps,
  input: z.output<typeof couponValidationInput>,
): Promise<CouponValidation> {
  if (!(await findInstitute(deps.db, input.eventId)))
    throw badRequest(memberPurchaseOrderMessages.notAnInstitute, {
      eventId: memberPurchaseOrderMessages.notAnInstitute,
    });
  const coupon = await requireCouponForEvent(deps.db, input.code, input.eventId, deps.clock());
  return {
    state: 'SUCCESS',
    coupon: {
      code: coupon.code,
      type: coupon.type,
      discountAmount: coupon.discountAmount,
      discountPercentage: coupon.discountPercentage,
    },
    message: cartMessages.couponApplied,
  };
}

/**
 * One transaction: the applicants' applications are locked and must all be available; a payment of
 * theirs still open (a card payment started, a purchase order not sent) is cancelled; each applicant
 * gets a PO_SUBMITTED payment of one ticket, its share of the order's total (the coupon taken off the
 * whole order once, its use counted on the first payment), holding its seat for purchaseOrderHoldDays;
 * the purchase order records what the server derived beside the total typed, and links the payments.
 */
async function record(
  deps: AppDeps,
  tx: Transaction,
  auth: RequestAuth,
  purchaseOrderId: string,
  fields: z.output<typeof institutePurchaseOrderFields>,
  fileSize: number,
  idempotency: IdempotentRequest,
  now: Date,
) {
  await requireMember(tx, fields.organizationId, auth.user.id);
  const institute = await findInstitute(tx, fields.instituteId);
  if (!institute)
    throw badRequest(memberPurchaseOrderMessages.notAnInstitute, {
      instituteId: memberPurchaseOrderMessages.notAnInstitute,
    });
  if (institute.ticketTypeId === null || institute.priceCents === null)
    throw conflict(memberPurchaseOrderMessages.noPrice);
  const coupon = fields.couponCode
    ? await requireCouponForEvent(tx, fields.couponCode, institute.id, now, 'couponCode')
    : null;
  const applicants = await lockAvailable(tx, institute.id, fields.organizationId, fields.applicants);
  const found = new Set(applicants.map((applicant) => applicant.email.toLowerCase()));
  const missing = fields.applicants.find((email) => !found.has(email));
  if (missing !== undefined)
    throw badRequest(memberPurchaseOrderMessages.applicantNotFound, {
      applicants: memberPurchaseOrderMessages.applicantUnavailable(missing),
    });
  // The form's order, so the shares and the coupon's use land on the applicants as they were added.
  const ordered = fields.applicants
    .map((email) => applicants.find((applicant) => applicant.email.toLowerCase() === email))
    .filter((applicant) => applicant !== undefined);
  for (const open of await openPayments(
    tx,
    ordered.map((applicant) => applicant.applicationId),
  )) {
    await releasePayment(tx, open.id, 'CANCELLED', now);
  }
  const totals = institutePurchaseOrderTotals(institute.priceCents, ordered.length, coupon);
  await insertPurchaseOrder(tx, {
    id: purchaseOrderId,
    paymentId: null,
    type: 'EVENT',
    number: fields.number,
    filename: fields.filename,
    fileKey: purchaseOrderFileKey(purchaseOrderId),
    fileSize,
    contactEmail: fields.contactEmail,
    contactName: fields.contactName,
    contactPhone: fields.contactPhone,
    organizationId: fields.organizationId,
    totalCents: totals.total,
    submittedTotalCents: fields.total,
    couponCode: coupon?.code ?? null,
    submittedById: auth.user.id,
    idempotencyKey: idempotency.key,
    idempotencyFingerprint: idempotency.fingerprint,
  });
  await notifyStaff(
    tx,
    deps.config.publicUrl,
    purchaseOrderWork({ id: purchaseOrderId, number: fields.number, totalCents: totals.total, at: now }),
  );
  const holdExpiresAt = new Date(now.getTime() + purchaseOrderHoldDays * dayMs);
  const links: PurchaseOrderApplicationLink[] = [];
  for (const [index, applicant] of ordered.entries()) {
    const share = totals.shares[index] ?? 0;
    const { id: paymentId } = await insertEventPayment(
      tx,
      {
        userId: applicant.userId,
        organizationId: fields.organizationId,
        status: 'PO_SUBMITTED',
        method: 'PURCHASE_ORDER',
        subtotalCents: institute.priceCents,
        discountCents: institute.priceCents - share,
        totalCents: share,
        couponId: index === 0 ? (coupon?.id ?? null) : null,
        seatsHeld: true,
        holdExpiresAt,
        applicationId: applicant.applicationId,
      },
      [
        {
          eventId: institute.id,
          sectionId: null,
          ticketTypeId: institute.ticketTypeId,
          title: institute.name,
          numberOfTickets: 1,
          priceCents: institute.priceCents,
        },
      ],
    );
    links.push({ purchaseOrderId, applicationId: applicant.applicationId, paymentId });
  }
  await takeSeatsAndCouponUse(
    tx,
    [{ eventId: institute.id, sectionId: null, numberOfTickets: ordered.length, title: institute.name }],
    coupon?.id ?? null,
    'couponCode',
  );
  await linkPurchaseOrderApplications(tx, links);
  await audit(tx, {
    ...actorOf(auth),
    action: 'purchaseOrder.submit',
    subjectType: 'purchase_order',
    subjectId: purchaseOrderId,
    data: {
      type: 'EVENT',
      instituteId: institute.id,
      applicationIds: links.map((link) => link.applicationId),
      totalCents: totals.total,
      submittedTotalCents: fields.total,
      fileSize,
    },
  });
}

/**
 * POST /api/institute-purchase-orders. The Idempotency-Key makes a double submit, a retry or two
 * racing calls answer the one purchase order the first made; the same key with another form (another
 * number, total or file) is refused (422).
 */
export async function submitInstitutePurchaseOrder(
  deps: AppDeps,
  auth: RequestAuth,
  upload: Upload,
  idempotency: IdempotentRequest,
): Promise<PurchaseOrderSubmitted> {
  return sendOncePerKey(deps, auth.user.id, idempotency, 'EVENT', async () => {
    const { fields, bytes } = checkUpload(institutePurchaseOrderFields, upload);
    const now = deps.clock();
    // Holds that ran out are released first, so their seats count as free again.
    await expireHolds(deps.db, now);
    const purchaseOrderId = randomUUID();
    await recordWithFile(deps, purchaseOrderId, bytes, (tx) =>
      record(deps, tx, auth, purchaseOrderId, fields, bytes.length, idempotency, now),
    );
    return purchaseOrderId;
  });
}
