import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { awaitingEvaluationText } from '@portal/domain/events/certificates.ts';
import {
  defaultEvaluationForm,
  evaluationLinkExpiresOn,
  evaluationMessages,
  type EvaluationInput,
  type MyEvaluation,
} from '@portal/domain/events/evaluations.ts';
import { certificates } from '../../db/schema/attendance.ts';
import {
  evaluationAskJob,
  evaluationAskJobHandler,
  readEvaluationLink,
  signEvaluationLink,
} from '../../core/evaluations.ts';
import { evaluationRequests, evaluationResponses, evaluationSubmissions } from '../../db/schema/evaluations.ts';
import { auditLog, jobs, mailMessages } from '../../db/schema/platform.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { createSession, sessionCookie } from '../../platform/sessions.ts';
import { createAttendanceSection } from '../../test/attendance-factories.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();
const days = ['2026-11-21', '2026-11-22'];

async function sessionFor(userId: string): Promise<Caller> {
  const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, { userId });
  return { cookie: `${sessionCookie}=${secret}` };
}

type World = Awaited<ReturnType<typeof createAttendanceSection>>;

const settings = (overrides: Partial<EvaluationInput> = {}): EvaluationInput => ({
  questions: defaultEvaluationForm,
  askWhen: 'END',
  requiredForCertificate: true,
  anonymous: false,
  facilitators: {},
  ...overrides,
});

const complete = {
  relevance: 4,
  apply: 'Running records every week',
  facilitator: 5,
  organization: 4,
  comment: 'Thank you',
};

let staff: Caller;

async function eventWithEvaluation(input: EvaluationInput) {
  const world = await createAttendanceSection(t.deps.db, days);
  const saved = await call(t.app, 'PUT', `/api/admin/evaluations/${world.event.id}`, { caller: staff, body: input });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  return world;
}

