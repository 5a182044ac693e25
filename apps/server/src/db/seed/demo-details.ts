import { and, eq, isNull, sql } from 'drizzle-orm';
import { invitationMail, invitationPath } from '@portal/domain/organizations/invitations.ts';
import { queueMail } from '../../platform/mail.ts';
import type { Executor } from '../client.ts';
import { grades, positions } from '../schema/lookups.ts';
import { billingContacts, invitationGrades, invitations, organizations } from '../schema/organizations.ts';
import { users } from '../schema/users.ts';

/**
 * What makes the demo schools look lived in: addresses, billing contacts, a ticket recipient,
 * grades on memberships and pending invitations. Every step fills only what is still empty, so a
 * restart never undoes what someone changed through the portal.
 */

interface Address {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  phone: string;
}

interface SchoolDetails {
  name: string;
  mailing: Address;
  billing: Address;
  billingContact: { firstName: string; lastName: string; email: string; phone: string };
  ticketRecipientEmail: string;
}

const lincoln = 'Lincoln Elementary School';

const schools: SchoolDetails[] = [
  {
    name: lincoln,
    mailing: {
      line1: '1200 Lincoln Avenue',
      line2: null,
      city: 'Riverside',
      state: 'NY',
      zip: '10598',
      phone: '9145550142',
    },
    billing: {
      line1: '500 Main Street',
      line2: 'Business Office, Suite 200',
      city: 'Riverside',
      state: 'NY',
      zip: '10598',
      phone: '9145550100',
    },
    billingContact: {
      firstName: 'Betty',
      lastName: 'Billings',
      email: 'accounts.lincoln@demo.test',
      phone: '9145550101',
    },
    ticketRecipientEmail: 'admin.lincoln@demo.test',
  },
  {
    name: 'Washington Middle School',
    mailing: {
      line1: '45 Washington Street',
      line2: null,
      city: 'Riverside',
      state: 'NY',
      zip: '10599',
      phone: '9145550177',
    },
    billing: {
      line1: '500 Main Street',
      line2: 'Business Office, Suite 200',
      city: 'Riverside',
      state: 'NY',
      zip: '10598',
      phone: '9145550100',
    },
    billingContact: {
      firstName: 'Frank',
      lastName: 'Fiscal',
      email: 'accounts.washington@demo.test',
      phone: '9145550102',
    },
    ticketRecipientEmail: 'admin.washington@demo.test',
  },
];

export async function seedSchoolDetails(tx: Executor, districtId: string): Promise<void> {
  for (const school of schools) {
    const [organization] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(eq(organizations.name, school.name), eq(organizations.districtId, districtId)));
    if (!organization) continue;
    const { mailing, billing, billingContact } = school;
    await tx
      .update(organizations)
      .set({
        mailingAddressLine1: mailing.line1,
        mailingAddressLine2: mailing.line2,
        mailingCity: mailing.city,
        mailingStateProvince: mailing.state,
        mailingCountry: 'United States',
        mailingZipPostal: mailing.zip,
        mailingPhone: mailing.phone,
      })
      .where(and(eq(organizations.id, organization.id), isNull(organizations.mailingAddressLine1)));
    await tx
      .update(organizations)
      .set({
        billingAddressLine1: billing.line1,
        billingAddressLine2: billing.line2,
        billingCity: billing.city,
        billingStateProvince: billing.state,
        billingCountry: 'United States',
        billingZipPostal: billing.zip,
        billingPhone: billing.phone,
      })
      .where(and(eq(organizations.id, organization.id), isNull(organizations.billingAddressLine1)));
    await tx.execute(sql`
      insert into ${billingContacts} (organization_id, first_name, last_name, email, address_line1, address_line2, city,
        state_province, country, zip_postal, phone)
      select ${organization.id}, ${billingContact.firstName}, ${billingContact.lastName}, ${billingContact.email}, ${billing.line1},
        ${billing.line2}, ${billing.city}, ${billing.state}, 'United States', ${billing.zip}, ${billingContact.phone}
      where not exists (select 1 from ${billingContacts} where organization_id = ${organization.id})`);
    await tx
      .update(organizations)
      .set({
        ticketRecipientMembershipId: sql`(
          select m.id from organization_memberships m join users u on u.id = m.user_id
          where m.organization_id = ${organization.id} and u.email = ${school.ticketRecipientEmail} and m.archived_at is null)`,
      })
      .where(and(eq(organizations.id, organization.id), isNull(organizations.ticketRecipientMembershipId)));
  }
}

