import { and, asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { calendarDateIn } from '@portal/domain/dates.ts';
import {
  askedOccasions,
  certificateReleased,
  evaluationLinkExpiresOn,
  endOccasion,
  evaluationLinkPath,
  occasionOfMarkDay,
  occasionLabel,
  type AskWhen,
} from '@portal/domain/events/evaluations.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Executor, Transaction } from '../db/client.ts';
import { eventDailyAttendances } from '../db/schema/attendance.ts';
import { events, eventSections } from '../db/schema/commerce.ts';
import {
  evaluationRequests,
  evaluationResponses,
  evaluationSubmissions,
  eventEvaluations,
} from '../db/schema/evaluations.ts';
import { users } from '../db/schema/users.ts';
import { deriveKey, sameBytes, signText } from '../platform/crypto.ts';
import { enqueueJob, type JobHandler } from '../platform/jobs.ts';
import { queueMail } from '../platform/mail.ts';

/**
 * Evaluations as the rest of the portal meets them: the one owner of the evaluation tables' shared
 * lookups, the asking that follows a save of marks, and whether a certificate waits
 * (docs/decisions/0175-evaluations.md).
 */

export async function findEventEvaluation(db: Executor, eventId: string) {
  const [row] = await db.select().from(eventEvaluations).where(eq(eventEvaluations.eventId, eventId));
  return row ?? null;
}

/** The event's last day: its sections' last date, else the event's own end. */
export const lastDayOf = (eventId: SQLWrapper | string) => sql<string>`coalesce(
  (select max(d)::text from ${eventSections}, unnest(${eventSections.dates}) as d where ${eventSections.eventId} = ${eventId}),
  (select ${events.endDate}::text from ${events} where ${events.id} = ${eventId}))`;

async function eventLastDay(db: Executor, eventId: string): Promise<string> {
  const [row] = await db
    .select({ lastDay: lastDayOf(eventId) })
    .from(events)
    .where(eq(events.id, eventId));
  return row?.lastDay ?? '';
}

/** A person's attended days at these events, each with the first section (by position) she attended that day. */
export async function attendedDaysAt(db: Executor, userId: string, eventIds: readonly string[]) {
  if (eventIds.length === 0) return [];
  return db
    .selectDistinctOn([eventDailyAttendances.eventId, eventDailyAttendances.date], {
      eventId: eventDailyAttendances.eventId,
      date: sql<string>`${eventDailyAttendances.date}::text`,
      sectionId: eventDailyAttendances.sectionId,
    })
    .from(eventDailyAttendances)
    .innerJoin(eventSections, eq(eventSections.id, eventDailyAttendances.sectionId))
    .where(
      and(
        inArray(eventDailyAttendances.eventId, [...eventIds]),
        eq(eventDailyAttendances.userId, userId),
        eq(eventDailyAttendances.attended, true),
      ),
    )
    .orderBy(
      asc(eventDailyAttendances.eventId),
      asc(eventDailyAttendances.date),
      asc(eventSections.position),
      asc(eventSections.id),
    );
}

/** The occasions a person has answered at these events. */
export async function submittedOccasionsAt(db: Executor, userId: string, eventIds: readonly string[]) {
  if (eventIds.length === 0) return [];
  return db
    .select({ eventId: evaluationSubmissions.eventId, occasion: evaluationSubmissions.occasion })
    .from(evaluationSubmissions)
    .where(and(eq(evaluationSubmissions.userId, userId), inArray(evaluationSubmissions.eventId, [...eventIds])));
}

export const evaluationAskJob = 'evaluation.ask';

/**
 * After marks are saved for `date`: each person marked present (or, for an evaluation asked at the
 * end, each person marked on the last day who attended any day) is asked once per occasion. The
 * request row's key makes the mail's job queued once, however often the marks are saved.
 */
export async function askForEvaluations(
  tx: Transaction,
  input: {
    eventId: string;
    sectionId: string;
    date: string;
    marks: readonly { userId: string; attended: boolean }[];
  },
): Promise<void> {
  const evaluation = await findEventEvaluation(tx, input.eventId);
  if (!evaluation) return;
  const lastDay = await eventLastDay(tx, input.eventId);
  const occasion = occasionOfMarkDay(evaluation.askWhen, input.date, lastDay || input.date);
  if (!occasion) return;
  let people = input.marks.filter((mark) => mark.attended).map((mark) => mark.userId);
  if (evaluation.askWhen === 'END') {
    const anyDay = await tx
      .selectDistinct({ userId: eventDailyAttendances.userId })
      .from(eventDailyAttendances)
      .where(
        and(
          eq(eventDailyAttendances.eventId, input.eventId),
          eq(eventDailyAttendances.attended, true),
          inArray(
            eventDailyAttendances.userId,
            input.marks.map((mark) => mark.userId),
          ),
        ),
      );
    people = anyDay.map((row) => row.userId);
  }
  if (people.length === 0) return;
  const asked = await tx
    .insert(evaluationRequests)
    .values(
      [...new Set(people)]
        .sort()
        .map((userId) => ({ eventId: input.eventId, userId, occasion, sectionId: input.sectionId })),
    )
    .onConflictDoNothing()
    .returning({ userId: evaluationRequests.userId });
  for (const row of asked) {
    await enqueueJob(tx, evaluationAskJob, { eventId: input.eventId, userId: row.userId, occasion });
  }
}

/** One person's occasion of one event, as the mail's signed link names it, and the last day it opens. */
export interface EvaluationLink {
  userId: string;
  eventId: string;
  occasion: string;
  expiresOn: string;
}

// A key of its own (HKDF over ENCRYPTION_KEY): nothing else signed by the server passes for a link.
const linkKeyPurpose = 'members-portal evaluation links v1';
const linkSignatureBytes = 16;
// Who (16 bytes), which event (16), the occasion and the last day (2 each, days after 2000-01-01; 0 is END),
// then the signature: 52 bytes, 70 characters, well under a path parameter's limit.
const linkBodyBytes = 36;
const dayZero = Date.UTC(2000, 0, 1);
const dayMs = 86_400_000;

const dayNumber = (isoDate: string) => Math.round((Date.parse(`${isoDate}T00:00:00Z`) - dayZero) / dayMs);
const isoDay = (day: number) => new Date(dayZero + day * dayMs).toISOString().slice(0, 10);
const uuidBytes = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex');
const uuidOf = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

function linkBody(link: EvaluationLink): Buffer {
  const body = Buffer.alloc(linkBodyBytes);
  uuidBytes(link.userId).copy(body, 0);
  uuidBytes(link.eventId).copy(body, 16);
  body.writeUInt16BE(link.occasion === endOccasion ? 0 : dayNumber(link.occasion), 32);
  body.writeUInt16BE(dayNumber(link.expiresOn), 34);
  return body;
}

const linkSignature = (encryptionKey: Buffer, body: Buffer) =>
  signText(deriveKey(encryptionKey, linkKeyPurpose), body.toString('base64url'), linkSignatureBytes);

/**
 * The token of the mail's one-click link (docs/decisions/0219-signed-evaluation-links.md): who, which form and
 * until when, with an HMAC over them. It opens that one form and nothing else; nothing is stored.
 */
export function signEvaluationLink(encryptionKey: Buffer, link: EvaluationLink): string {
  const body = linkBody(link);
  return Buffer.concat([body, linkSignature(encryptionKey, body)]).toString('base64url');
}

/** What a token names when the server signed it (expired or not: the caller compares the day); null otherwise. */
export function readEvaluationLink(encryptionKey: Buffer, token: string): EvaluationLink | null {
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== linkBodyBytes + linkSignatureBytes || bytes.toString('base64url') !== token) return null;
  const body = bytes.subarray(0, linkBodyBytes);
  if (!sameBytes(linkSignature(encryptionKey, body), bytes.subarray(linkBodyBytes))) return null;
  const occasionDay = body.readUInt16BE(32);
  return {
    userId: uuidOf(body.subarray(0, 16)),
    eventId: uuidOf(body.subarray(16, 32)),
    occasion: occasionDay === 0 ? endOccasion : isoDay(occasionDay),
    expiresOn: isoDay(body.readUInt16BE(34)),
  };
}

