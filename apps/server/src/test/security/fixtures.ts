import { randomUUID } from 'node:crypto';
import { issueReceipt } from '../../core/receipts.ts';
import { and, asc, eq } from 'drizzle-orm';
import { applicationQuestions } from '../../db/schema/applications.ts';
import {
  cartItems,
  eventGroupings,
  eventPaymentItems,
  eventPayments,
  eventPaths,
  eventSections,
  eventTicketTypes,
} from '../../db/schema/commerce.ts';
import { grades, organizationTypes, positions } from '../../db/schema/lookups.ts';
import { billingContacts, invitations } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { encryptField } from '../../platform/crypto.ts';
import { invite, school } from '../school.ts';
import { issueOneTimeToken } from '../../platform/one-time-tokens.ts';
import { createSession, sessionCookie } from '../../platform/sessions.ts';
import { createCompleteApplication, createInstitute, setApplicationStatus } from '../application-factories.ts';
import {
  createConferenceDay,
  createCoupon,
  createEvent,
  createPayment,
  createPurchaseOrder,
} from '../commerce-factories.ts';
import { addMembership, createOrganization, createUser } from '../factories.ts';
import type { Caller, TestContext } from '../harness.ts';
import { multipartBody } from '../multipart.ts';

/**
 * The access matrix's world, built once per file: school A owns every object a URL names, school B is
 * "another school", and each caller is one person with one role. Objects a route consumes (a payment
 * paid, a membership deleted, an invitation accepted) are made fresh per cell by the functions below.
 */

export const callerNames = [
  'anonymous',
  'otherMember',
  'otherAdmin',
  'otherOwner',
  'member',
  'admin',
  'owner',
  'staff',
  'staffAsMember',
] as const;
export type CallerName = (typeof callerNames)[number];

/** School A's member's date of birth: only they may read it, not even staff viewing as them. */
export const memberDateOfBirth = { iso: '1961-07-04', shown: '07/04/1961' };

/** A small valid PDF: purchase orders are checked by content. */
export const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