/** Positions and grades of the demo memberships, where a membership has none yet: two statements. */
export async function seedMembershipDetails(
  tx: Executor,
  members: { email: string; position?: string; grades?: string[] }[],
): Promise<void> {
  const positionRows = JSON.stringify(
    members.filter((m) => m.position).map((m) => ({ email: m.email, position: m.position })),
  );
  await tx.execute(sql`
    update organization_memberships m set position_id = p.id
    from jsonb_to_recordset(${positionRows}::jsonb) as r(email text, position text), users u, positions p
    where u.email = r.email and m.user_id = u.id and p.name = r.position and m.position_id is null`);
  const gradeRows = JSON.stringify(
    members.flatMap((m) => (m.grades ?? []).map((grade) => ({ email: m.email, grade }))),
  );
  await tx.execute(sql`
    insert into organization_membership_grades (membership_id, grade_id)
    select m.id, g.id
    from jsonb_to_recordset(${gradeRows}::jsonb) as r(email text, grade text)
    join users u on u.email = r.email
    join organization_memberships m on m.user_id = u.id
    join grades g on g.name = r.grade
    where not exists (select 1 from organization_membership_grades x where x.membership_id = m.id)`);
}

async function userId(tx: Executor, email: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

/**
 * A new teacher invited to Lincoln (no password yet: she chooses one from the mailed link, whose
 * code only the development mailbox shows) and a district invitation for a Washington teacher.
 * Each is created once: an accepted one is not sent again.
 */
export async function seedDemoInvitations(
  tx: Executor,
  district: { id: string; name: string },
  publicUrl: string,
): Promise<void> {
  const districtId = district.id;
  const [nina] = await tx
    .insert(users)
    .values({
      email: 'new.teacher@demo.test',
      passwordHash: null,
      firstName: 'Nina',
      lastName: 'Newman',
      city: 'Riverside',
      stateProvince: 'NY',
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  const ownerId = await userId(tx, 'owner.lincoln@demo.test');
  const [school] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.name, lincoln), eq(organizations.districtId, districtId)));
  const [teacher] = await tx.select({ id: positions.id }).from(positions).where(eq(positions.name, 'TEACHER'));
  if (nina && ownerId && school) {
    const [invitation] = await tx
      .insert(invitations)
      .values({
        kind: 'ORGANIZATION',
        organizationId: school.id,
        userId: nina.id,
        role: 'MEMBER',
        positionId: teacher?.id ?? null,
        toolKitAccess: true,
        invitedById: ownerId,
      })
      .returning({ id: invitations.id, code: invitations.code });
    if (invitation) {
      await tx.execute(sql`
        insert into ${invitationGrades} (invitation_id, grade_id)
        select ${invitation.id}, id from ${grades} where name in ('2', '3')`);
      await queueMail(tx, {
        to: 'new.teacher@demo.test',
        ...invitationMail({
          kind: 'ORGANIZATION',
          name: lincoln,
          firstName: 'Nina',
          link: `${publicUrl}${invitationPath('ORGANIZATION', invitation.code)}`,
          newUser: true,
        }),
      });
    }
  }

  const mayaId = await userId(tx, 'teacher.washington@demo.test');
  const staffId = await userId(tx, 'staff@demo.test');
  if (!mayaId) return;
  const [earlier] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.districtId, districtId), eq(invitations.userId, mayaId)));
  if (earlier) return;
  const [invitation] = await tx
    .insert(invitations)
    .values({ kind: 'DISTRICT', districtId, userId: mayaId, role: 'MEMBER', invitedById: staffId ?? null })
    .returning({ code: invitations.code });
  if (!invitation) return;
  await queueMail(tx, {
    to: 'teacher.washington@demo.test',
    ...invitationMail({
      kind: 'DISTRICT',
      name: district.name,
      firstName: 'Maya',
      link: `${publicUrl}${invitationPath('DISTRICT', invitation.code)}`,
      newUser: false,
    }),
  });
}