/** The mail asking one person: a signed link that opens her form in one click, signed in or not. */
export function evaluationAskJobHandler(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>): JobHandler {
  return async (payload) => {
    const eventId = String(payload.eventId);
    const userId = String(payload.userId);
    const occasion = String(payload.occasion);
    const [row] = await deps.db
      .select({ email: users.email, firstName: users.firstName, eventName: events.name })
      .from(users)
      .innerJoin(events, eq(events.id, eventId))
      .where(eq(users.id, userId));
    const evaluation = await findEventEvaluation(deps.db, eventId);
    if (!row || !evaluation) return;
    const token = signEvaluationLink(deps.config.encryptionKey, {
      userId,
      eventId,
      occasion,
      expiresOn: evaluationLinkExpiresOn(calendarDateIn(deps.clock(), deps.config.timeZone)),
    });
    const link = `${deps.config.publicUrl}${evaluationLinkPath(token)}`;
    const waits = evaluation.requiredForCertificate
      ? '\nYour certificate of attendance is released as soon as you send it.\n'
      : '';
    await queueMail(deps.db, {
      to: row.email,
      subject: `How was ${row.eventName}? Your evaluation`,
      text:
        `Hello ${row.firstName},\n\nThank you for attending ${row.eventName} (${occasionLabel(occasion)}). ` +
        `Please tell us how it went: it takes a few minutes, and you can finish later.\n${waits}\n` +
        `Open the evaluation: ${link}\n`,
    });
  };
}

