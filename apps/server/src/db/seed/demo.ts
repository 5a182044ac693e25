import { eq } from 'drizzle-orm';
import type { OrganizationRole } from '@portal/domain/people/roles.ts';
import { systemClock } from '../../platform/clock.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { Database } from '../client.ts';
import { organizationTypes, positions } from '../schema/lookups.ts';
import { districts, organizationMemberships, organizations } from '../schema/organizations.ts';
import { users } from '../schema/users.ts';
import { seedDemoInvitations, seedMembershipDetails, seedSchoolDetails } from './demo-details.ts';
import { seedDemoApplications } from './demo-applications.ts';
import { seedDemoAttendance } from './demo-attendance.ts';
import { seedDemoEvents } from './demo-events.ts';
import { seedDemoPackages } from './demo-packages.ts';
import { seedDemoFailedMail } from './demo-mail.ts';
import { seedDemoPurchaseOrders } from './demo-purchase-orders.ts';
import { seedDemoRegistration } from './demo-registration.ts';
import { seedGeneratedOrganizations } from './demo-organizations.ts';

export const demoPassword = 'demo-password';

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  role?: 'STAFF';
  toolKitAccess?: boolean;
  schoolLeaderAccess?: boolean;
  school?: string;
  organizationRole?: OrganizationRole;
  position?: string;
  /** A few grades the member teaches or supports. */
  grades?: string[];
  description: string;
}

const district = 'Riverside Unified School District';
const lincoln = 'Lincoln Elementary School';
const washington = 'Washington Middle School';

export const demoUsers: DemoUser[] = [
  {
    email: 'staff@demo.test',
    firstName: 'Sam',
    lastName: 'Staff',
    role: 'STAFF',
    description: 'provider staff (staff console at /admin)',
  },
  {
    email: 'owner.lincoln@demo.test',
    firstName: 'Olivia',
    lastName: 'Owens',
    school: lincoln,
    organizationRole: 'OWNER',
    position: 'PRINCIPAL',
    toolKitAccess: true,
    schoolLeaderAccess: true,
    description: `OWNER of ${lincoln}`,
  },
  {
    email: 'admin.lincoln@demo.test',
    firstName: 'Adam',
    lastName: 'Alvarez',
    school: lincoln,
    organizationRole: 'ADMIN',
    position: 'ASSISTANT_PRINCIPAL',
    grades: ['Pre-K', 'K', '1', '2', '3', '4', '5'],
    toolKitAccess: true,
    description: `ADMIN of ${lincoln}`,
  },
  {
    email: 'teacher.lincoln@demo.test',
    firstName: 'Tara',
    lastName: 'Thompson',
    school: lincoln,
    organizationRole: 'MEMBER',
    position: 'TEACHER',
    grades: ['1', '2'],
    toolKitAccess: true,
    description: `member of ${lincoln}, toolkit access`,
  },
  {
    email: 'coach.lincoln@demo.test',
    firstName: 'Carlos',
    lastName: 'Chen',
    school: lincoln,
    organizationRole: 'MEMBER',
    position: 'COACH',
    grades: ['K', '1', '2', '3'],
    toolKitAccess: true,
    description: `member of ${lincoln}, toolkit access`,
  },
  {
    email: 'owner.washington@demo.test',
    firstName: 'Grace',
    lastName: 'Washburn',
    school: washington,
    organizationRole: 'OWNER',
    position: 'PRINCIPAL',
    toolKitAccess: true,
    schoolLeaderAccess: true,
    description: `OWNER of ${washington}`,
  },
  {
    email: 'admin.washington@demo.test',
    firstName: 'Henry',
    lastName: 'Hughes',
    school: washington,
    organizationRole: 'ADMIN',
    position: 'DISTRICT_ADMINISTRATOR',
    grades: ['6', '7', '8'],
    toolKitAccess: true,
    description: `ADMIN of ${washington}`,
  },
  {
    email: 'teacher.washington@demo.test',
    firstName: 'Maya',
    lastName: 'Morales',
    school: washington,
    organizationRole: 'MEMBER',
    position: 'TEACHER',
    grades: ['7', '8'],
    toolKitAccess: true,
    description: `member of ${washington}, toolkit access`,
  },
  {
    email: 'counselor.washington@demo.test',
    firstName: 'Cora',
    lastName: 'Cruz',
    school: washington,
    organizationRole: 'MEMBER',
    position: 'OTHER',
    grades: ['6', '7', '8'],
    description: `member of ${washington}, accepted to the Coaching Institute: pays by purchase order`,
  },
  {
    email: 'coach.washington@demo.test',
    firstName: 'Iris',
    lastName: 'Ito',
    school: washington,
    organizationRole: 'MEMBER',
    position: 'COACH',
    grades: ['6', '7', '8'],
    description: `member of ${washington}, accepted to the Coaching Institute and paid $950 by card: an institute seat in Manage Events`,
  },
  {
    email: 'reading.washington@demo.test',
    firstName: 'Rosa',
    lastName: 'Reyes',
    school: washington,
    organizationRole: 'MEMBER',
    position: 'TEACHER',
    grades: ['6'],
    description: `member of ${washington}: buys a ticket on her phone and assigns it to herself`,
  },
  {
    email: 'science.washington@demo.test',
    firstName: 'Sofia',
    lastName: 'Santos',
    school: washington,
    organizationRole: 'MEMBER',
    position: 'TEACHER',
    grades: ['7'],
    description: `member of ${washington}: pays for a ticket by card and downloads its receipt`,
  },
  {
    email: 'notoolkit@demo.test',
    firstName: 'Noah',
    lastName: 'Nolan',
    school: washington,
    organizationRole: 'MEMBER',
    position: 'TEACHER',
    grades: ['6'],
    description: `member of ${washington}, no toolkit access`,
  },
  {
    email: 'attendance@demo.test',
    firstName: 'Theo',
    lastName: 'Taylor',
    description: 'attendance taker of the Literacy Coaching Days (Manage Events > Attendance), in no organization',
  },
];

