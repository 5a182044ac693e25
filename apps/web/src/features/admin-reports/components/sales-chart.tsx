import { lazy } from 'react';
import { Table } from '@mantine/core';
import { formatUsDate } from '@portal/domain/dates.ts';
import type { SalesDayRow } from '@portal/domain/events/event-reports.ts';
import { formatCents } from '@portal/domain/money.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { ChartFigure, NothingYet } from './chart-figure.tsx';

const SalesDrawing = lazy(() => import('./chart-drawings.tsx').then((m) => ({ default: m.SalesDrawing })));

/** Tickets and revenue so far, day by day: tickets on the left axis, dollars on the right. */
export function SalesChart({ sales }: { sales: readonly SalesDayRow[] }) {
  if (sales.length === 0) return <NothingYet>No ticket of this event was paid yet.</NothingYet>;
  const data = sales.map((row) => ({
    day: formatUsDate(row.date),
    Tickets: row.totalTickets,
    Revenue: row.totalRevenueCents / 100,
  }));
  return (
    <ChartFigure
      title="Tickets and revenue over time"
      description="tickets paid and revenue so far, by the day payments were completed, as in the table below."
      chart={<SalesDrawing data={data} />}
      table={
        <ResponsiveTable minWidth={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              <Table.Th>Tickets</Table.Th>
              <Table.Th>Revenue</Table.Th>
              <Table.Th>Tickets so far</Table.Th>
              <Table.Th>Revenue so far</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sales.map((row) => (
              <Table.Tr key={row.date}>
                <Table.Td>{formatUsDate(row.date)}</Table.Td>
                <Table.Td>{row.tickets}</Table.Td>
                <Table.Td>{formatCents(row.revenueCents)}</Table.Td>
                <Table.Td>{row.totalTickets}</Table.Td>
                <Table.Td>{formatCents(row.totalRevenueCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      }
    />
  );
}