/**
 * The events among `eventIds` whose certificate waits for this person's evaluation, with the first
 * occasion she still has to answer. Three queries for any number of events.
 */
export async function certificatesAwaitingEvaluation(
  db: Executor,
  userId: string,
  eventIds: readonly string[],
  today: string,
): Promise<Map<string, string>> {
  const waiting = new Map<string, string>();
  if (eventIds.length === 0) return waiting;
  const required = await db
    .select({ eventId: eventEvaluations.eventId, askWhen: eventEvaluations.askWhen })
    .from(eventEvaluations)
    .where(and(inArray(eventEvaluations.eventId, [...eventIds]), eq(eventEvaluations.requiredForCertificate, true)));
  if (required.length === 0) return waiting;
  const ids = required.map((row) => row.eventId);
  const days = await attendedDaysAt(db, userId, ids);
  const submitted = await submittedOccasionsAt(db, userId, ids);
  for (const { eventId, askWhen } of required) {
    const attendedDates = days.filter((day) => day.eventId === eventId).map((day) => day.date);
    const submittedOccasions = submitted.filter((row) => row.eventId === eventId).map((row) => row.occasion);
    if (
      certificateReleased({ evaluation: { askWhen, requiredForCertificate: true }, attendedDates, submittedOccasions })
    )
      continue;
    const open = openOccasion(askWhen, attendedDates, submittedOccasions, today);
    waiting.set(eventId, open);
  }
  return waiting;
}

/** The first occasion not answered yet; at the end, the end occasion even before the last day comes. */
function openOccasion(askWhen: AskWhen, attendedDates: string[], submitted: string[], today: string): string {
  const asked = askedOccasions({ askWhen, attendedDates, lastDay: today, today });
  return asked.find((occasion) => !submitted.includes(occasion)) ?? asked[0] ?? 'END';
}

/**
 * Each event's average over its scale answers (the five-point rating and agreement questions), for the
 * season report; events without a scale answer are absent. One statement for every event asked about.
 */
export async function eventAverages(db: Executor, eventIds: readonly string[]): Promise<Map<string, number>> {
  const averages = new Map<string, number>();
  if (eventIds.length === 0) return averages;
  const rows = await db
    .select({
      eventId: evaluationResponses.eventId,
      average: sql<string | null>`avg((answer.value)::numeric)`,
    })
    .from(evaluationResponses)
    .innerJoin(eventEvaluations, eq(eventEvaluations.eventId, evaluationResponses.eventId))
    .innerJoin(sql`jsonb_each(${evaluationResponses.answers}) as answer`, sql`true`)
    .where(
      and(
        inArray(evaluationResponses.eventId, [...eventIds]),
        sql`jsonb_typeof(answer.value) = 'number'
          and exists (select 1 from jsonb_array_elements(${eventEvaluations.questions}) as q
            where q ->> 'id' = answer.key and q ->> 'kind' in ('RATING', 'AGREEMENT'))`,
      ),
    )
    .groupBy(evaluationResponses.eventId);
  for (const row of rows)
    if (row.average !== null) averages.set(row.eventId, Math.round(Number(row.average) * 100) / 100);
  return averages;
}
