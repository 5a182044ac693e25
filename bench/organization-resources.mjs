// How organization-resource search (GET /api/organization-resources, PostgreSQL full-text search over
// a weighted tsvector with a GIN index) grows with the data, through the real route (app.inject: the
// member's access check, validation, the ranked query with ts_headline, serialisation), on two
// throw-away PostgreSQL databases side by side:
//   small: 5,000 organization resources      large: 50,000 organization resources
// In both, the member's school (Lincoln) holds the same 250 resources in the school year under way;
// the rest, from the same word lists of PD topics and formats, are spread over 49 other organizations
// and the four seeded school years, so a word matches throughout the table and only the others' data grows.
// Measured, large / small of the median time: a selective search ('fluency'), a common one
// ('guide', in most titles), and the list without a search.
// Writes bench/results/organization-resources.json. Reports only: always exits 0.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/organization-resources.mjs
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { median, repoRoot } from './lib/app-server.mjs';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
process.env.LOG_LEVEL = 'silent';

// The benchmark drives the server's own app and seed, so it imports server code.
const { buildApp } = await import('../apps/server/src/app.ts');
const { loadConfig } = await import('../apps/server/src/config.ts');
const { seedDemo, demoPassword } = await import('../apps/server/src/db/seed/demo.ts');
const { seedLookups } = await import('../apps/server/src/db/seed/lookups.ts');
const { systemClock } = await import('../apps/server/src/platform/clock.ts');
const { localStorage } = await import('../apps/server/src/platform/storage.ts');
const { createTestDatabase } = await import('../apps/server/src/test/database.ts');

export const goals = { selective: 1.5, common: 1.5, list: 1.5 };
const samples = Number(process.env.ORGANIZATION_RESOURCES_SAMPLES ?? 200);
const member = 'teacher.lincoln@demo.test';
const organizationsUsed = 50;
/** The member's school year: the same resources in both databases. */
const mine = 250;

const topics = [
  ['Guided reading in small groups', 'grouping readers by need and prompting for strategies'],
  ['Reading fluency', 'repeated reading, phrasing and expression with partner routines'],
  ['Phonics and word study', 'a systematic sequence of sound-spelling patterns'],
  ['Writing workshop', 'minilessons, conferring with writers and sharing'],
  ['Math number talks', 'short daily discussions of mental computation strategies'],
  ['Argument writing', 'claims, evidence and reasoning across content areas'],
  ['Proportional reasoning', 'ratio tables, double number lines and unit rates'],
  ['Restorative practices', 'circles, affective statements and repairing harm'],
  ['Data-driven instruction', 'common assessments, item analysis and reteach plans'],
  ['Co-teaching models', 'station, parallel and team teaching for inclusive classrooms'],
  ['Academic vocabulary', 'tiered word lists and morphology routines'],
  ['Science notebooks', 'claims, evidence and reasoning in lab write-ups'],
];
// Most formats are guides: 'guide' is the common word.
const formats = ['Planning guide', 'Coaching guide', 'Family guide', 'Assessment guide', 'Lesson sequence', 'Team agenda', 'Pacing guide', 'Study guide'];

const rows = (result) => result.rows;

/** Resources numbered from..to-1 in the given organizations and years, titles and descriptions from the word lists. */
function insertResources(db, from, to, organizations, years) {
  const topicList = JSON.stringify(topics);
  const formatList = JSON.stringify(formats);
  return db.execute(sql`
    with orgs as (${organizations}), years as (${years})
    insert into organization_resources (organization_id, school_year_id, title, grades, description, url)
    select orgs.ids[1 + g % array_length(orgs.ids, 1)], years.ids[1 + (g / array_length(orgs.ids, 1)) % array_length(years.ids, 1)],
      (${formatList}::jsonb ->> (g % ${formats.length})::int) || ': ' || (${topicList}::jsonb -> ((g / 7) % ${topics.length})::int ->> 0) || ' ' || g,
      'Grades K–5',
      'Notes on ' || (${topicList}::jsonb -> ((g / 7) % ${topics.length})::int ->> 1) || ', part ' || (g % 9),
      'https://example.org/resources/' || g
    from generate_series(${from}::int, ${to - 1}::int) g, orgs, years`);
}

/**
 * `count` resources: the member's school and school year hold the same `mine` in both databases, the
 * rest are spread over 49 other organizations and every year, so what grows is everyone else's data.
 */
