import { seasonOf, type EventReport, type SeasonReport } from '@portal/domain/events/event-reports.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import { eventAverages } from '../../core/evaluations.ts';
import { notFound } from '../../platform/errors.ts';
import {
  attendanceByDay,
  findReportedEvent,
  paymentMethods,
  salesByDay,
  seasonByType,
  seasonEvents,
  seatsBySection,
} from './repository.ts';

/** GET /api/admin/events/:eventId/report: seats per section, sales per day, payment methods, attendance per day. */
export async function eventReport(deps: AppDeps, eventId: string): Promise<EventReport> {
  const event = await findReportedEvent(deps.db, eventId);
  if (!event) throw notFound('No such event.');
  const seats = await seatsBySection(deps.db, eventId);
  const hasSections = seats.some((row) => row.section_id !== null);
  const sales = await salesByDay(deps.db, eventId, deps.config.timeZone);
  const methods = await paymentMethods(deps.db, eventId);
  const attendance = await attendanceByDay(deps.db, eventId);
  return {
    eventId: event.id,
    name: event.name,
    startDate: event.start_date,
    endDate: event.end_date,
    // The event's own row stays when it sells as a whole, has a limit of its own, or sold seats outside sections.
    seats: seats
      .filter((row) => !hasSections || row.section_id !== null || row.capacity !== null || row.sold + row.held > 0)
      .map((row) => ({
        sectionId: row.section_id,
        title: row.title,
        sold: row.sold,
        held: row.held,
        capacity: row.capacity,
      })),
    sales: sales.map((row) => ({
      date: row.date,
      tickets: row.tickets,
      revenueCents: Number(row.revenue_cents),
      totalTickets: row.total_tickets,
      totalRevenueCents: Number(row.total_revenue_cents),
    })),
    paymentMethods: methods.map((row) => ({
      method: row.method,
      payments: row.payments,
      tickets: row.tickets,
      revenueCents: Number(row.revenue_cents),
    })),
    attendance,
  };
}

/** GET /api/admin/reports/season: this season's events by type (the season of the provider's today). */
export async function seasonReport(deps: AppDeps): Promise<SeasonReport> {
  const season = seasonOf(calendarDateIn(deps.clock(), deps.config.timeZone));
  const rows = await seasonByType(deps.db, season.startsOn, season.endsOn);
  const events = await seasonEvents(deps.db, season.startsOn, season.endsOn);
  const averages = await eventAverages(
    deps.db,
    events.map((event) => event.id),
  );
  return {
    ...season,
    types: rows.map((row) => ({
      eventType: row.event_type,
      kind: row.kind,
      events: row.events,
      seatsSold: row.seats_sold,
      revenueCents: Number(row.revenue_cents),
    })),
    events: events.map((event) => ({
      eventId: event.id,
      name: event.name,
      startDate: event.start_date,
      revenueCents: Number(event.revenue_cents),
      attended: event.attended,
      evaluationAverage: averages.get(event.id) ?? null,
    })),
  };
}
