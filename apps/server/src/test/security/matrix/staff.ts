import { randomUUID } from 'node:crypto';
import {
  freshApplication,
  freshGrouping,
  freshMember,
  freshPath,
  freshPaymentOfA,
  freshPurchaseOrder,
  freshQuestion,
  freshSection,
  freshTicketType,
  newEmail,
  uniqueName,
  type World,
} from '../fixtures.ts';
import { staffCouponForm, staffEventForm, staffPathForm, staffSectionForm } from '../../valid-inputs.ts';
import { preview } from '../../../features/admin-placement/service.ts';
import { staffOnly, type Rows } from './rows.ts';

const eventForm = staffEventForm({ name: 'Matrix Conference Day' });
const sectionForm = staffSectionForm();
const pathForm = staffPathForm;
const groupingForm = { name: 'Morning', maxTickets: null, position: 0 };
const questionForm = { type: 'TEXT', label: 'Which strand?', options: [], required: false, position: 4 };
const couponForm = () => staffCouponForm(`MATRIX${randomUUID().slice(0, 8)}`);
const settingsForm = (w: World) => ({
  acceptsApplications: true,
  ticketTypeId: w.staffInstitute.ticketType.id,
  dueDays: 30,
  paymentOptions: [
    { id: w.staffInstitute.options.card.id, label: 'Credit Card', method: 'CARD' },
    { id: w.staffInstitute.options.purchaseOrder.id, label: 'Purchase Order', method: 'PURCHASE_ORDER' },
  ],
});

const id = (value: string) => ({ params: { id: value } });

/** A new institute with one accepted applicant to place, and the fingerprint of its first-come preview. */
async function freshPlacement(w: World) {
  const { institute } = await freshApplication(w, 'ACCEPTED');
  const run = { priority: 'SUBMISSION' as const, seed: null, order: [], moves: [] };
  const { fingerprint } = await preview(w.t.deps, institute.event.id, { ...run, page: 1, pageSize: 1 });
  return { params: { eventId: institute.event.id }, body: { priority: run.priority, fingerprint } };
}

/**
 * The staff console: staff in their own session only. A member, any school's owner, and staff viewing
 * as a member are refused (403) before anything is read, so no object is named to them.
 */
