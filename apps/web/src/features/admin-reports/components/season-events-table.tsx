import { Anchor, Table } from '@mantine/core';
import { Link } from 'react-router';
import { formatUsDate } from '@portal/domain/dates.ts';
import type { SeasonEventRow } from '@portal/domain/events/event-reports.ts';
import { formatCents } from '@portal/domain/money.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

/** Each event of the season: its revenue, attendance and evaluation average side by side. */
export function SeasonEventsTable({ events }: { events: readonly SeasonEventRow[] }) {
  return (
    <ResponsiveTable minWidth={640} aria-label="Events of the season">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Event</Table.Th>
          <Table.Th scope="col">Starts</Table.Th>
          <Table.Th scope="col">Revenue</Table.Th>
          <Table.Th scope="col">Attended</Table.Th>
          <Table.Th scope="col">Evaluation average (of 5)</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((event) => (
          <Table.Tr key={event.eventId}>
            <Table.Th scope="row">
              <Anchor component={Link} to={`/admin/events/${encodeURIComponent(event.eventId)}/report`} size="sm">
                {event.name}
              </Anchor>
            </Table.Th>
            <Table.Td>{formatUsDate(event.startDate)}</Table.Td>
            <Table.Td>{formatCents(event.revenueCents)}</Table.Td>
            <Table.Td>{event.attended}</Table.Td>
            <Table.Td>
              {event.evaluationAverage === null ? (
                '—'
              ) : (
                <Anchor
                  component={Link}
                  to={`/admin/events/${encodeURIComponent(event.eventId)}/evaluation/results`}
                  size="sm"
                >
                  {event.evaluationAverage}
                </Anchor>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
