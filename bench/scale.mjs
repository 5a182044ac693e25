// How the cost of three member reads grows with the data, through the real routes (app.inject: the
// app's access checks, validation, queries and serialisation, without a socket), on throw-away
// PostgreSQL databases (created on the server DATABASE_URL names, default the local one, and dropped
// afterwards). Two databases, filled with generate_series, whose apps are called side by side:
//   small: 5,000 organizations, 5,500 payments (of other people, plus the member's own 50)
//   large: 100,000 organizations, 105,500 payments, 1,000 events, a 10,000-member school
// and the ratios large / small of the median time of each read:
//   - a member's payments list (GET /api/event-payments) as the system grows 5.5k → 105.5k payments;
//   - a school's roster (GET /api/organizations/:id/roster), 10,000 members against 100;
//   - the same on fresh data: 10,000 members added to the small database's 5-member school and read at once, with no
//     ANALYZE in between (the statistics still say 5), against the 100-member school of the large database, whose
//     statistics are up to date: autovacuum would hide a plan that only holds with fresh statistics, and PostgreSQL
//     here runs without it;
//   - organization search (GET /api/organizations/search), 100k against 5k organizations, for a
//     selective term and for 'schoo', which is part of most names.
// Writes bench/results/scale.json. Reports only: always exits 0.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/scale.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { repoRoot } from './lib/app-server.mjs';
import { caller, rows, sideBySide, withScratchApps } from './lib/scratch-database.mjs';

// Server code, imported after scratch-database.mjs has set the database and log settings.
const { districtKinds, places, schoolNames } = await import('../apps/server/src/db/seed/demo-organizations.ts');

export const goals = { payments: 1.5, roster: 1.5, rosterFresh: 1.5, searchSelective: 1.5, searchCommon: 3 };
const samples = Number(process.env.SCALE_SAMPLES ?? 200);
const levels = ['Elementary School', 'Middle School', 'High School', 'Academy'];
const selectiveTerm = 'jeff';
const commonTerm = 'schoo';

/**
 * Schools repeat names across districts as real ones do: every organization is named from the 300
 * commonest names (Jefferson, Lincoln, Washington …) and a level, so a term such as 'jeff' matches one
 * school in every few hundred, the spread that once made the planner scan the whole table.
 */
const commonNames = schoolNames.slice(0, 300);

/** Districts for organizations numbered from..to-1, 100 per district, names unique per district. */
async function addOrganizations(db, from, to) {
  const placeList = JSON.stringify(places);
  const kindList = JSON.stringify(districtKinds);
  const districtName = (g) => sql`'Bench ' || (${placeList}::jsonb ->> ((${g} * 41) % ${places.length})::int) || ' ' ||
    (${kindList}::jsonb ->> (${g} % ${districtKinds.length})::int) || ' ' || ${g}`;
  await db.execute(sql`insert into districts (name)
    select ${districtName(sql`g`)} from generate_series(${Math.floor(from / 100)}::int, ${Math.ceil(to / 100) - 1}::int) g`);
  await db.execute(sql`
    insert into organizations (name, district_id, mailing_city, mailing_state_province)
    select (${JSON.stringify(commonNames)}::jsonb ->> (((g / 100) * 7 + (g % 100) * 41) % ${commonNames.length})::int) || ' ' ||
        (${JSON.stringify(levels)}::jsonb ->> (g % 4)::int),
      d.id, 'Springfield', 'NY'
    from generate_series(${from}::int, ${to - 1}::int) g
    join districts d on d.name = ${districtName(sql`(g / 100)`)}`);
}

/** `count` new members of a school, each with two grades, named so the roster's order has work to do. */
async function addMembers(db, organizationId, count, tag) {
  await db.execute(sql`
    insert into users (email, first_name, last_name)
    select ${tag}::text || '.' || g || '@bench.test', 'First' || ((g * 7919) % ${count}), 'Last' || ((g * 104729) % ${count})
    from generate_series(1, ${count}::int) g`);
  await db.execute(sql`
    insert into organization_memberships (organization_id, user_id, role, position_id)
    select ${organizationId}, u.id, 'MEMBER', (select id from positions order by sort_order limit 1)
    from users u where u.email like ${`${tag}.%@bench.test`}`);
  await db.execute(sql`
    insert into organization_membership_grades (membership_id, grade_id)
    select m.id, g.id from organization_memberships m
    join users u on u.id = m.user_id and u.email like ${`${tag}.%@bench.test`}
    cross join lateral (select id from grades order by sort_order limit 2) g
    where m.organization_id = ${organizationId}`);
}

