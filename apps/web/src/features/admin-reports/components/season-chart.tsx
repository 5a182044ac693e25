import { lazy } from 'react';
import { Table } from '@mantine/core';
import { eventTypeLabel, type SeasonTypeRow } from '@portal/domain/events/event-reports.ts';
import { formatCents } from '@portal/domain/money.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { ChartFigure } from './chart-figure.tsx';

const SeasonDrawing = lazy(() => import('./chart-drawings.tsx').then((m) => ({ default: m.SeasonDrawing })));

/** The season's revenue and seats sold by event type, two charts over one table. */
export function SeasonChart({ types }: { types: readonly SeasonTypeRow[] }) {
  const data = types.map((row) => ({
    type: eventTypeLabel(row),
    Revenue: row.revenueCents / 100,
    'Seats sold': row.seatsSold,
  }));
  return (
    <ChartFigure
      title="Revenue and seats by event type"
      description="revenue and seats sold this season for each event type, as in the table below."
      chart={<SeasonDrawing data={data} />}
      table={
        <ResponsiveTable minWidth={480}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event type</Table.Th>
              <Table.Th>Events</Table.Th>
              <Table.Th>Seats sold</Table.Th>
              <Table.Th>Revenue</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {types.map((row) => (
              <Table.Tr key={eventTypeLabel(row)}>
                <Table.Td>{eventTypeLabel(row)}</Table.Td>
                <Table.Td>{row.events}</Table.Td>
                <Table.Td>{row.seatsSold}</Table.Td>
                <Table.Td>{formatCents(row.revenueCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      }
    />
  );
}
