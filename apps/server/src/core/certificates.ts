import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import {
  attendedDates,
  awaitingEvaluationText,
  certificateCode,
  certificateCodeBytes,
  certificateMinutes,
  defaultMinutesPerDay,
  hoursLabel,
} from '@portal/domain/events/certificates.ts';
import { formatUsDate, formatUsDates } from '@portal/domain/dates.ts';
import type { Transaction } from '../db/client.ts';
import { certificates, eventDailyAttendances, sectionAttendanceHours } from '../db/schema/attendance.ts';
import { emitWebhookEvent } from './webhooks.ts';

/**
 * Certificates of attendance: kept up to date from the daily marks in the transaction that changes
 * them, and drawn as PDF on request from the row, so a download never shows stale hours.
 */

/**
 * Recomputes the certificates of these people for the event. A transaction-scoped advisory lock per
 * person and event makes two concurrent saves for the same person recompute one after the other,
 * each reading the other's committed marks (taken in id order, so two saves never deadlock).
 */
export async function recomputeCertificates(
  tx: Transaction,
  eventId: string,
  userIds: readonly string[],
  now: Date,
): Promise<void> {
  const people = [...new Set(userIds)].sort();
  for (const userId of people) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`certificate:${eventId}:${userId}`}, 0))`);
  }
  const attended = await tx
    .select({
      userId: eventDailyAttendances.userId,
      sectionId: eventDailyAttendances.sectionId,
      date: sql<string>`${eventDailyAttendances.date}::text`,
      minutesPerDay: sql<number>`coalesce(${sectionAttendanceHours.minutesPerDay}, ${defaultMinutesPerDay})`.mapWith(
        Number,
      ),
    })
    .from(eventDailyAttendances)
    .leftJoin(sectionAttendanceHours, eq(sectionAttendanceHours.sectionId, eventDailyAttendances.sectionId))
    .where(
      and(
        eq(eventDailyAttendances.eventId, eventId),
        inArray(eventDailyAttendances.userId, people),
        eq(eventDailyAttendances.attended, true),
      ),
    );

  const none: string[] = [];
  for (const userId of people) {
    const days = attended.filter((row) => row.userId === userId);
    const minutes = certificateMinutes(days);
    if (minutes === 0) {
      none.push(userId);
      continue;
    }
    const dates = attendedDates(days);
    const [saved] = await tx
      .insert(certificates)
      .values({
        code: certificateCode(randomBytes(certificateCodeBytes)),
        userId,
        eventId,
        minutesAttended: minutes,
        dates,
        issuedAt: now,
      })
      .onConflictDoUpdate({
        target: [certificates.userId, certificates.eventId],
        set: { minutesAttended: minutes, dates, updatedAt: sql`now()` },
      })
      // xmax is 0 on a row this statement inserted, not on one it updated: only a new certificate is issued.
      .returning({ code: certificates.code, issued: sql<boolean>`(xmax = 0)` });
    if (saved?.issued) {
      await emitWebhookEvent(
        tx,
        'certificate.issued',
        { certificateCode: saved.code, userId, eventId, minutesAttended: minutes, dates },
        now,
      );
    }
  }
  // Marks withdrawn down to no attended day: the certificate no longer holds, and its code stops verifying.
  if (none.length > 0)
    await tx.delete(certificates).where(and(eq(certificates.eventId, eventId), inArray(certificates.userId, none)));
}

/** Recomputes every certificate of an event (after staff change a section's hours). */
export async function recomputeEventCertificates(tx: Transaction, eventId: string, now: Date): Promise<void> {
  const people = await tx
    .selectDistinct({ userId: eventDailyAttendances.userId })
    .from(eventDailyAttendances)
    .where(eq(eventDailyAttendances.eventId, eventId));
  if (people.length > 0)
    await recomputeCertificates(
      tx,
      eventId,
      people.map((person) => person.userId),
      now,
    );
}

/**
 * The standard PDF fonts cover Windows-1252 only: letters with accents are kept where the encoding has
 * them, decomposed to their base letter where it does not, and anything else becomes '?'.
 */
export function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text]
    .map((char) => {
      if (supported.has(char.codePointAt(0) ?? 0)) return char;
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return [...base].every((c) => supported.has(c.codePointAt(0) ?? 0)) && base.length > 0 ? base : '?';
    })
    .join('');
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

function centred(page: PDFPage, font: PDFFont, text: string, y: number, size: number, color: Color): void {
  const safe = printable(font, text);
  const width = font.widthOfTextAtSize(safe, size);
  page.drawText(safe, { x: (page.getWidth() - width) / 2, y, size, font, color });
}

/** pdf-lib is loaded by the first PDF made, not at start-up (docs/decisions/0144-start-in-a-second.md). */
async function newDocument(title: string): Promise<{ doc: PDFDocument; fonts: Fonts; ink: Color; accent: Color }> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Members Portal');
  // A fixed date keeps the same certificate byte-identical across downloads.
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  return {
    doc,
    fonts: {
      regular: await doc.embedFont(StandardFonts.Helvetica),
      bold: await doc.embedFont(StandardFonts.HelveticaBold),
    },
    ink: rgb(0.1, 0.1, 0.15),
    accent: rgb(0.2, 0.3, 0.5),
  };
}

export interface CertificateContent {
  name: string;
  eventName: string;
  minutesAttended: number;
  dates: readonly string[];
  code: string;
  issuedOn: string;
  verifyUrl: string;
}

export async function certificatePdf(content: CertificateContent): Promise<Uint8Array> {
  const { doc, fonts, ink, accent } = await newDocument(`Certificate of attendance: ${content.eventName}`);
  const page = doc.addPage([792, 612]);
  page.drawRectangle({ x: 24, y: 24, width: 744, height: 564, borderColor: accent, borderWidth: 3 });
  centred(page, fonts.bold, 'Certificate of Attendance', 500, 30, ink);
  centred(page, fonts.regular, 'This certifies that', 450, 14, ink);
  centred(page, fonts.bold, content.name, 415, 24, ink);
  centred(page, fonts.regular, 'attended', 380, 14, ink);
  centred(page, fonts.bold, content.eventName, 348, 18, ink);
  centred(page, fonts.regular, `Professional development: ${hoursLabel(content.minutesAttended)}`, 305, 14, ink);
  centred(page, fonts.regular, `Dates attended: ${formatUsDates(content.dates)}`, 280, 11, ink);
  centred(page, fonts.regular, `Issued ${formatUsDate(content.issuedOn)}`, 255, 11, ink);
  centred(page, fonts.bold, `Verification code: ${content.code}`, 150, 14, ink);
  centred(page, fonts.regular, `Verify at ${content.verifyUrl}`, 128, 10, ink);
  return doc.save();
}

export interface TranscriptContent {
  name: string;
  lines: readonly { eventName: string; dates: readonly string[]; minutesAttended: number; code: string | null }[];
  generatedOn: string;
}

/** The member's transcript: one line per certificate, a page break when the page is full, and the total. */
export async function transcriptPdf(content: TranscriptContent): Promise<Uint8Array> {
  const { doc, fonts, ink } = await newDocument(`Professional development transcript: ${content.name}`);
  let page = doc.addPage([612, 792]);
  let y = 720;
  const line = (text: string, size: number, font: PDFFont = fonts.regular) => {
    if (y < 60) {
      page = doc.addPage([612, 792]);
      y = 740;
    }
    page.drawText(printable(font, text), { x: 56, y, size, font, color: ink, maxWidth: 500 });
    y -= size + 8;
  };
  line('Professional Development Transcript', 20, fonts.bold);
  line(content.name, 14, fonts.bold);
  line(`Generated ${formatUsDate(content.generatedOn)}`, 10);
  y -= 10;
  if (content.lines.length === 0) line('No certificates yet', 12);
  for (const entry of content.lines) {
    line(entry.eventName, 12, fonts.bold);
    line(
      `${hoursLabel(entry.minutesAttended)}; ${formatUsDates(entry.dates)}; ${
        entry.code === null ? awaitingEvaluationText : `certificate ${entry.code}`
      }`,
      10,
    );
    y -= 4;
  }
  y -= 8;
  line(`Total: ${hoursLabel(content.lines.reduce((sum, entry) => sum + entry.minutesAttended, 0))}`, 14, fonts.bold);
  return doc.save();
}
