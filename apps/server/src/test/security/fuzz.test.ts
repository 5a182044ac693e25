import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { sentProblem } from '@portal/domain/problems/contracts.ts';
import { createSession, sessionCookie } from '../../platform/sessions.ts';
import { createCompleteApplication, createInstitute } from '../application-factories.ts';
import { createConferenceDay, createCoupon, createPayment } from '../commerce-factories.ts';
import { addMembership, createOrganization, createUser } from '../factories.ts';
import { useTestApp } from '../harness.ts';
import { changedTables, databaseFingerprint } from './fingerprint.ts';
import { operationsOf, requestFor, type FuzzRequest, type Operation } from './fuzz-requests.ts';

/**
 * The OpenAPI-driven fuzz (issue 10, "The proof suite"): every operation of app.swagger() gets
 * requests built from its own schema, then bent (NUL, huge and unicode strings, numbers out of range,
 * wrong types, prototype-polluting keys, foreign Origins, wrong content types, malformed multipart)
 * and sent as an anonymous caller, a member who owns a school and has payments and an application,
 * and staff. Whatever comes in: no 5xx, every error in the one problem+json shape, and nothing
 * written by a refused request.
 *
 * The seed is fixed, so a run is repeatable. `npm test` sends FUZZ_RUNS_PER_OPERATION requests per
 * operation (default 3); `npm run bench:fuzz` raises it and may pass another FUZZ_SEED.
 */

// Knobs of this test run, not app configuration: bench/fuzz.mjs sets them for the long run.
// eslint-disable-next-line no-restricted-properties -- see above
const { FUZZ_SEED, FUZZ_RUNS_PER_OPERATION, FUZZ_SUMMARY } = process.env;
const seed = Number(FUZZ_SEED ?? 20_261_124);
const runsPerOperation = Number(FUZZ_RUNS_PER_OPERATION ?? 3);

const t = useTestApp();
/** How often each status came back: the long run prints it, to show the fuzz reaches past validation. */
const statuses = new Map<number, number>();

interface Finding {
  operation: string;
  request: string;
  problem: string;
}

let operations: Operation[] = [];
let ids: string[] = [];
let users: { member: string; staff: string } = { member: '', staff: '' };

beforeAll(async () => {
  const db = t.deps.db;
  const member = await createUser(db);
  const staff = await createUser(db, { role: 'STAFF' });
  const organization = await createOrganization(db);
  const ownership = await addMembership(db, organization.id, member.id, 'OWNER');
  const day = await createConferenceDay(db, 5);
  const coupon = await createCoupon(db, { maxUses: 1 });
  const payment = await createPayment(db, {
    userId: member.id,
    organizationId: organization.id,
    status: 'AWAITING_PO',
    lines: [{ eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 2 }],
  });
  const institute = await createInstitute(db);
  const application = await createCompleteApplication(db, institute, member.id, { status: 'ACCEPTED' });
  users = { member: member.id, staff: staff.id };
  // Real ids, so that path parameters often reach a row and the code behind the 404s runs too.
  ids = [
    member.id,
    staff.id,
    organization.id,
    organization.districtId ?? organization.id,
    ownership.id,
    day.event.id,
    day.ticketType.id,
    day.path.id,
    day.grouping.id,
    day.section.id,
    coupon.id,
    payment.id,
    institute.event.id,
    institute.questions.why.id,
    institute.firstYear.path.id,
    application.id,
  ];
  await t.app.ready();
  operations = operationsOf(t.app.swagger());
});

/**
 * One session per role, made again after any request that succeeded (it may have signed out,
 * impersonated or changed the email, which ends sessions). A refusal writes nothing, so the
 * fingerprint taken after it is the next request's "before": one fingerprint per request.
 */
const sessions = new Map<FuzzRequest['role'], string>();
let fingerprint: string | null = null;

async function cookieFor(role: FuzzRequest['role']): Promise<string | undefined> {
  if (role === 'anonymous') return undefined;
  const existing = sessions.get(role);
  if (existing) return existing;
  const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, { userId: users[role] });
  const cookie = `${sessionCookie}=${secret}`;
  sessions.set(role, cookie);
  fingerprint = null;
  return cookie;
}

function describeRequest(request: FuzzRequest): string {
  const body = request.payload === undefined ? '' : ` body=${JSON.stringify(String(request.payload).slice(0, 300))}`;
  return `${request.role} ${request.method} ${request.url.slice(0, 300)} headers=${JSON.stringify(request.headers)}${body}`;
}

async function send(operation: Operation, request: FuzzRequest): Promise<Finding[]> {
  const cookie = await cookieFor(request.role);
  fingerprint ??= await databaseFingerprint(t.deps.db);
  const before = fingerprint;
  const response = await t.app.inject({
    method: request.method,
    url: request.url,
    headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  });
  const findings: Finding[] = [];
  const found = (problem: string) =>
    findings.push({ operation: `${operation.method} ${operation.path}`, request: describeRequest(request), problem });
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  if (response.statusCode < 400) {
    sessions.clear();
    fingerprint = null;
  }
  if (response.statusCode >= 500) found(`answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  if (response.statusCode >= 400) {
    const type = String(response.headers['content-type'] ?? '');
    if (!type.startsWith('application/problem+json'))
      found(`error ${response.statusCode} sent as ${type || 'no content type'}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      parsed = response.body;
    }
    const shape = sentProblem.safeParse(parsed);
    if (!shape.success) found(`error ${response.statusCode} is not the problem shape: ${response.body.slice(0, 300)}`);
    else if (shape.data.status !== response.statusCode)
      found(`problem status ${shape.data.status} differs from HTTP ${response.statusCode}`);
    fingerprint = await databaseFingerprint(t.deps.db);
    const changed = changedTables(before, fingerprint);
    if (changed.length > 0) found(`refused with ${response.statusCode} but wrote to ${changed.join(', ')}`);
  }
  return findings;
}

describe('OpenAPI-driven fuzz (fixed seed)', () => {
  it('covers every API route the server registers', () => {
    const documented = new Set(operations.map((operation) => `${operation.method} ${operation.path}`));
    const registered = t.app.registeredRoutes
      .filter(
        (route) =>
          route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.url !== '/api/openapi.json',
      )
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.filter((route) => !documented.has(route))).toEqual([]);
    expect(operations.length).toBeGreaterThan(50);
  });

  it(
    'no 5xx, every error problem+json, no write on refusal',
    async () => {
      const findings: Finding[] = [];
      for (const [index, operation] of operations.entries()) {
        // One request at the schema's edges (the class of the int4 overflows), then the random ones.
        const requests = [
          ...fc.sample(requestFor(operation, ids, true), { numRuns: 1, seed: seed + index }),
          ...fc.sample(requestFor(operation, ids), { numRuns: runsPerOperation, seed: seed + index }),
        ];
        for (const request of requests) findings.push(...(await send(operation, request)));
      }
      if (FUZZ_SUMMARY) console.info('statuses', Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
      expect(findings).toEqual([]);
    },
    // About a second per request on the slowest machine, for the roughly 110 operations.
    Math.max(120_000, runsPerOperation * 110 * 1_000),
  );
});
