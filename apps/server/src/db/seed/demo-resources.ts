import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FileStorage } from '../../platform/storage.ts';
import type { Executor } from '../client.ts';
import { events, eventSections } from '../schema/commerce.ts';
import { eventResourceSections, eventResources } from '../schema/resources.ts';
import { coachingInstitute, pastCoachingInstitute } from './demo-applications.ts';

/**
 * Event resources in the demo, on events demo members already attend: the past Coaching Reading
 * Institute, whose ticket owner.washington@demo.test holds (a handout PDF, two links), and the
 * Coaching Institute, to which counselor.washington@demo.test is accepted (a welcome packet for
 * everyone, one resource per strand: she sees the Coaching Cycles one, not the Leading Teams one).
 * Idempotent: a resource that exists by event and title is left alone.
 */

interface DemoResource {
  event: string;
  title: string;
  description: string;
  url?: string;
  /** Seeded as a generated one-page PDF with this name. */
  file?: string;
  sections?: string[];
}

export const demoResources: DemoResource[] = [
  {
    event: pastCoachingInstitute,
    title: 'Running records handout',
    description: 'The handout from day one: a running record form and the conventions for marking it.',
    file: 'running-records-handout.pdf',
  },
  {
    event: pastCoachingInstitute,
    title: 'Keynote recordings',
    description: 'Video of the three keynote sessions, with slides.',
    url: 'https://example.org/coaching-reading-institute/recordings',
  },
  {
    event: pastCoachingInstitute,
    title: 'Book list for reading coaches',
    description: 'Professional reading the staff developers recommend for the year after the institute.',
    url: 'https://example.org/coaching-reading-institute/book-list',
  },
  {
    event: coachingInstitute,
    title: 'Welcome packet',
    description: 'Schedule, campus map and what to bring, for everyone attending.',
    url: 'https://example.org/coaching-institute/welcome',
  },
  {
    event: coachingInstitute,
    title: 'Coaching cycle planning template',
    description: 'Plan a six-week cycle with one teacher before the institute starts.',
    url: 'https://example.org/coaching-institute/cycle-template',
    sections: ['Coaching Cycles'],
  },
  {
    event: coachingInstitute,
    title: 'Team meeting protocols',
    description: 'Protocols for grade-level team meetings, for the Advanced strand.',
    url: 'https://example.org/coaching-institute/team-protocols',
    sections: ['Leading Teams'],
  },
];

/** A one-page handout naming its title, drawn with the PDF library the certificates use. */
async function handoutPdf(title: string): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const page = doc.addPage([612, 792]);
  page.drawText(title, { x: 72, y: 720, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

export async function seedDemoResources(db: Executor, storage: FileStorage): Promise<void> {
  const eventRows = await db
    .select({ id: events.id, name: events.name })
    .from(events)
    .where(inArray(events.name, [...new Set(demoResources.map((r) => r.event))]));
  const existing = await db
    .select({ eventId: eventResources.eventId, title: eventResources.title })
    .from(eventResources)
    .where(inArray(eventResources.eventId, eventRows.map((e) => e.id).concat('00000000-0000-0000-0000-000000000000')));
  for (const demo of demoResources) {
    const event = eventRows.find((e) => e.name === demo.event);
    if (!event || existing.some((r) => r.eventId === event.id && r.title === demo.title)) continue;
    const sections = demo.sections?.length
      ? await db
          .select({ id: eventSections.id })
          .from(eventSections)
          .where(and(eq(eventSections.eventId, event.id), inArray(eventSections.title, demo.sections)))
      : [];
    const id = randomUUID();
    const bytes = demo.file ? await handoutPdf(demo.title) : null;
    const fileKey = bytes ? `event-resources/${id}/demo.pdf` : null;
    // The file is stored before the row names it: a row never points at a missing file.
    if (bytes && fileKey) await storage.put(fileKey, bytes, 'application/pdf');
    await db.insert(eventResources).values({
      id,
      eventId: event.id,
      title: demo.title,
      description: demo.description,
      url: bytes ? null : (demo.url ?? null),
      fileKey,
      fileName: bytes ? (demo.file ?? null) : null,
      fileSize: bytes?.length ?? null,
      fileType: bytes ? 'pdf' : null,
      position: demoResources.filter((r) => r.event === demo.event).indexOf(demo),
    });
    if (sections.length > 0)
      await db
        .insert(eventResourceSections)
        .values(sections.map((section) => ({ resourceId: id, sectionId: section.id })));
  }
}
