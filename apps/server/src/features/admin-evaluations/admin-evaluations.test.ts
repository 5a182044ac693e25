import { beforeAll, describe, expect, it } from 'vitest';
import {
  defaultEvaluationForm,
  evaluationMessages,
  type EvaluationInput,
  type EvaluationResults,
  type StaffEvaluation,
} from '@portal/domain/events/evaluations.ts';
import type { SeasonReport } from '@portal/domain/events/event-reports.ts';
import { createSession, sessionCookie } from '../../platform/sessions.ts';
import { createAttendanceSection } from '../../test/attendance-factories.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { readCsv, readXlsx } from '../../test/exports.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

async function sessionFor(userId: string): Promise<Caller> {
  const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, { userId });
  return { cookie: `${sessionCookie}=${secret}` };
}

const questions: EvaluationInput['questions'] = [
  ...defaultEvaluationForm,
  { id: 'format', kind: 'SINGLE_CHOICE', prompt: 'Best format?', required: false, options: ['In person', 'Online'] },
  { id: 'topics', kind: 'MULTIPLE_CHOICE', prompt: 'Topics wanted', required: false, options: ['Phonics', 'Math'] },
];

let staff: Caller;
let world: Awaited<ReturnType<typeof createAttendanceSection>>;
let input: EvaluationInput;
const url = () => `/api/admin/evaluations/${world.event.id}`;

beforeAll(async () => {
  staff = (await signedInUser(t, 'STAFF')).caller;
  world = await createAttendanceSection(t.deps.db, ['2026-11-22']);
  input = {
    questions,
    askWhen: 'EACH_DAY',
    requiredForCertificate: false,
    anonymous: false,
    facilitators: { [world.section.id]: 'Fran Facilitator', [world.otherSection.id]: 'Fran Facilitator' },
  };
});

