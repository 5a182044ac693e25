import { calendarDateIn } from '@portal/domain/dates.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import {
  ticketHolderKindLabels,
  type TicketHolderKind,
  type TicketHolderPage,
} from '@portal/domain/tickets/ticket-holders.ts';
import type { AppDeps } from '../../app-deps.ts';
import { findEvent } from '../../core/attendance.ts';
import { notFound } from '../../platform/errors.ts';
import type { Export } from '../../platform/exports.ts';
import { exportHolders, listHolders, type HolderFilter, type HolderRow } from './repository.ts';

async function eventOrNotFound(deps: AppDeps, eventId: string) {
  const event = await findEvent(deps.db, eventId);
  if (!event) throw notFound('No such event.');
  return event;
}

const nameOf = (row: HolderRow) => `${row.firstName} ${row.lastName}`;

/** GET /api/admin/events/:eventId/ticket-holders: one page of the event's ticket holders. */
export async function ticketHolders(
  deps: AppDeps,
  eventId: string,
  query: HolderFilter & { page: number; pageSize: number },
): Promise<TicketHolderPage> {
  const event = await eventOrNotFound(deps, eventId);
  const { rows, total } = await listHolders(deps.db, eventId, query);
  return {
    event: { id: event.id, name: event.name },
    items: rows.map(({ firstName, lastName, ...row }) => ({ ...row, name: `${firstName} ${lastName}` })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** A file name's words from an event's name: letters, digits and dashes. */
const slug = (name: string) =>
  name
    .replace(/[^\w -]+/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase() || 'event';

/** GET /api/admin/events/:eventId/ticket-holders/export: every holder under the list's filters. */
export async function exportTicketHolders(
  deps: AppDeps,
  eventId: string,
  query: { kind?: TicketHolderKind; search?: string; format: ExportFormat },
): Promise<Export<HolderRow>> {
  const event = await eventOrNotFound(deps, eventId);
  return {
    baseName: `ticket-holders-${slug(event.name)}-${calendarDateIn(deps.clock(), deps.config.timeZone)}`,
    title: 'Ticket holders',
    format: query.format,
    rows: exportHolders(deps.db, eventId, query),
    columns: [
      { header: 'Name', value: nameOf },
      { header: 'Email', value: (row) => row.email },
      { header: 'Holds', value: (row) => ticketHolderKindLabels[row.kind] },
      { header: 'Section', value: (row) => row.sectionTitle ?? 'Whole event' },
      { header: 'Organization', value: (row) => row.organizationName ?? '' },
    ],
  };
}