async function mark(world: World, date: string, attended = true) {
  const saved = await call(t.app, 'PUT', `/api/events/${world.event.id}/attendance/${world.section.id}`, {
    caller: await sessionFor(world.taker.id),
    body: { date, rows: [{ userId: world.holder.id, attended }] },
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
}

const askMails = () => runDueJobs(t.deps.db, { [evaluationAskJob]: evaluationAskJobHandler(t.deps) });

beforeAll(async () => {
  staff = (await signedInUser(t, 'STAFF')).caller;
});

describe('an evaluation asked at the end that the certificate waits for', () => {
  let world: World;
  let holder: Caller;
  const path = () => `/api/evaluations/${world.event.id}/END`;

  beforeAll(async () => {
    world = await eventWithEvaluation(settings());
    holder = await sessionFor(world.holder.id);
    await mark(world, '2026-11-21');
  });

  it('asks no one before the last day, then mails the attendee once with a link to the form', async () => {
    const requests = () =>
      t.deps.db.select().from(evaluationRequests).where(eq(evaluationRequests.eventId, world.event.id));
    expect(await requests()).toHaveLength(0);
    await mark(world, '2026-11-22');
    await mark(world, '2026-11-22');
    expect(await requests()).toHaveLength(1);
    const queued = await t.deps.db
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = ${evaluationAskJob} and ${jobs.payload} ->> 'eventId' = ${world.event.id}`);
    expect(queued).toHaveLength(1);
    await askMails();
    const mails = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, world.holder.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`How was ${world.event.name}? Your evaluation`);
    const token = /http:\/\/portal\.test\/members\/evaluate\/(\S+)/.exec(mails[0]?.text ?? '')?.[1];
    expect(readEvaluationLink(t.deps.config.encryptionKey, token ?? '')).toMatchObject({
      userId: world.holder.id,
      eventId: world.event.id,
      occasion: 'END',
    });
    expect(mails[0]?.text).toContain('Your certificate of attendance is released as soon as you send it.');
  });

  it('holds the certificate: no code, the download refused (403), the code not verified, the transcript saying why', async () => {
    const mine = await call(t.app, 'GET', '/api/certificates', { caller: holder });
    const [certificate] = mine.json().items;
    expect(certificate).toMatchObject({ eventId: world.event.id, code: null, awaitingEvaluation: 'END' });
    const pdf = await call(t.app, 'GET', `/api/certificates/${certificate.id}/pdf`, { caller: holder });
    expect(pdf.statusCode).toBe(403);
    expect(pdf.json().detail).toBe(awaitingEvaluationText);
    const [stored] = await t.deps.db.select().from(certificates).where(eq(certificates.id, certificate.id));
    expect((await call(t.app, 'GET', `/api/verify/${stored?.code}`)).statusCode).toBe(404);
    const csv = await call(t.app, 'GET', '/api/certificates/transcript.csv', { caller: holder });
    expect(csv.body).toContain(`${world.event.name},11/21/2026 11/22/2026,12,${awaitingEvaluationText}`);
  });

  it('lists the evaluation for the attendee and refuses anyone not asked (404)', async () => {
    const mine = await call(t.app, 'GET', '/api/evaluations', { caller: holder });
    expect(mine.json().items).toEqual([
      expect.objectContaining({ eventId: world.event.id, occasion: 'END', submitted: false, draft: {} }),
    ]);
    const applicant = await sessionFor(world.applicant.id);
    const stranger = (await signedInUser(t)).caller;
    for (const someone of [applicant, stranger]) {
      expect((await call(t.app, 'GET', path(), { caller: someone })).statusCode).toBe(404);
      const answered = await call(t.app, 'POST', path(), { caller: someone, body: { answers: complete } });
      expect(answered.statusCode).toBe(404);
      expect(answered.json().detail).toBe(evaluationMessages.notAsked);
    }
    expect(
      (await call(t.app, 'GET', `/api/evaluations/${world.event.id}/2026-11-21`, { caller: holder })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/evaluations/${world.event.id}/someday`, { caller: holder })).statusCode,
    ).toBe(400);
    expect((await call(t.app, 'GET', path())).statusCode).toBe(401);
  });

  it('keeps a half-filled form as she goes', async () => {
    const saved = await call(t.app, 'PUT', `${path()}/draft`, { caller: holder, body: { answers: { relevance: 3 } } });
    expect(saved.statusCode).toBe(200);
    const again = await call(t.app, 'PUT', `${path()}/draft`, {
      caller: holder,
      body: { answers: { relevance: 4, apply: 'Centres' } },
    });
    expect(again.json().draft).toEqual({ relevance: 4, apply: 'Centres' });
    expect((await call(t.app, 'GET', path(), { caller: holder })).json().draft).toEqual({
      relevance: 4,
      apply: 'Centres',
    });
    const bad = await call(t.app, 'PUT', `${path()}/draft`, { caller: holder, body: { answers: { relevance: 9 } } });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a missing required answer, a value off the scale and an unknown question (400)', async () => {
    const missing = await call(t.app, 'POST', path(), {
      caller: holder,
      body: { answers: { ...complete, apply: ' ' } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ apply: evaluationMessages.required });
    const offScale = await call(t.app, 'POST', path(), {
      caller: holder,
      body: { answers: { ...complete, relevance: 0 } },
    });
    expect(offScale.json().errors).toEqual({ relevance: evaluationMessages.notOnScale });
    const unknown = await call(t.app, 'POST', path(), { caller: holder, body: { answers: { ...complete, other: 1 } } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toBe(evaluationMessages.unknownQuestion);
    expect(
      await t.deps.db.select().from(evaluationSubmissions).where(eq(evaluationSubmissions.userId, world.holder.id)),
    ).toEqual([]);
  });

  it('takes her answers once, with her name, drops the draft and releases the certificate at once', async () => {
    const sent = await call(t.app, 'POST', path(), { caller: holder, body: { answers: complete } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ submitted: true, draft: {} });
    const twice = await call(t.app, 'POST', path(), { caller: holder, body: { answers: complete } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(evaluationMessages.alreadyAnswered);
    const draftAfter = await call(t.app, 'PUT', `${path()}/draft`, { caller: holder, body: { answers: {} } });
    expect(draftAfter.statusCode).toBe(409);

    const rows = await t.deps.db
      .select()
      .from(evaluationResponses)
      .where(eq(evaluationResponses.eventId, world.event.id));
    expect(rows).toEqual([
      expect.objectContaining({ userId: world.holder.id, anonymous: false, occasion: 'END', answers: complete }),
    ]);

    const [certificate] = (await call(t.app, 'GET', '/api/certificates', { caller: holder })).json().items;
    expect(certificate.awaitingEvaluation).toBeNull();
    expect(certificate.code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const pdf = await call(t.app, 'GET', `/api/certificates/${certificate.id}/pdf`, { caller: holder });
    expect(pdf.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/verify/${certificate.code}`)).statusCode).toBe(200);
  });

  it('keeps one answer when two submits race', async () => {
    const other = await eventWithEvaluation(settings());
    await mark(other, '2026-11-22');
    const caller = await sessionFor(other.holder.id);
    const url = `/api/evaluations/${other.event.id}/END`;
    const answers = await Promise.all([
      call(t.app, 'POST', url, { caller, body: { answers: complete } }),
      call(t.app, 'POST', url, { caller, body: { answers: complete } }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.deps.db
      .select()
      .from(evaluationResponses)
      .where(eq(evaluationResponses.eventId, other.event.id));
    expect(rows).toHaveLength(1);
  });
});

describe('an anonymous evaluation asked after each day', () => {
  let world: World;
  let holder: Caller;

  beforeAll(async () => {
    world = await eventWithEvaluation(settings({ anonymous: true, askWhen: 'EACH_DAY' }));
    holder = await sessionFor(world.holder.id);
    await mark(world, '2026-11-21');
    await mark(world, '2026-11-22');
  });

  it('asks about each attended day and waits for both before the certificate', async () => {
    const { items } = (await call(t.app, 'GET', '/api/evaluations', { caller: holder })).json<{
      items: MyEvaluation[];
    }>();
    expect(items.map((item) => item.occasion)).toEqual(days);
    const first = await call(t.app, 'POST', `/api/evaluations/${world.event.id}/2026-11-21`, {
      caller: holder,
      body: { answers: complete },
    });
    expect(first.statusCode).toBe(200);
    const [held] = (await call(t.app, 'GET', '/api/certificates', { caller: holder })).json().items;
    expect(held).toMatchObject({ code: null, awaitingEvaluation: '2026-11-22' });
    await call(t.app, 'POST', `/api/evaluations/${world.event.id}/2026-11-22`, {
      caller: holder,
      body: { answers: { ...complete, comment: 'Second day' } },
    });
    const [released] = (await call(t.app, 'GET', '/api/certificates', { caller: holder })).json().items;
    expect(released.awaitingEvaluation).toBeNull();
  });

  it('keeps no response row that can be tied to her, as the database holds it', async () => {
    const rows = await t.deps.db.execute(
      sql`select to_jsonb(r) as row from evaluation_responses r where r.event_id = ${world.event.id}`,
    );
    const responses = (rows as { rows: { row: Record<string, unknown> }[] }).rows.map((entry) => entry.row);
    expect(responses).toHaveLength(2);
    const person = [world.holder.id, world.holder.email, world.holder.firstName, world.holder.lastName];
    for (const response of responses) {
      expect(response.user_id).toBeNull();
      expect(response.anonymous).toBe(true);
      // A day, never the moment: the submission's time does not find its response.
      expect(response.submitted_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const text = JSON.stringify(response);
      for (const part of person) expect(text).not.toContain(part);
    }
    // Nothing links a response to a person or to a submission row: no foreign key from or to it but event and section.
    const links = await t.deps.db.execute(sql`
      select c.conrelid::regclass::text as from_table, c.confrelid::regclass::text as to_table, a.attname as column_name
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and (c.conrelid = 'evaluation_responses'::regclass or c.confrelid = 'evaluation_responses'::regclass)
      order by a.attname`);
    expect((links as { rows: { to_table: string; column_name: string }[] }).rows).toEqual([
      expect.objectContaining({ column_name: 'event_id', to_table: 'events' }),
      expect.objectContaining({ column_name: 'section_id', to_table: 'event_sections' }),
      expect.objectContaining({ column_name: 'user_id', to_table: 'users' }),
    ]);
    const submissionColumns = await t.deps.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'evaluation_submissions' order by 1`,
    );
    expect((submissionColumns as { rows: { column_name: string }[] }).rows.map((row) => row.column_name)).toEqual([
      'event_id',
      'occasion',
      'submitted_at',
      'user_id',
    ]);
  });

  it('refuses, in the database, an anonymous response that names a person', async () => {
    await expect(
      t.deps.db.insert(evaluationResponses).values({
        eventId: world.event.id,
        anonymous: true,
        userId: world.holder.id,
        occasion: '2026-11-21',
        answers: {},
        submittedOn: '2026-11-22',
      }),
    ).rejects.toThrow();
  });

  it('reports and exports without naming anyone', async () => {
    const results = await call(t.app, 'GET', `/api/admin/evaluations/${world.event.id}/results`, { caller: staff });
    expect(results.statusCode).toBe(200);
    expect(results.json()).toMatchObject({ anonymous: true, overall: { responses: 2, asked: 2, responseRate: 100 } });
    const csv = await call(t.app, 'GET', `/api/admin/evaluations/${world.event.id}/results/export?format=csv`, {
      caller: staff,
    });
    expect(csv.statusCode).toBe(200);
    const [header] = csv.body.split('\r\n');
    expect(header).toBe(
      `Occasion,Section,Facilitator,Submitted on,${defaultEvaluationForm.map((question) => question.prompt).join(',')}`,
    );
    for (const body of [results.body, csv.body])
      for (const part of [world.holder.id, world.holder.email, `${world.holder.firstName} ${world.holder.lastName}`])
        expect(body).not.toContain(part);
  });
});

describe('the mail\u2019s signed link', () => {
  let world: World;
  let token: string;
  const byLink = (link: string) => `/api/evaluations/links/${link}`;

  beforeAll(async () => {
    world = await eventWithEvaluation(settings());
    await mark(world, '2026-11-22');
    await askMails();
    const [mail] = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, world.holder.email));
    token = /\/members\/evaluate\/(\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
  });

  it('opens her form without signing in and keeps a half-filled form', async () => {
    const opened = await call(t.app, 'GET', byLink(token));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ eventId: world.event.id, occasion: 'END', submitted: false, draft: {} });
    const half = { relevance: 3, apply: 'Exit tickets' };
    const kept = await call(t.app, 'PUT', `${byLink(token)}/draft`, { body: { answers: half } });
    expect(kept.statusCode).toBe(200);
    expect((await call(t.app, 'GET', byLink(token))).json().draft).toEqual(half);
    // The same draft is hers when she signs in.
    const signedIn = await call(t.app, 'GET', `/api/evaluations/${world.event.id}/END`, {
      caller: await sessionFor(world.holder.id),
    });
    expect(signedIn.json().draft).toEqual(half);
  });

  it('refuses an incomplete answer, then takes her answers once and releases her certificate', async () => {
    const incomplete = await call(t.app, 'POST', byLink(token), { body: { answers: { relevance: 3 } } });
    expect(incomplete.statusCode).toBe(400);
    const sent = await call(t.app, 'POST', byLink(token), { body: { answers: complete } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ submitted: true, draft: {} });
    expect((await call(t.app, 'POST', byLink(token), { body: { answers: complete } })).statusCode).toBe(409);
    const [response] = await t.deps.db
      .select()
      .from(evaluationResponses)
      .where(eq(evaluationResponses.eventId, world.event.id));
    expect(response).toMatchObject({ userId: world.holder.id, answers: complete });
    const [audited] = await t.deps.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'evaluation.submitted' and ${auditLog.subjectId} = ${world.event.id}`);
    expect(audited).toMatchObject({ actorId: world.holder.id, data: { occasion: 'END', via: 'link' } });
    const holder = await sessionFor(world.holder.id);
    const [certificate] = (await call(t.app, 'GET', '/api/certificates', { caller: holder })).json().items;
    expect(certificate.awaitingEvaluation).toBeNull();
  });

  it('opens nothing with a token it did not sign, one changed to name someone else, or one whose days are over', async () => {
    const link = readEvaluationLink(t.deps.config.encryptionKey, token);
    if (!link) throw new Error('the mail has no signed link');
    const bytes = Buffer.from(token, 'base64url');
    Buffer.from(world.taker.id.replaceAll('-', ''), 'hex').copy(bytes, 0);
    const otherPerson = bytes.toString('base64url');
    const expired = signEvaluationLink(t.deps.config.encryptionKey, {
      ...link,
      expiresOn: evaluationLinkExpiresOn('2020-01-01'),
    });
    const signedByAnother = signEvaluationLink(Buffer.alloc(32, 7), link);
    for (const bad of [otherPerson, expired, signedByAnother, 'not-a-token']) {
      const answer = await call(t.app, 'GET', byLink(bad));
      expect(answer.statusCode, bad).toBe(404);
      expect(answer.json().detail).toBe(evaluationMessages.linkInvalid);
      expect((await call(t.app, 'POST', byLink(bad), { body: { answers: complete } })).statusCode).toBe(404);
    }
    expect(link.expiresOn).toBe(evaluationLinkExpiresOn(new Date(t.deps.clock()).toISOString().slice(0, 10)));
    expect((await call(t.app, 'GET', byLink('has%20space'))).statusCode).toBe(400);
  });

  it('opens nothing for someone the link names who was not asked', async () => {
    const notAsked = signEvaluationLink(t.deps.config.encryptionKey, {
      userId: world.applicant.id,
      eventId: world.event.id,
      occasion: 'END',
      expiresOn: evaluationLinkExpiresOn('2026-11-22'),
    });
    const answer = await call(t.app, 'GET', byLink(notAsked));
    expect(answer.statusCode).toBe(404);
    expect(answer.json().detail).toBe(evaluationMessages.notAsked);
    // A day's occasion reads back as that day.
    const ofADay = {
      userId: world.holder.id,
      eventId: world.event.id,
      occasion: '2026-11-21',
      expiresOn: '2027-01-20',
    };
    expect(
      readEvaluationLink(t.deps.config.encryptionKey, signEvaluationLink(t.deps.config.encryptionKey, ofADay)),
    ).toEqual(ofADay);
  });
});