/** `count` payments of people who are not the member, for organizations the member does not manage. */
async function addOtherPayments(db, count) {
  await db.execute(sql`
    with buyers as (select array_agg(id) ids from (select id from users where email like 'buyer.%@bench.test') b),
      orgs as (select array_agg(id) ids from (select id from organizations where name not like 'Lincoln%' limit 1000) o)
    insert into event_payments (user_id, organization_id, status, method, subtotal_cents, total_cents, seats_held, created_at)
    select buyers.ids[1 + g % array_length(buyers.ids, 1)], orgs.ids[1 + g % array_length(orgs.ids, 1)],
      'PAID', 'CARD', 5000, 5000, false, now() - (g || ' minutes')::interval
    from generate_series(1, ${count}::int) g, buyers, orgs`);
}

async function addEvents(db, count) {
  await db.execute(sql`
    insert into events (name, kind, start_date, end_date)
    select 'Bench event ' || g, 'SERIES', current_date + (g % 365), current_date + (g % 365) + 1
    from generate_series(1, ${count}::int) g`);
}

async function analyze(db) {
  for (const table of [
    'users',
    'organizations',
    'districts',
    'organization_memberships',
    'organization_membership_grades',
    'event_payments',
    'events',
  ]) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
}

/** A scratch database with the demo accounts, and the id of the school a demo OWNER owns. */
async function open(openScratch) {
  const scratch = await openScratch();
  const schoolOf = async (email) => {
    const [row] = rows(
      await scratch.db.execute(sql`select m.organization_id as id from organization_memberships m
      join users u on u.id = m.user_id where u.email = ${email} and m.role = 'OWNER'`),
    );
    return row.id;
  };
  return { ...scratch, schoolOf };
}

/**
 * Fills a database to `organizationCount` organizations and `paymentCount` payments, with a
 * 100-member school (Washington) and a `lincolnMembers`-member one (Lincoln, whose OWNER reads).
 */
async function fill({ db, schoolOf }, { organizationCount, paymentCount, eventCount, lincolnMembers }) {
  const lincoln = await schoolOf('owner.lincoln@demo.test');
  const washington = await schoolOf('owner.washington@demo.test');
  const [{ n: seeded }] = rows(await db.execute(sql`select count(*)::int as n from organizations`));
  await addOrganizations(db, 0, organizationCount - seeded);
  await db.execute(sql`insert into users (email, first_name, last_name)
    select 'buyer.' || g || '@bench.test', 'Buyer', 'Number ' || g from generate_series(1, 1000) g`);
  // The member's own payments and their school's: what the list shows, the same in both databases.
  await db.execute(sql`
    insert into event_payments (user_id, organization_id, status, method, subtotal_cents, total_cents, seats_held, created_at)
    select u.id, ${lincoln}, 'PAID', 'CARD', 5000, 5000, false, now() - (g || ' hours')::interval
    from generate_series(1, 50) g, users u where u.email = 'owner.lincoln@demo.test'`);
  const [{ n: existing }] = rows(await db.execute(sql`select count(*)::int as n from event_payments`));
  await addOtherPayments(db, paymentCount - existing);
  await addEvents(db, eventCount);
  await addMembers(db, washington, 100 - 5, 'washington');
  if (lincolnMembers > 5) await addMembers(db, lincoln, lincolnMembers - 5, 'lincoln');
  await analyze(db);
  const [counts] = rows(
    await db.execute(sql`select (select count(*)::int from organizations) as organizations,
    (select count(*)::int from event_payments) as payments, (select count(*)::int from events) as events`),
  );
  return { ...counts, lincoln, washington };
}