describe('building an evaluation', () => {
  it('offers the default template for an event without one', async () => {
    const answer = await call(t.app, 'GET', url(), { caller: staff });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ exists: false, questions: defaultEvaluationForm, responses: 0 });
    expect(answer.json<StaffEvaluation>().sections.map((section) => section.id)).toContain(world.section.id);
  });

  it('refuses members (403), the signed-out (401) and an unknown event (404)', async () => {
    const member = (await signedInUser(t)).caller;
    expect((await call(t.app, 'GET', url(), { caller: member })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', url(), { caller: member, body: input })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `${url()}/results`, { caller: member })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `${url()}/results/export?format=csv`, { caller: member })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url())).statusCode).toBe(401);
    const unknown = '/api/admin/evaluations/00000000-0000-4000-8000-000000000000';
    expect((await call(t.app, 'GET', unknown, { caller: staff })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', unknown, { caller: staff, body: input })).statusCode).toBe(404);
  });

  it.each([
    ['no question', { questions: [] }],
    [
      'a choice of one option',
      { questions: [{ id: 'c', kind: 'SINGLE_CHOICE', prompt: 'C', required: true, options: ['A'] }] },
    ],
    ['two questions with one id', { questions: [questions[0], questions[0]] }],
    ['an unknown kind', { questions: [{ id: 'c', kind: 'SLIDER', prompt: 'C', required: true }] }],
    ['no time to ask', { askWhen: 'SOMETIMES' }],
  ])('refuses %s (400)', async (_name, change) => {
    expect((await call(t.app, 'PUT', url(), { caller: staff, body: { ...input, ...change } })).statusCode).toBe(400);
  });

  it('saves the evaluation in order, keeping only facilitators of the event’s sections', async () => {
    const saved = await call(t.app, 'PUT', url(), {
      caller: staff,
      body: { ...input, facilitators: { ...input.facilitators, '00000000-0000-4000-8000-000000000000': 'Nobody' } },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      exists: true,
      questions,
      askWhen: 'EACH_DAY',
      facilitators: input.facilitators,
    });
  });
});

describe('results', () => {
  beforeAll(async () => {
    const taker = await sessionFor(world.taker.id);
    const marked = await call(t.app, 'PUT', `/api/events/${world.event.id}/attendance/${world.section.id}`, {
      caller: taker,
      body: { date: '2026-11-22', rows: [{ userId: world.holder.id, attended: true }] },
    });
    if (marked.statusCode !== 200) throw new Error(marked.body);
    const sent = await call(t.app, 'POST', `/api/evaluations/${world.event.id}/2026-11-22`, {
      caller: await sessionFor(world.holder.id),
      body: {
        answers: {
          relevance: 5,
          apply: 'Guided reading groups',
          facilitator: 4,
          organization: 3,
          format: 'Online',
          topics: ['Phonics', 'Math'],
        },
      },
    });
    if (sent.statusCode !== 200) throw new Error(sent.body);
  });

  it('locks the questions and anonymity once answered (409), not the other settings', async () => {
    const changed = await call(t.app, 'PUT', url(), {
      caller: staff,
      body: { ...input, questions: questions.slice(1) },
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().detail).toBe(evaluationMessages.formLocked);
    expect((await call(t.app, 'PUT', url(), { caller: staff, body: { ...input, anonymous: true } })).statusCode).toBe(
      409,
    );
    const waits = await call(t.app, 'PUT', url(), { caller: staff, body: { ...input, requiredForCertificate: true } });
    expect(waits.statusCode).toBe(200);
    expect(waits.json()).toMatchObject({ requiredForCertificate: true, responses: 1 });
  });

  it('counts the response rate and each question per event, section and facilitator', async () => {
    const answer = await call(t.app, 'GET', `${url()}/results`, { caller: staff });
    expect(answer.statusCode).toBe(200);
    const results = answer.json<EvaluationResults>();
    expect(results.overall).toMatchObject({ responses: 1, asked: 1, responseRate: 100, average: 4 });
    const relevance = results.overall.questions.find((question) => question.id === 'relevance');
    expect(relevance?.distribution.at(-1)).toEqual({ label: '5 Excellent', count: 1, percent: 100 });
    const apply = results.overall.questions.find((question) => question.id === 'apply');
    expect(apply?.texts).toEqual(['Guided reading groups']);
    expect(results.groups).toEqual([
      expect.objectContaining({
        by: 'SECTION',
        name: world.section.title,
        summary: expect.objectContaining({ responses: 1 }),
      }),
      expect.objectContaining({ by: 'FACILITATOR', name: 'Fran Facilitator' }),
    ]);
  });

  it('exports the responses as CSV and Excel, with the person for a named evaluation', async () => {
    const csv = await call(t.app, 'GET', `${url()}/results/export?format=csv`, { caller: staff });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const [header, row] = readCsv(csv.body);
    expect(header).toEqual([
      'Name',
      'Email',
      'Occasion',
      'Section',
      'Facilitator',
      'Submitted on',
      ...questions.map((question) => question.prompt),
    ]);
    expect(row).toEqual([
      'Hal Holder',
      world.holder.email,
      '2026-11-22',
      world.section.title,
      'Fran Facilitator',
      '2026-11-22',
      '5',
      'Guided reading groups',
      '4',
      '3',
      '',
      'Online',
      'Phonics; Math',
    ]);
    const xlsx = await call(t.app, 'GET', `${url()}/results/export?format=xlsx`, { caller: staff });
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet[0]?.[0]).toBe('Name');
    expect(sheet[1]?.slice(0, 2)).toEqual(['Hal Holder', world.holder.email]);
    expect(sheet[1]?.[6]).toBe(5);
    expect((await call(t.app, 'GET', `${url()}/results/export?format=pdf`, { caller: staff })).statusCode).toBe(400);
  });

  it('puts the event’s average beside its revenue and attendance in the season report', async () => {
    const season = await call(t.app, 'GET', '/api/admin/reports/season', { caller: staff });
    expect(season.statusCode).toBe(200);
    const row = season.json<SeasonReport>().events.find((event) => event.eventId === world.event.id);
    expect(row).toEqual({
      eventId: world.event.id,
      name: world.event.name,
      startDate: world.event.startDate,
      revenueCents: expect.any(Number),
      attended: 1,
      evaluationAverage: 4,
    });
  });

  it('answers 404 for the results of an event without an evaluation', async () => {
    const other = await createAttendanceSection(t.deps.db, ['2026-11-22']);
    const answer = await call(t.app, 'GET', `/api/admin/evaluations/${other.event.id}/results`, { caller: staff });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().detail).toBe(evaluationMessages.noEvaluation);
  });
});
