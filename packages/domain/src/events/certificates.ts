import { z } from 'zod';
import { csvLine } from './attendance.ts';
import { formatUsDate } from '../dates.ts';

/**
 * Certificates of attendance: one per person and event, counting the hours of the section days the
 * person attended, with a code anyone can check on /verify/{code}.
 */

/** A section without its own setting counts a full teaching day. */
export const defaultMinutesPerDay = 6 * 60;
const minutesPerCalendarDay = 24 * 60;

export interface AttendedSectionDay {
  sectionId: string;
  date: string;
  minutesPerDay: number;
}

/**
 * Minutes attended: each attended section day counts its section's hours once, and one calendar day
 * never counts more than 24 hours, however many sections were marked on it.
 */
export function certificateMinutes(days: readonly AttendedSectionDay[]): number {
  const perSectionDay = new Map<string, AttendedSectionDay>();
  for (const day of days) perSectionDay.set(`${day.sectionId}|${day.date}`, day);
  const perDate = new Map<string, number>();
  for (const day of perSectionDay.values()) perDate.set(day.date, (perDate.get(day.date) ?? 0) + day.minutesPerDay);
  let total = 0;
  for (const minutes of perDate.values()) total += Math.min(minutes, minutesPerCalendarDay);
  return total;
}

/** The distinct calendar days attended, in order. */
export function attendedDates(days: readonly AttendedSectionDay[]): string[] {
  return [...new Set(days.map((day) => day.date))].sort();
}

/** Hours as a person reads them: '6', '6.5', '7.25' (never more than two decimals). */
export function formatHours(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}

export function hoursLabel(minutes: number): string {
  const hours = formatHours(minutes);
  return `${hours} ${hours === '1' ? 'hour' : 'hours'}`;
}

/**
 * Crockford base32 (no I, L, O, U): read aloud or typed from paper without ambiguity. 15 characters
 * carry 75 random bits, far beyond guessing through a rate-limited page.
 */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const certificateCodeBytes = 15;

/** Formats random bytes as a code 'XXXXX-XXXXX-XXXXX'; the server passes crypto-random bytes. */
export function certificateCode(random: Uint8Array): string {
  if (random.length < certificateCodeBytes)
    throw new Error(`a certificate code needs ${certificateCodeBytes} random bytes`);
  const characters = Array.from(random.slice(0, certificateCodeBytes), (byte) => alphabet[byte & 31]).join('');
  return `${characters.slice(0, 5)}-${characters.slice(5, 10)}-${characters.slice(10, 15)}`;
}

/** A code as typed: any case, spaces or dashes anywhere, O for 0 and I or L for 1. Null when it cannot be a code. */
export function normalizeCertificateCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== certificateCodeBytes || [...compact].some((c) => !alphabet.includes(c))) return null;
  return `${compact.slice(0, 5)}-${compact.slice(5, 10)}-${compact.slice(10, 15)}`;
}

export const certificateMessages = {
  verified: 'This certificate is valid',
  notFound: 'No certificate has this code. Check the code on the certificate and try again.',
  noCertificates: 'No certificates yet',
  download: 'Download certificate',
} as const;

export const myCertificate = z.object({
  id: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  /** Null while the certificate waits for the evaluation: a held certificate shows no code and does not verify. */
  code: z.string().nullable(),
  minutesAttended: z.number().int(),
  dates: z.array(z.string()),
  /** The occasion of the evaluation still to answer before the certificate is released, or null. */
  awaitingEvaluation: z.string().nullable(),
});
export type MyCertificate = z.infer<typeof myCertificate>;
export const myCertificates = z.object({ items: z.array(myCertificate) });

/** What the public page shows: enough to trust a certificate, nothing to reach its holder (no email). */
export const verifiedCertificate = z.object({
  code: z.string(),
  name: z.string(),
  eventName: z.string(),
  minutesAttended: z.number().int(),
  dates: z.array(z.string()),
  issuedOn: z.string(),
});
export type VerifiedCertificate = z.infer<typeof verifiedCertificate>;

export interface TranscriptLine {
  eventName: string;
  dates: readonly string[];
  minutesAttended: number;
  /** Null while the certificate waits for the evaluation. */
  code: string | null;
}

/** The words a transcript line carries in place of a certificate held for the evaluation. */
export const awaitingEvaluationText = 'Complete the evaluation to receive your certificate';

/** The member's professional-development transcript as CSV: one line per certificate, then the total. */
export function transcriptCsv(lines: readonly TranscriptLine[]): string {
  let csv = csvLine(['Event', 'Dates attended', 'Hours', 'Certificate code']);
  for (const line of lines)
    csv += csvLine([
      line.eventName,
      line.dates.map(formatUsDate).join(' '),
      formatHours(line.minutesAttended),
      line.code ?? awaitingEvaluationText,
    ]);
  csv += csvLine(['Total', '', formatHours(lines.reduce((sum, line) => sum + line.minutesAttended, 0)), '']);
  return csv;
}