/**
 * A small, realistic provider: one district, two schools (addresses, billing contacts, a ticket
 * recipient), an owner, an admin and members at each with positions and grades, a member without
 * toolkit access, a staff user, pending invitations, and 5,000 generated schools in 200 districts
 * for search, the event catalogue with coupons (demo-events.ts, dated from `now`) and event
 * applications (demo-applications.ts). Idempotent:
 * existing rows are left as they are. The invitation mails link to `publicUrl` (the configured
 * PUBLIC_URL, passed in by main.ts).
 */
export async function seedDemo(db: Database, publicUrl: string, now: Date = systemClock()): Promise<DemoUser[]> {
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction(async (tx) => {
    const [schoolType] = await tx.select().from(organizationTypes).where(eq(organizationTypes.name, 'School'));
    await tx.insert(districts).values({ name: district }).onConflictDoNothing();
    const [districtRow] = await tx.select().from(districts).where(eq(districts.name, district));
    if (!districtRow) throw new Error('demo district missing');
    for (const name of [lincoln, washington]) {
      await tx
        .insert(organizations)
        .values({ name, districtId: districtRow.id, organizationTypeId: schoolType?.id ?? null })
        .onConflictDoNothing();
    }
    const schools = await tx.select().from(organizations).where(eq(organizations.districtId, districtRow.id));
    const positionRows = await tx.select().from(positions);
    for (const demo of demoUsers) {
      const [user] = await tx
        .insert(users)
        .values({
          email: demo.email,
          passwordHash,
          firstName: demo.firstName,
          lastName: demo.lastName,
          role: demo.role ?? 'MEMBER',
          toolKitAccess: demo.toolKitAccess ?? false,
          schoolLeaderAccess: demo.schoolLeaderAccess ?? false,
          city: 'Riverside',
          stateProvince: 'NY',
          country: 'United States',
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      const school = schools.find((s) => s.name === demo.school);
      if (!user || !school || !demo.organizationRole) continue;
      await tx
        .insert(organizationMemberships)
        .values({
          organizationId: school.id,
          userId: user.id,
          role: demo.organizationRole,
          positionId: positionRows.find((p) => p.name === demo.position)?.id ?? null,
        })
        .onConflictDoNothing();
    }
    await seedMembershipDetails(tx, demoUsers);
    await seedSchoolDetails(tx, districtRow.id);
    await seedDemoInvitations(tx, districtRow, publicUrl);
    await seedDemoEvents(tx, now);
    await seedDemoApplications(tx, now);
    await seedDemoAttendance(tx, now);
    await seedDemoRegistration(tx, now);
    await seedDemoPackages(tx, now);
    await seedDemoPurchaseOrders(tx, now);
    await seedDemoFailedMail(tx, now);
  });
  await seedGeneratedOrganizations(db);
  return demoUsers;
}