export async function buildWorld(t: TestContext) {
  const db = t.deps.db;
  const schoolA = await school(t, `School A ${randomUUID().slice(0, 6)}`);
  const schoolB = await school(t, `School B ${randomUUID().slice(0, 6)}`);
  const staff = await createUser(db, { role: 'STAFF', firstName: 'Stella', lastName: 'Staff' });
  await db
    .update(users)
    .set({ dateOfBirthEncrypted: encryptField(t.deps.config.encryptionKey, memberDateOfBirth.iso) })
    .where(eq(users.id, schoolA.member.user.id));

  const day = await createConferenceDay(db, 500);
  const series = await createEvent(db, { maxTickets: null, daysBeforePurchaseClose: 0 });
  const paidPayment = await createPayment(db, {
    userId: schoolA.admin.user.id,
    organizationId: schoolA.organization.id,
    status: 'PAID',
    lines: [{ eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 2 }],
  });
  // Paid as markPaid pays: with its receipt.
  await issueReceipt(db, paidPayment.id, t.clock(), null);
  const [paidItem] = await db.select().from(eventPaymentItems).where(eq(eventPaymentItems.paymentId, paidPayment.id));
  if (!paidItem) throw new Error('payment item not created');
  const [contact] = await db
    .insert(billingContacts)
    .values({
      organizationId: schoolA.organization.id,
      firstName: 'Paula',
      lastName: 'Payer',
      email: 'paula@school-a.test',
    })
    .returning();
  if (!contact) throw new Error('billing contact not created');

  const institute = await createInstitute(db);
  const application = await createCompleteApplication(db, institute, schoolA.member.user.id);
  const startedInstitute = await createInstitute(db);
  const startedApplication = await createCompleteApplication(db, startedInstitute, schoolA.member.user.id, {
    status: 'STARTED',
  });
  const coupon = await createCoupon(db, { maxUses: 10_000 });

  // Staff edit these, so nothing a member reads changes under the other rows.
  const staffDay = await createConferenceDay(db, 40);
  const staffInstitute = await createInstitute(db);
  const purchaseOrder = await freshPurchaseOrderOf(t, schoolA);

  const [teacher] = await db.select().from(positions).where(eq(positions.name, 'TEACHER'));
  const [schoolType] = await db.select().from(organizationTypes).where(eq(organizationTypes.name, 'School'));
  const gradeRows = await db.select().from(grades).orderBy(asc(grades.sortOrder));
  if (!teacher || !schoolType || gradeRows.length < 2) throw new Error('lookups not seeded');

  return {
    t,
    schoolA,
    schoolB,
    staff,
    day,
    series,
    paidPayment,
    paidItemId: paidItem.id,
    contact,
    institute,
    application,
    startedInstitute,
    startedApplication,
    coupon,
    staffDay,
    staffInstitute,
    purchaseOrder,
    lookups: { teacherId: teacher.id, schoolTypeId: schoolType.id, gradeIds: gradeRows.slice(0, 2).map((g) => g.id) },
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

/** The person behind each caller name; staff viewing as a member acts as school A's member. */
export function userOf(w: World, name: CallerName): { id: string; email: string } | null {
  switch (name) {
    case 'anonymous':
      return null;
    case 'otherMember':
      return w.schoolB.member.user;
    case 'otherAdmin':
      return w.schoolB.admin.user;
    case 'otherOwner':
      return w.schoolB.owner.user;
    case 'member':
    case 'staffAsMember':
      return w.schoolA.member.user;
    case 'admin':
      return w.schoolA.admin.user;
    case 'owner':
      return w.schoolA.owner.user;
    case 'staff':
      return w.staff;
  }
}

/**
 * What a caller must never read in any answer, whatever the status: ids of school A's objects that are
 * not theirs. A list route answering 200 could otherwise leak them where the status alone says nothing.
 */
export function secretsFor(w: World, name: CallerName): Record<string, string> {
  const managersOnly = {
    "school A's payment": w.paidPayment.id,
    "school A's billing contact": w.contact.id,
    "school A's purchase order": w.purchaseOrder.id,
  };
  const ofMember = {
    "school A member's application": w.application.id,
    "school A member's started application": w.startedApplication.id,
    "school A member's user id": w.schoolA.member.user.id,
  };
  // Nobody, staff included, ever reads a password hash (every test user has the same one).
  const never = { 'a password hash': w.schoolA.member.user.passwordHash ?? 'no hash' };
  const sensitive = {
    "school A member's date of birth": memberDateOfBirth.shown,
    "school A member's stored date of birth": memberDateOfBirth.iso,
  };
  switch (name) {
    case 'anonymous':
    case 'otherMember':
    case 'otherAdmin':
    case 'otherOwner':
      return {
        ...never,
        ...sensitive,
        ...managersOnly,
        ...ofMember,
        "school A admin's user id": w.schoolA.admin.user.id,
      };
    case 'member':
      return { ...never, ...managersOnly };
    case 'staffAsMember':
      return { ...never, ...sensitive, ...managersOnly };
    case 'admin':
    case 'owner':
      return {
        ...never,
        ...sensitive,
        "school A member's application": w.application.id,
        "school A member's started application": w.startedApplication.id,
      };
    case 'staff':
      return never;
  }
}

/** A new session per cell: a cell that signs out, changes an email or views as someone ends only its own. */
export async function sessionOf(w: World, name: CallerName): Promise<Caller> {
  const user = userOf(w, name);
  if (!user) return {};
  const { db, clock, config } = w.t.deps;
  const impersonatorId = name === 'staffAsMember' ? w.staff.id : null;
  const { secret } = await createSession(db, clock, config.sessionTtlMs, { userId: user.id, impersonatorId });
  return { cookie: `${sessionCookie}=${secret}` };
}

const unique = () => randomUUID().slice(0, 8);

/** A new MEMBER of the organization (a target to delete, promote or assign). */
export async function freshMember(w: World, organizationId: string) {
  const user = await createUser(w.t.deps.db);
  const membership = await addMembership(w.t.deps.db, organizationId, user.id, 'MEMBER');
  return { user, membership };
}

export const freshOrganization = (w: World) => createOrganization(w.t.deps.db);

/** A membership of the user in a new organization: an affiliation they may edit or end. */
export async function freshAffiliation(w: World, userId: string) {
  const organization = await createOrganization(w.t.deps.db);
  const membership = await addMembership(w.t.deps.db, organization.id, userId, 'MEMBER');
  return { organization, membership };
}

/** A payment of school A, bought by its admin, in the given unpaid state. */
export async function freshPaymentOfA(w: World, status: 'PENDING' | 'AWAITING_PO' | 'PAID') {
  const payment = await createPayment(w.t.deps.db, {
    userId: w.schoolA.admin.user.id,
    organizationId: w.schoolA.organization.id,
    status,
    lines: [{ eventId: w.series.event.id, ticketTypeId: w.series.ticketType.id, numberOfTickets: 1 }],
  });
  if (status !== 'PENDING') return payment;
  // A card payment waits on the provider it was sent to: the test app's is the demo.
  const [sent] = await w.t.deps.db
    .update(eventPayments)
    .set({ provider: 'demo' })
    .where(eq(eventPayments.id, payment.id))
    .returning();
  return sent ?? payment;
}

async function freshPurchaseOrderOf(t: TestContext, owner: Awaited<ReturnType<typeof school>>) {
  const series = await createEvent(t.deps.db, { maxTickets: null });
  const payment = await createPayment(t.deps.db, {
    userId: owner.admin.user.id,
    organizationId: owner.organization.id,
    status: 'AWAITING_PO',
    lines: [{ eventId: series.event.id, ticketTypeId: series.ticketType.id, numberOfTickets: 3 }],
  });
  return createPurchaseOrder(t.deps.db, t.deps.storage, {
    paymentId: payment.id,
    userId: owner.admin.user.id,
    organizationId: owner.organization.id,
    pdf,
  });
}

/** A SUBMITTED purchase order of school A, for staff to approve or void. */
export const freshPurchaseOrder = (w: World) => freshPurchaseOrderOf(w.t, w.schoolA);

/** An application of school A's member to a new institute, in the given status. */
export async function freshApplication(w: World, status: 'SUBMITTED' | 'ACCEPTED') {
  const institute = await createInstitute(w.t.deps.db);
  const application = await createCompleteApplication(w.t.deps.db, institute, w.schoolA.member.user.id);
  if (status === 'ACCEPTED') await setApplicationStatus(w.t.deps.db, application.id, 'ACCEPTED');
  return { institute, application };
}

/** One ticket of the open series in the user's cart; answers the line's id. */
export async function cartLineOf(w: World, userId: string): Promise<string> {
  const db = w.t.deps.db;
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.ticketTypeId, w.series.ticketType.id)));
  const [line] = await db
    .insert(cartItems)
    .values({ userId, eventId: w.series.event.id, ticketTypeId: w.series.ticketType.id, numberOfTickets: 1 })
    .returning();
  if (!line) throw new Error('cart line not created');
  return line.id;
}

