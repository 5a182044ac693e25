import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { searchRules } from '@portal/domain/organizations/messages.ts';
import type { Affiliation } from '@portal/domain/organizations/affiliations.ts';
import type { Executor } from '../../db/client.ts';
import { grades, organizationTypes, positions } from '../../db/schema/lookups.ts';
import {
  districts,
  organizationMembershipGrades,
  organizationMemberships,
  organizations,
} from '../../db/schema/organizations.ts';

export interface SearchQuery {
  search: string;
  skip: number;
  take: number;
}

/** % and _ typed by the user are plain characters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const containing = (search: string) => `%${escapeLike(search)}%`;

type Searchable = typeof organizations | typeof districts;

/** The trigram-index lookups of migration 0024, one per searchable table. */
const matchingFunction = new Map<Searchable, SQL>([
  [organizations, sql.raw('matching_organizations')],
  [districts, sql.raw('matching_districts')],
]);

/**
 * The ids of up to `cap` names containing the term, found through the table's trigram index whatever
 * the planner's statistics say (names that repeat across districts made it scan the whole table).
 */
const matchingIds = (table: Searchable, search: string, cap: number) =>
  sql`select id from ${matchingFunction.get(table)}(${containing(search)}, ${cap})`;

/** Counting stops past this many matches: a term that matches more is too broad to rank or count. */
const { countedMatches } = searchRules;

/**
 * Which names a page reads: a broad term's matches are dense, so walking the name index with the
 * filter reaches a page at once; anything narrower is the at most `countedMatches` ids the trigram
 * index finds, ranked by similarity.
 */
const matching = (table: Searchable, search: string, broad: boolean) =>
  broad ? ilike(table.name, containing(search)) : sql`${table.id} in (${matchingIds(table, search, countedMatches)})`;

const closestFirst = (table: Searchable, search: string) => [
  desc(sql`similarity(${table.name}, ${search})`),
  asc(table.name),
  asc(table.id),
];

/**
 * A broad term's matches by name, walked in the order of a name index (organizations_name_district,
 * districts' unique name) and stopped at the page: ranking tens of thousands of names by
 * similarity to a fragment most of them share costs time in proportion to the table and tells the
 * reader nothing.
 */
const byName = {
  organizations: [asc(organizations.name), asc(organizations.districtId), asc(organizations.id)],
  districts: [asc(districts.name), asc(districts.id)],
};

/**
 * Organizations whose name contains the term: `ILIKE '%…%'` is answered from the pg_trgm GIN index
 * organizations_name_trgm. Closest first, unless the term is `broad` (more than `countedMatches`
 * names contain it): then by name. Exported unexecuted so the benchmark can EXPLAIN it.
 */
export function organizationSearch(db: Executor, query: SearchQuery, broad: boolean) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      districtName: districts.name,
      city: organizations.mailingCity,
      stateProvince: organizations.mailingStateProvince,
    })
    .from(organizations)
    .leftJoin(districts, eq(districts.id, organizations.districtId))
    .where(matching(organizations, query.search, broad))
    .orderBy(...(broad ? byName.organizations : closestFirst(organizations, query.search)))
    .limit(query.take)
    .offset(query.skip);
}

export function districtSearch(db: Executor, query: SearchQuery, broad: boolean) {
  return db
    .select({ id: districts.id, name: districts.name })
    .from(districts)
    .where(matching(districts, query.search, broad))
    .orderBy(...(broad ? byName.districts : closestFirst(districts, query.search)))
    .limit(query.take)
    .offset(query.skip);
}

/**
 * How many names contain the term, counted up to one past `countedMatches`: the count stops there,
 * so a term most names share costs no more than a rarer one however large the table grows.
 */
