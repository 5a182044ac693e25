import { and, asc, desc, eq } from 'drizzle-orm';
import {
  certificateMessages,
  normalizeCertificateCode,
  transcriptCsv,
  type VerifiedCertificate,
} from '@portal/domain/events/certificates.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import { evaluationMessages } from '@portal/domain/events/evaluations.ts';
import type { AppDeps } from '../../app-deps.ts';
import { certificates } from '../../db/schema/attendance.ts';
import { events } from '../../db/schema/commerce.ts';
import { users } from '../../db/schema/users.ts';
import { certificatePdf, transcriptPdf } from '../../core/certificates.ts';
import { certificatesAwaitingEvaluation } from '../../core/evaluations.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';

const columns = {
  id: certificates.id,
  eventId: certificates.eventId,
  eventName: events.name,
  code: certificates.code,
  minutesAttended: certificates.minutesAttended,
  dates: certificates.dates,
  issuedAt: certificates.issuedAt,
};

const today = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);

/** The person's certificates; one waiting for her evaluation carries no code and names the occasion to answer. */
async function certificatesOf(deps: AppDeps, userId: string) {
  const rows = await deps.db
    .select(columns)
    .from(certificates)
    .innerJoin(events, eq(events.id, certificates.eventId))
    .where(eq(certificates.userId, userId))
    .orderBy(desc(events.startDate), asc(events.name), asc(certificates.id));
  const waiting = await certificatesAwaitingEvaluation(
    deps.db,
    userId,
    rows.map((row) => row.eventId),
    today(deps),
  );
  return rows.map((row) => {
    const awaitingEvaluation = waiting.get(row.eventId) ?? null;
    return { ...row, code: awaitingEvaluation === null ? row.code : null, awaitingEvaluation };
  });
}

/** GET /api/certificates: the caller's certificates, latest event first. */
export async function listMine(deps: AppDeps, auth: RequestAuth) {
  const rows = await certificatesOf(deps, auth.user.id);
  return { items: rows.map(({ issuedAt: _issuedAt, ...row }) => row) };
}

/** A certificate held for the evaluation is refused (403) until she has answered it. */
async function refuseWhileAwaiting(deps: AppDeps, userId: string, eventId: string): Promise<boolean> {
  const waiting = await certificatesAwaitingEvaluation(deps.db, userId, [eventId], today(deps));
  return waiting.has(eventId);
}

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
const issuedOn = (deps: AppDeps, at: Date) => calendarDateIn(at, deps.config.timeZone);
const fileSafe = (text: string) =>
  text
    .replace(/[^\w -]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase() || 'certificate';

/** GET /api/certificates/:certificateId/pdf: only its holder downloads it; anyone else is told it does not exist. */
export async function certificateFile(deps: AppDeps, auth: RequestAuth, certificateId: string) {
  const [row] = await deps.db
    .select(columns)
    .from(certificates)
    .innerJoin(events, eq(events.id, certificates.eventId))
    .where(and(eq(certificates.id, certificateId), eq(certificates.userId, auth.user.id)));
  if (!row) throw notFound('No such certificate.');
  if (await refuseWhileAwaiting(deps, auth.user.id, row.eventId)) throw forbidden(evaluationMessages.completeToReceive);
  const bytes = await certificatePdf({
    name: fullName(auth.user),
    eventName: row.eventName,
    minutesAttended: row.minutesAttended,
    dates: row.dates,
    code: row.code,
    issuedOn: issuedOn(deps, row.issuedAt),
    verifyUrl: `${deps.config.publicUrl}/verify/${row.code}`,
  });
  return { bytes, filename: `certificate-${fileSafe(row.eventName)}.pdf` };
}

/** GET /api/certificates/transcript.pdf and .csv: every certificate of the caller, with the total hours. */
export async function transcript(deps: AppDeps, auth: RequestAuth, format: 'pdf' | 'csv') {
  const lines = await certificatesOf(deps, auth.user.id);
  if (format === 'csv')
    return { bytes: transcriptCsv(lines), filename: 'pd-transcript.csv', type: 'text/csv; charset=utf-8' };
  const bytes = await transcriptPdf({
    name: fullName(auth.user),
    lines,
    generatedOn: today(deps),
  });
  return { bytes, filename: 'pd-transcript.pdf', type: 'application/pdf' };
}

/** GET /api/verify/:code: public, shows the holder's name, the event, hours and days; never an email. */
export async function verify(deps: AppDeps, code: string): Promise<VerifiedCertificate> {
  const normalized = normalizeCertificateCode(code);
  if (!normalized) throw notFound(certificateMessages.notFound);
  const [row] = await deps.db
    .select({ ...columns, userId: certificates.userId, firstName: users.firstName, lastName: users.lastName })
    .from(certificates)
    .innerJoin(events, eq(events.id, certificates.eventId))
    .innerJoin(users, eq(users.id, certificates.userId))
    .where(eq(certificates.code, normalized));
  if (!row || (await refuseWhileAwaiting(deps, row.userId, row.eventId))) throw notFound(certificateMessages.notFound);
  return {
    code: row.code,
    name: fullName(row),
    eventName: row.eventName,
    minutesAttended: row.minutesAttended,
    dates: row.dates,
    issuedOn: issuedOn(deps, row.issuedAt),
  };
}