export const staffRows: Rows = {
  'GET /api/admin/users': { expect: staffOnly(200) },
  'POST /api/admin/users/:userId/impersonate': {
    input: async (w) => ({ params: { userId: (await freshMember(w, w.schoolB.organization.id)).user.id } }),
    expect: staffOnly(200),
  },
  'POST /api/admin/users/:userId/sign-in-link': {
    input: (w) => ({ params: { userId: w.schoolB.member.user.id } }),
    expect: staffOnly(201),
  },
  'POST /api/admin/invitations': {
    input: (w) => ({
      body: {
        kind: 'ORGANIZATION',
        organizationId: w.schoolB.organization.id,
        email: newEmail('staff-invite'),
        firstName: 'Ivy',
        lastName: 'Invitee',
        role: 'MEMBER',
      },
    }),
    expect: staffOnly(201),
  },

  'GET /api/admin/organizations': { expect: staffOnly(200) },
  'GET /api/admin/organizations/:organizationId': {
    input: (w) => ({ params: { organizationId: w.schoolA.organization.id } }),
    expect: staffOnly(200),
  },
  'PUT /api/admin/organizations/:organizationId/memberships/:membershipId/role': {
    input: async (w) => ({
      params: {
        organizationId: w.schoolB.organization.id,
        membershipId: (await freshMember(w, w.schoolB.organization.id)).membership.id,
      },
      body: { role: 'ADMIN' },
    }),
    expect: staffOnly(200),
  },
  'GET /api/admin/districts': { expect: staffOnly(200) },
  'GET /api/admin/districts/:districtId': {
    input: (w) => ({ params: { districtId: w.schoolA.organization.districtId ?? '' } }),
    expect: staffOnly(200),
  },

  'GET /api/admin/events': { expect: staffOnly(200) },
  'POST /api/admin/events': {
    input: () => ({ body: { ...eventForm, name: uniqueName('Matrix Day') } }),
    expect: staffOnly(201),
  },
  'GET /api/admin/events/:eventId': {
    input: (w) => ({ params: { eventId: w.staffDay.event.id } }),
    expect: staffOnly(200),
  },
  'PUT /api/admin/events/:eventId': {
    input: (w) => ({ params: { eventId: w.staffDay.event.id }, body: eventForm }),
    expect: staffOnly(200),
  },
  'POST /api/admin/events/:eventId/ticket-types': {
    input: (w) => ({ params: { eventId: w.staffDay.event.id }, body: { name: uniqueName('Ticket'), priceCents: 100 } }),
    expect: staffOnly(201),
  },
  'PUT /api/admin/ticket-types/:id': {
    input: (w) => ({ ...id(w.staffDay.ticketType.id), body: { name: 'General', priceCents: 14_900 } }),
    expect: staffOnly(200),
  },
  'DELETE /api/admin/ticket-types/:id': { input: async (w) => id(await freshTicketType(w)), expect: staffOnly(200) },
  'POST /api/admin/events/:eventId/paths': {
    input: (w) => ({ params: { eventId: w.staffDay.event.id }, body: { ...pathForm, name: uniqueName('path') } }),
    expect: staffOnly(201),
  },
  'PUT /api/admin/paths/:id': { input: (w) => ({ ...id(w.staffDay.path.id), body: pathForm }), expect: staffOnly(200) },
  'DELETE /api/admin/paths/:id': { input: async (w) => id(await freshPath(w)), expect: staffOnly(200) },
  'POST /api/admin/paths/:pathId/groupings': {
    input: (w) => ({ params: { pathId: w.staffDay.path.id }, body: { ...groupingForm, name: uniqueName('Grouping') } }),
    expect: staffOnly(201),
  },
  'PUT /api/admin/groupings/:id': {
    input: (w) => ({ ...id(w.staffDay.grouping.id), body: groupingForm }),
    expect: staffOnly(200),
  },
  'DELETE /api/admin/groupings/:id': { input: async (w) => id(await freshGrouping(w)), expect: staffOnly(200) },
  'POST /api/admin/groupings/:groupingId/sections': {
    input: (w) => ({
      params: { groupingId: w.staffDay.grouping.id },
      body: { ...sectionForm, title: uniqueName('Section') },
    }),
    expect: staffOnly(201),
  },
  'PUT /api/admin/sections/:id': {
    input: (w) => ({ ...id(w.staffDay.section.id), body: sectionForm }),
    expect: staffOnly(200),
  },
  'DELETE /api/admin/sections/:id': { input: async (w) => id(await freshSection(w)), expect: staffOnly(200) },

  'GET /api/admin/events/:eventId/application-settings': {
    input: (w) => ({ params: { eventId: w.staffInstitute.event.id } }),
    expect: staffOnly(200),
  },
  'PUT /api/admin/events/:eventId/application-settings': {
    input: (w) => ({ params: { eventId: w.staffInstitute.event.id }, body: settingsForm(w) }),
    expect: staffOnly(200),
  },
  'POST /api/admin/events/:eventId/questions': {
    input: (w) => ({ params: { eventId: w.staffInstitute.event.id }, body: questionForm }),
    expect: staffOnly(201),
  },
  'PUT /api/admin/questions/:id': {
    input: (w) => ({ ...id(w.staffInstitute.questions.anything.id), body: questionForm }),
    expect: staffOnly(200),
  },
  'DELETE /api/admin/questions/:id': { input: async (w) => id(await freshQuestion(w)), expect: staffOnly(200) },

  'GET /api/admin/coupons': { expect: staffOnly(200) },
  'POST /api/admin/coupons': { input: () => ({ body: couponForm() }), expect: staffOnly(201) },
  'PUT /api/admin/coupons/:id': {
    input: (w) => ({ ...id(w.coupon.id), body: { ...couponForm(), code: w.coupon.code, maxUses: 10_000 } }),
    expect: staffOnly(200),
  },

  'GET /api/admin/applications': { expect: staffOnly(200) },
  'GET /api/admin/applications/:id': { input: (w) => id(w.application.id), expect: staffOnly(200) },
  'POST /api/admin/applications/:id/decision': {
    input: async (w) => ({
      ...id((await freshApplication(w, 'SUBMITTED')).application.id),
      body: { decision: 'ACCEPT' },
    }),
    expect: staffOnly(200),
  },

  'GET /api/admin/events/:eventId/placement': {
    input: (w) => ({ params: { eventId: w.institute.event.id } }),
    expect: staffOnly(200),
  },
  'GET /api/admin/events/:eventId/placement/applicants': {
    input: (w) => ({ params: { eventId: w.institute.event.id } }),
    expect: staffOnly(200),
  },
  'POST /api/admin/events/:eventId/placement/preview': {
    input: (w) => ({ params: { eventId: w.institute.event.id }, body: { priority: 'LOTTERY', seed: 1 } }),
    expect: staffOnly(200),
  },
  'POST /api/admin/events/:eventId/placement/publish': { input: freshPlacement, expect: staffOnly(200) },

  'GET /api/admin/event-payments': { expect: staffOnly(200) },
  'GET /api/admin/event-payments/:eventPaymentId': {
    input: (w) => ({ params: { eventPaymentId: w.paidPayment.id } }),
    expect: staffOnly(200),
  },
  'GET /api/admin/event-payments/:eventPaymentId/allocation': {
    input: (w) => ({ params: { eventPaymentId: w.paidPayment.id } }),
    expect: staffOnly(200),
  },
  'POST /api/admin/event-payments/:eventPaymentId/receipt/resend': {
    input: (w) => ({ params: { eventPaymentId: w.paidPayment.id } }),
    expect: staffOnly(200),
  },
  'POST /api/admin/event-payments/:eventPaymentId/cancel': {
    input: async (w) => ({ params: { eventPaymentId: (await freshPaymentOfA(w, 'PENDING')).id } }),
    expect: staffOnly(200),
  },

  'GET /api/admin/purchase-orders': { expect: staffOnly(200) },
  'GET /api/admin/purchase-orders/:id/file': { input: (w) => id(w.purchaseOrder.id), expect: staffOnly(200) },
  'POST /api/admin/purchase-orders/:id/approve': {
    input: async (w) => id((await freshPurchaseOrder(w)).id),
    expect: staffOnly(200),
  },
  'POST /api/admin/purchase-orders/:id/void': {
    input: async (w) => id((await freshPurchaseOrder(w)).id),
    expect: staffOnly(200),
  },
};