await withScratchApps('bench:scale', async (openScratch) => {
  const started = performance.now();
  const smallDb = await open(openScratch);
  const largeDb = await open(openScratch);
  const small = await fill(smallDb, { organizationCount: 5000, paymentCount: 5500, eventCount: 0, lincolnMembers: 5 });
  const large = await fill(largeDb, {
    organizationCount: 100_000,
    paymentCount: 105_500,
    eventCount: 1000,
    lincolnMembers: 10_000,
  });
  const seedSeconds = (performance.now() - started) / 1000;

  const smallOwner = await smallDb.signIn('owner.lincoln@demo.test');
  const largeOwner = await largeDb.signIn('owner.lincoln@demo.test');
  const largeWashingtonOwner = await largeDb.signIn('owner.washington@demo.test');
  const paymentsUrl = '/api/event-payments?page=1&pageSize=25';
  const searchUrl = (term) => `/api/organizations/search?search=${term}&skip=0&take=10`;
  const rosterUrl = (id) => `/api/organizations/${id}/roster?page=1&pageSize=50`;
  const both = (url) => sideBySide(caller(smallDb.app, smallOwner, url), caller(largeDb.app, largeOwner, url), samples);

  const payments = await both(paymentsUrl);
  const roster = await sideBySide(
    caller(largeDb.app, largeWashingtonOwner, rosterUrl(large.washington)),
    caller(largeDb.app, largeOwner, rosterUrl(large.lincoln)),
    samples,
  );
  const searchSelective = await both(searchUrl(selectiveTerm));
  const searchCommon = await both(searchUrl(commonTerm));
  // Last: the small database's statistics, taken when Lincoln had 5 members, are left as they are. The baseline is
  // the large database's 100-member roster, read with statistics that are up to date.
  await addMembers(smallDb.db, small.lincoln, 10_000, 'fresh');
  const rosterFresh = await sideBySide(
    caller(largeDb.app, largeWashingtonOwner, rosterUrl(large.washington)),
    caller(smallDb.app, smallOwner, rosterUrl(small.lincoln)),
    samples,
  );

  const number = (n) => n.toLocaleString('en-US');
  const organizations = `${number(large.organizations)} vs ${number(small.organizations)} organizations`;
  const results = [
    {
      key: 'payments',
      measure: `a member's payments list, ${number(small.payments)} → ${number(large.payments)} payments`,
      ...payments,
      goal: goals.payments,
    },
    {
      key: 'roster',
      measure: `school roster, ${number(roster.large.total)} vs ${roster.small.total} members`,
      ...roster,
      goal: goals.roster,
    },
    {
      key: 'rosterFresh',
      measure: `school roster on fresh data (no ANALYZE), ${number(rosterFresh.large.total)} vs ${rosterFresh.small.total} members`,
      ...rosterFresh,
      goal: goals.rosterFresh,
    },
    {
      key: 'searchSelective',
      measure: `organization search '${selectiveTerm}', ${organizations}`,
      ...searchSelective,
      goal: goals.searchSelective,
    },
    {
      key: 'searchCommon',
      measure: `organization search '${commonTerm}', ${organizations}`,
      ...searchCommon,
      goal: goals.searchCommon,
    },
  ].map((row) => ({ ...row, ratio: row.large.ms / row.small.ms }));

  console.log(
    `Seeded two databases in ${seedSeconds.toFixed(0)} s: ${number(small.organizations)} / ${number(large.organizations)} organizations, ` +
      `${number(small.payments)} / ${number(large.payments)} payments, ${number(large.events)} events and a ${number(roster.large.total)}-member school in the large one.`,
  );
  console.log(`Median of ${samples} requests each through the app (app.inject), measured side by side, large / small:`);
  for (const row of results) {
    console.log(
      `  ${row.measure.padEnd(62)} ${row.small.ms.toFixed(2).padStart(7)} ms → ${row.large.ms.toFixed(2).padStart(7)} ms  ${row.ratio.toFixed(2)}x  (goal <= ${row.goal}x) ${row.ratio <= row.goal ? 'met' : 'NOT MET'}`,
    );
  }
  const out = path.join(repoRoot, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'scale.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), samples, small, large, results }, null, 2)}\n`,
  );
});