async function countMatchesUpTo(db: Executor, table: Searchable, search: string): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from (${matchingIds(table, search, countedMatches + 1)}) matches`,
  );
  // Both drivers answer with { rows }; the driver-neutral Database type leaves the result unknown.
  return (result as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** One page and the total: exact up to `countedMatches`, else that number with `totalCapped`. */
async function paged<T>(db: Executor, table: Searchable, search: string, page: (broad: boolean) => Promise<T[]>) {
  const matched = await countMatchesUpTo(db, table, search);
  const broad = matched > countedMatches;
  const items = matched === 0 ? [] : await page(broad);
  return { items, total: Math.min(matched, countedMatches), totalCapped: broad };
}

export async function searchOrganizations(db: Executor, query: SearchQuery) {
  return paged(db, organizations, query.search, (broad) => organizationSearch(db, query, broad));
}

export async function searchDistricts(db: Executor, query: SearchQuery) {
  return paged(db, districts, query.search, (broad) => districtSearch(db, query, broad));
}

/** The caller's active affiliations (or one of them), grades in grade order: one query for any number. */
export async function affiliationsOf(db: Executor, userId: string, membershipId?: string): Promise<Affiliation[]> {
  const gradesOf = (column: typeof grades.id | typeof grades.name) =>
    sql<string[]>`array(
      select ${column}::text from ${organizationMembershipGrades}
      join ${grades} on ${grades.id} = ${organizationMembershipGrades.gradeId}
      where ${organizationMembershipGrades.membershipId} = ${organizationMemberships.id}
      order by ${grades.sortOrder})`;
  return db
    .select({
      membershipId: organizationMemberships.id,
      organizationId: organizations.id,
      organizationName: organizations.name,
      districtName: districts.name,
      role: organizationMemberships.role,
      positionId: organizationMemberships.positionId,
      positionLabel: positions.label,
      gradeIds: gradesOf(grades.id),
      grades: gradesOf(grades.name),
    })
    .from(organizationMemberships)
    .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
    .leftJoin(districts, eq(districts.id, organizations.districtId))
    .leftJoin(positions, eq(positions.id, organizationMemberships.positionId))
    .where(
      and(
        eq(organizationMemberships.userId, userId),
        isNull(organizationMemberships.archivedAt),
        membershipId ? eq(organizationMemberships.id, membershipId) : undefined,
      ),
    )
    .orderBy(asc(organizations.name), asc(organizationMemberships.id));
}

/** The caller's own active membership, locked for the change about to be made. */
export async function ownActiveMembership(db: Executor, userId: string, membershipId: string) {
  const [row] = await db
    .select({
      id: organizationMemberships.id,
      organizationId: organizationMemberships.organizationId,
      role: organizationMemberships.role,
    })
    .from(organizationMemberships)
    .where(
      and(
        eq(organizationMemberships.id, membershipId),
        eq(organizationMemberships.userId, userId),
        isNull(organizationMemberships.archivedAt),
      ),
    )
    .for('update');
  return row;
}

/**
 * A MEMBER membership in the organization: new, or an archived one re-activated. Undefined when an
 * active one exists already (the conditional upsert leaves it as it is).
 */
export async function joinOrganization(db: Executor, organizationId: string, userId: string, positionId: string) {
  const [row] = await db
    .insert(organizationMemberships)
    .values({ organizationId, userId, role: 'MEMBER', positionId })
    .onConflictDoUpdate({
      target: [organizationMemberships.organizationId, organizationMemberships.userId],
      set: { role: 'MEMBER', positionId, archivedAt: null },
      setWhere: isNotNull(organizationMemberships.archivedAt),
    })
    .returning({ id: organizationMemberships.id });
  return row;
}

export async function setPosition(db: Executor, membershipId: string, positionId: string): Promise<void> {
  await db.update(organizationMemberships).set({ positionId }).where(eq(organizationMemberships.id, membershipId));
}

export async function replaceGrades(db: Executor, membershipId: string, gradeIds: string[]): Promise<void> {
  await db.delete(organizationMembershipGrades).where(eq(organizationMembershipGrades.membershipId, membershipId));
  if (gradeIds.length > 0)
    await db.insert(organizationMembershipGrades).values(gradeIds.map((gradeId) => ({ membershipId, gradeId })));
}

export async function organizationExists(db: Executor, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row !== undefined;
}

/** Which of the form's lookup ids are unknown (gradeIds without duplicates). */
export async function unknownLookups(
  db: Executor,
  ids: { positionId: string; gradeIds: string[]; organizationTypeId?: string },
) {
  const [position] = await db.select({ id: positions.id }).from(positions).where(eq(positions.id, ids.positionId));
  const [found] = await db.select({ n: count() }).from(grades).where(inArray(grades.id, ids.gradeIds));
  const typeKnown =
    ids.organizationTypeId === undefined ||
    (
      await db
        .select({ id: organizationTypes.id })
        .from(organizationTypes)
        .where(eq(organizationTypes.id, ids.organizationTypeId))
    ).length > 0;
  return { position: position === undefined, grades: found?.n !== ids.gradeIds.length, organizationType: !typeKnown };
}

export async function districtById(db: Executor, districtId: string) {
  const [row] = await db.select({ id: districts.id }).from(districts).where(eq(districts.id, districtId));
  return row;
}

/** The district of that name whatever its case, else a new one (insert-or-nothing for a racing twin). */
export async function findOrCreateDistrict(db: Executor, name: string, createdById: string): Promise<string> {
  const byName = () =>
    db
      .select({ id: districts.id })
      .from(districts)
      .where(eq(sql`lower(${districts.name})`, name.toLowerCase()))
      .limit(1);
  const [existing] = await byName();
  if (existing) return existing.id;
  const [created] = await db
    .insert(districts)
    .values({ name, createdById })
    .onConflictDoNothing()
    .returning({ id: districts.id });
  const id = created?.id ?? (await byName())[0]?.id;
  if (!id) throw new Error('district could be neither created nor found');
  return id;
}

/** Undefined when an organization of that name exists in that district (unique name per district). */
export async function insertOrganization(db: Executor, organization: typeof organizations.$inferInsert) {
  const [row] = await db
    .insert(organizations)
    .values(organization)
    .onConflictDoNothing()
    .returning({ id: organizations.id, name: organizations.name });
  return row;
}

export async function addMembership(db: Executor, organizationId: string, userId: string, positionId: string) {
  const [row] = await db
    .insert(organizationMemberships)
    .values({ organizationId, userId, role: 'MEMBER', positionId })
    .returning({ id: organizationMemberships.id });
  if (!row) throw new Error('membership was not written');
  return row;
}