async function fill(db, count) {
  const lincoln = sql`select array_agg(id) ids from organizations where name = 'Lincoln Elementary School'`;
  const thisYear = sql`select array_agg(id) ids from (select id from school_years where starts_on <= current_date order by starts_on desc limit 1) y`;
  const others = sql`select array_agg(id) ids from (select id from organizations where name <> 'Lincoln Elementary School' order by id limit ${organizationsUsed - 1}) o`;
  const allYears = sql`select array_agg(id order by starts_on) ids from school_years`;
  await insertResources(db, 0, mine, lincoln, thisYear);
  await insertResources(db, mine, count, others, allYears);
  await db.execute(sql`analyze organization_resources`);
}

/** A fresh database with the lookups, the demo accounts and `count` resources, the app over it, and the member's session. */
async function open(count) {
  const database = await createTestDatabase();
  if (database.kind !== 'postgres') {
    await database.close();
    throw new Error('bench:organization-resources needs PostgreSQL (DATABASE_URL)');
  }
  const { db } = database;
  const config = loadConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT_PER_ADDRESS: '1000', PUBLIC_URL: 'http://portal.bench' });
  await seedLookups(db, systemClock());
  await seedDemo(db, config.publicUrl);
  await fill(db, count);
  const files = mkdtempSync(path.join(tmpdir(), 'portal-bench-files-'));
  const app = await buildApp({ config, db, clock: systemClock, storage: localStorage(files) });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-requested-with': 'portal', origin: config.publicUrl },
    payload: { email: member, password: demoPassword },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in of ${member}: ${login.statusCode} ${login.body}`);
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const [place] = rows(await db.execute(sql`
    select r.organization_id as "organizationId", r.school_year_id as "schoolYearId", count(*)::int as n,
      (select count(*)::int from organization_resources) as total
    from organization_resources r join organizations o on o.id = r.organization_id
    where o.name = 'Lincoln Elementary School' group by 1, 2 order by 3 desc limit 1`));
  const close = async () => {
    await app.close();
    await database.close();
    rmSync(files, { recursive: true, force: true });
  };
  return { app, cookie, place, close };
}

function caller({ app, cookie, place }, search) {
  const query = new URLSearchParams({ organizationId: place.organizationId, schoolYearId: place.schoolYearId, page: '1', pageSize: '20', ...(search ? { search } : {}) });
  const url = `/api/organization-resources?${query}`;
  return async () => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response;
  };
}

/** Median milliseconds of two calls measured side by side, alternating, after a warm-up. */
async function sideBySide(small, large) {
  for (let i = 0; i < 20; i += 1) {
    await small();
    await large();
  }
  const timings = { small: [], large: [] };
  const last = {};
  for (let i = 0; i < samples; i += 1) {
    for (const which of i % 2 ? ['small', 'large'] : ['large', 'small']) {
      const start = performance.now();
      last[which] = await (which === 'small' ? small : large)();
      timings[which].push(performance.now() - start);
    }
  }
  return {
    small: { ms: median(timings.small), total: last.small.json().total },
    large: { ms: median(timings.large), total: last.large.json().total },
  };
}

const opened = [];
try {
  const smallDb = await open(5000);
  opened.push(smallDb);
  const largeDb = await open(50_000);
  opened.push(largeDb);
  const number = (n) => n.toLocaleString('en-US');
  const scope = `${number(largeDb.place.total)} vs ${number(smallDb.place.total)} resources`;
  const measure = async (key, label, search) => {
    const timed = await sideBySide(caller(smallDb, search), caller(largeDb, search));
    return { key, measure: `organization resources ${label}, ${scope}`, ...timed, goal: goals[key], ratio: timed.large.ms / timed.small.ms };
  };
  const results = [await measure('selective', "search 'fluency'", 'fluency'), await measure('common', "search 'guide'", 'guide'), await measure('list', 'list (no search)', '')];
  console.log(`Lincoln's school year holds ${smallDb.place.n} / ${largeDb.place.n} of the ${scope}.`);
  console.log(`Median of ${samples} requests each through the app (app.inject), measured side by side, large / small:`);
  for (const row of results) {
    console.log(
      `  ${row.measure.padEnd(70)} ${row.small.ms.toFixed(2).padStart(7)} ms → ${row.large.ms.toFixed(2).padStart(7)} ms  ${row.ratio.toFixed(2)}x  (goal <= ${row.goal}x) ${row.ratio <= row.goal ? 'met' : 'NOT MET'}`,
    );
  }
  const out = path.join(repoRoot, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'organization-resources.json'), `${JSON.stringify({ measuredAt: new Date().toISOString(), samples, results }, null, 2)}\n`);
} catch (error) {
  console.error('Organization resources benchmark failed:', error);
} finally {
  for (const handle of opened) await handle.close();
}
process.exit(0);
