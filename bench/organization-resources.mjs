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
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { repoRoot } from './lib/app-server.mjs';
import { caller, rows, sideBySide, withScratchApps } from './lib/scratch-database.mjs';

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
const formats = [
  'Planning guide',
  'Coaching guide',
  'Family guide',
  'Assessment guide',
  'Lesson sequence',
  'Team agenda',
  'Pacing guide',
  'Study guide',
];

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

/** A scratch database with the demo accounts and `count` resources, the member's session, and where the member's resources are. */
async function open(openScratch, count) {
  const scratch = await openScratch();
  await fill(scratch.db, count);
  const cookie = await scratch.signIn(member);
  const [place] = rows(
    await scratch.db.execute(sql`
    select r.organization_id as "organizationId", r.school_year_id as "schoolYearId", count(*)::int as n,
      (select count(*)::int from organization_resources) as total
    from organization_resources r join organizations o on o.id = r.organization_id
    where o.name = 'Lincoln Elementary School' group by 1, 2 order by 3 desc limit 1`),
  );
  return { ...scratch, cookie, place };
}

/** The member's list of their school year's resources, searched for `search` unless it is empty. */
function listOf({ app, cookie, place }, search) {
  const query = new URLSearchParams({
    organizationId: place.organizationId,
    schoolYearId: place.schoolYearId,
    page: '1',
    pageSize: '20',
    ...(search ? { search } : {}),
  });
  return caller(app, cookie, `/api/organization-resources?${query}`);
}

await withScratchApps('bench:organization-resources', async (openScratch) => {
  const smallDb = await open(openScratch, 5000);
  const largeDb = await open(openScratch, 50_000);
  const number = (n) => n.toLocaleString('en-US');
  const scope = `${number(largeDb.place.total)} vs ${number(smallDb.place.total)} resources`;
  const measure = async (key, label, search) => {
    const timed = await sideBySide(listOf(smallDb, search), listOf(largeDb, search), samples);
    return {
      key,
      measure: `organization resources ${label}, ${scope}`,
      ...timed,
      goal: goals[key],
      ratio: timed.large.ms / timed.small.ms,
    };
  };
  const results = [
    await measure('selective', "search 'fluency'", 'fluency'),
    await measure('common', "search 'guide'", 'guide'),
    await measure('list', 'list (no search)', ''),
  ];
  console.log(`Lincoln's school year holds ${smallDb.place.n} / ${largeDb.place.n} of the ${scope}.`);
  console.log(`Median of ${samples} requests each through the app (app.inject), measured side by side, large / small:`);
  for (const row of results) {
    console.log(
      `  ${row.measure.padEnd(70)} ${row.small.ms.toFixed(2).padStart(7)} ms → ${row.large.ms.toFixed(2).padStart(7)} ms  ${row.ratio.toFixed(2)}x  (goal <= ${row.goal}x) ${row.ratio <= row.goal ? 'met' : 'NOT MET'}`,
    );
  }
  const out = path.join(repoRoot, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, 'organization-resources.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), samples, results }, null, 2)}\n`,
  );
});
