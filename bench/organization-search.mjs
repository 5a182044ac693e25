// Organization search at scale: a throw-away database (in-memory PGlite, or a fresh database on the
// server DATABASE_URL names, dropped afterwards) with 100,000 organizations, then 200 searches of
// 3–6 characters through the very query function GET /api/organizations/search uses. Prints p50/p95
// and whether PostgreSQL plans the trigram index. Reports only; always exits 0.
//
//   node --import tsx bench/organization-search.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/organization-search.mjs
import { sql } from 'drizzle-orm';
// The benchmark measures the server's own query function and name lists, so it imports server code.
/* eslint-disable no-restricted-imports */
import { districtKinds, places, schoolNames } from '../apps/server/src/db/seed/demo-organizations.ts';
import { organizationSearch, searchOrganizations } from '../apps/server/src/features/affiliations/repository.ts';
/* eslint-enable no-restricted-imports */
import { createBenchDatabase } from './lib/bench-database.mjs';

const organizationCount = 100_000;
const districtCount = 1_000;
const searches = 200;
const levels = ['Elementary School', 'Middle School', 'High School', 'Academy'];

const rows = (result) => result.rows;
const ms = (start) => performance.now() - start;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// A small deterministic generator: the same terms on every run.
let state = 20_261_122;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
  return state / 2_147_483_648;
};
const pick = (list) => list[Math.floor(random() * list.length)];

async function fill(db) {
  const start = performance.now();
  const placeList = JSON.stringify(places);
  const nameList = JSON.stringify(schoolNames);
  const kindList = JSON.stringify(districtKinds);
  const levelList = JSON.stringify(levels);
  // District g: a place (stride 41, coprime with the list) and a kind; the pair is unique.
  const districtName = (g) => sql`(${placeList}::jsonb ->> ((${g} * 41) % ${places.length})::int) || ' ' ||
    (${kindList}::jsonb ->> (${g} % ${districtKinds.length})::int)`;
  await db.execute(
    sql`insert into districts (name) select ${districtName(sql`g`)} from generate_series(0, ${districtCount - 1}) g`,
  );
  // Organization g sits in district g / 100; within a district the name part never repeats.
  await db.execute(sql`
    insert into organizations (name, district_id, mailing_city, mailing_state_province)
    select (${nameList}::jsonb ->> (((g / 100) * 7 + (g % 100) * 41) % ${schoolNames.length})::int) || ' ' ||
        (${levelList}::jsonb ->> (g % 4)::int),
      d.id, 'Springfield', 'NY'
    from generate_series(0, ${organizationCount - 1}) g
    join districts d on d.name = ${districtName(sql`(g / 100)`)}`);
  await db.execute(sql`analyze organizations`);
  await db.execute(sql`analyze districts`);
  const [counted] = rows(await db.execute(sql`select count(*)::int as n from organizations`));
  return { seconds: ms(start) / 1000, organizations: counted.n };
}

/**
 * What people type: mostly the start of a school's distinctive name, sometimes any part of a full
 * name. Trimmed and at least 3 characters, as the route accepts them.
 */
function terms() {
  const list = [];
  while (list.length < searches) {
    const length = 3 + Math.floor(random() * 4);
    let term;
    if (random() < 0.75) term = pick(schoolNames).slice(0, length);
    else {
      const full = `${pick(schoolNames)} ${pick(levels)}`;
      const from = Math.floor(random() * (full.length - length));
      term = full.slice(from, from + length);
    }
    term = term.trim().toLowerCase();
    if (term.length >= 3) list.push(term);
  }
  return list;
}

async function plan(db, search) {
  const { totalCapped } = await searchOrganizations(db, { search, skip: 0, take: 10 });
  const query = organizationSearch(db, { search, skip: 0, take: 10 }, totalCapped);
  const lines = rows(await db.execute(sql`explain ${query}`)).map((row) => row['QUERY PLAN']);
  const indexes = [...new Set(lines.flatMap((line) => line.match(/organizations_\w+/g) ?? []))];
  return { totalCapped, indexes, lines };
}

const database = await createBenchDatabase();
try {
  const { db } = database;
  console.log(`Database: ${database.kind === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL (throw-away database)'}`);
  const filled = await fill(db);
  console.log(
    `Inserted ${filled.organizations.toLocaleString('en-US')} organizations in ${districtCount} districts in ${filled.seconds.toFixed(1)} s`,
  );

  const list = terms();
  await searchOrganizations(db, { search: list[0], skip: 0, take: 10 });
  const timings = [];
  let matched = 0;
  for (const search of list) {
    const start = performance.now();
    const result = await searchOrganizations(db, { search, skip: 0, take: 10 });
    timings.push({ search, elapsed: ms(start), total: result.total, capped: result.totalCapped });
    if (result.total > 0) matched += 1;
  }
  const report = (label, subset) => {
    const sorted = subset.map((t) => t.elapsed).sort((a, b) => a - b);
    if (sorted.length === 0) return;
    console.log(
      `  ${label.padEnd(34)} n=${String(sorted.length).padStart(3)}  p50 ${percentile(sorted, 50).toFixed(1)} ms  p95 ${percentile(sorted, 95).toFixed(1)} ms  max ${sorted.at(-1).toFixed(1)} ms`,
    );
  };
  console.log(`${searches} searches of 3–6 characters (${matched} with matches), first page of 10:`);
  report('all', timings);
  report(
    'terms with ≤ 100 matches',
    timings.filter((t) => t.total <= 100),
  );
  report(
    'terms with 101–1,000 matches',
    timings.filter((t) => t.total > 100 && !t.capped),
  );
  report(
    'terms with > 1,000 matches (by name)',
    timings.filter((t) => t.capped),
  );
  const slowest = [...timings].sort((a, b) => b.elapsed - a.elapsed).slice(0, 3);
  console.log(
    `  slowest: ${slowest.map((t) => `"${t.search}" ${t.elapsed.toFixed(1)} ms (${t.capped ? 'over ' : ''}${t.total.toLocaleString('en-US')} matches)`).join(', ')}`,
  );

  for (const search of ['jeff', 'oakw', slowest[0].search]) {
    const { totalCapped, indexes, lines } = await plan(db, search);
    console.log(
      `EXPLAIN "${search}" (${totalCapped ? 'over 1,000 matches: by name' : 'closest first'}): uses ${indexes.join(', ') || 'no index'}`,
    );
    for (const line of lines) console.log(`    ${line}`);
  }
} catch (error) {
  console.error('Benchmark failed:', error);
} finally {
  await database.close();
}
process.exit(0);
