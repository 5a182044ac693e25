import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { eventPaymentItems } from '../db/schema/commerce.ts';
import { eventResourceSections, eventResources } from '../db/schema/resources.ts';
import { eventTickets } from '../db/schema/tickets.ts';
import type { FileStorage } from '../platform/storage.ts';
import { createPayment } from './commerce-factories.ts';

/** A small valid PDF (resource files are checked by content). */
export const resourcePdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A ticket of a PAID payment held by the user: for the section when given, else for the whole event. */
export async function holdTicket(
  db: Executor,
  fields: {
    userId: string;
    eventId: string;
    ticketTypeId: string;
    sectionId?: string | null;
    status?: 'PAID' | 'CANCELLED';
  },
) {
  const payment = await createPayment(db, {
    userId: fields.userId,
    status: fields.status ?? 'PAID',
    lines: [
      {
        eventId: fields.eventId,
        ticketTypeId: fields.ticketTypeId,
        sectionId: fields.sectionId ?? null,
        numberOfTickets: 1,
      },
    ],
  });
  const [item] = await db.select().from(eventPaymentItems).where(eq(eventPaymentItems.paymentId, payment.id));
  if (!item) throw new Error('payment item not created');
  await db.insert(eventTickets).values({
    paymentItemId: item.id,
    userId: fields.userId,
    eventId: fields.eventId,
    sectionId: fields.sectionId ?? null,
  });
  return payment;
}

/** A resource written straight into the tables (and its file into storage), as a staff save leaves it. */
export async function createResource(
  db: Executor,
  storage: FileStorage,
  fields: {
    eventId: string;
    title: string;
    description?: string;
    url?: string;
    file?: Buffer;
    sectionIds?: string[];
    position?: number;
  },
) {
  const id = randomUUID();
  const fileKey = fields.file ? `event-resources/${id}/${randomUUID()}.pdf` : null;
  if (fields.file && fileKey) await storage.put(fileKey, fields.file, 'application/pdf');
  const [row] = await db
    .insert(eventResources)
    .values({
      id,
      eventId: fields.eventId,
      title: fields.title,
      description: fields.description ?? '',
      url: fields.file ? null : (fields.url ?? 'https://example.org/resource'),
      fileKey,
      fileName: fields.file ? `${fields.title}.pdf` : null,
      fileSize: fields.file?.length ?? null,
      fileType: fields.file ? 'pdf' : null,
      position: fields.position ?? 0,
    })
    .returning();
  if (!row) throw new Error('resource not created');
  if (fields.sectionIds?.length)
    await db
      .insert(eventResourceSections)
      .values(fields.sectionIds.map((sectionId) => ({ resourceId: id, sectionId })));
  return row;
}