/** A SENT invitation for the user to join a new organization. */
export async function freshInvitationFor(w: World, userId: string): Promise<string> {
  const organization = await createOrganization(w.t.deps.db);
  const [invitation] = await w.t.deps.db
    .insert(invitations)
    .values({ kind: 'ORGANIZATION', organizationId: organization.id, userId, role: 'MEMBER', status: 'SENT' })
    .returning();
  if (!invitation) throw new Error('invitation not created');
  return invitation.code;
}

/** A SENT invitation of a new person who has no password yet. */
export async function freshPasswordlessInvitation(w: World): Promise<string> {
  const organization = await createOrganization(w.t.deps.db);
  const { invitation } = await invite(w.t, { organizationId: organization.id });
  return invitation.code;
}

export async function freshToken(w: World, purpose: 'SIGN_IN' | 'PASSWORD_RESET'): Promise<string> {
  const user = await createUser(w.t.deps.db);
  return issueOneTimeToken(w.t.deps.db, purpose, user.id, w.t.deps.clock());
}

export async function freshUser(w: World) {
  return createUser(w.t.deps.db);
}

/** Parts of the staff event nothing else uses, so deleting them is allowed. */
export async function freshTicketType(w: World): Promise<string> {
  const [row] = await w.t.deps.db
    .insert(eventTicketTypes)
    .values({ eventId: w.staffDay.event.id, name: `Spare ${unique()}`, priceCents: 100 })
    .returning();
  if (!row) throw new Error('ticket type not created');
  return row.id;
}

export async function freshPath(w: World): Promise<string> {
  const [row] = await w.t.deps.db
    .insert(eventPaths)
    .values({ eventId: w.staffDay.event.id, name: `spare-${unique()}` })
    .returning();
  if (!row) throw new Error('path not created');
  return row.id;
}

export async function freshGrouping(w: World): Promise<string> {
  const [row] = await w.t.deps.db
    .insert(eventGroupings)
    .values({ pathId: w.staffDay.path.id, name: `Spare ${unique()}` })
    .returning();
  if (!row) throw new Error('grouping not created');
  return row.id;
}

export async function freshSection(w: World): Promise<string> {
  const [row] = await w.t.deps.db
    .insert(eventSections)
    .values({
      eventId: w.staffDay.event.id,
      groupingId: w.staffDay.grouping.id,
      title: `Spare ${unique()}`,
      maxTickets: 10,
      dates: ['2026-12-10'],
    })
    .returning();
  if (!row) throw new Error('section not created');
  return row.id;
}

export async function freshQuestion(w: World): Promise<string> {
  const [row] = await w.t.deps.db
    .insert(applicationQuestions)
    .values({
      eventId: w.staffInstitute.event.id,
      type: 'TEXT',
      label: `Spare ${unique()}`,
      required: false,
      position: 9,
    })
    .returning();
  if (!row) throw new Error('question not created');
  return row.id;
}

export const newEmail = (prefix = 'matrix') => `${prefix}-${unique()}@example.test`;
export const uniqueName = (prefix: string) => `${prefix} ${unique()}`;

/** A multipart/form-data body as a browser's FormData sends it, with one PDF file. */
export const multipart = (fields: Record<string, string>, file: Buffer) =>
  multipartBody(fields, { name: 'po.pdf', bytes: file });
