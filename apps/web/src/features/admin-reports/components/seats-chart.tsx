import { lazy } from 'react';
import { Table } from '@mantine/core';
import type { SectionSeatsRow } from '@portal/domain/events/event-reports.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { ChartFigure } from './chart-figure.tsx';

const SeatsDrawing = lazy(() => import('./chart-drawings.tsx').then((m) => ({ default: m.SeatsDrawing })));

const free = (row: SectionSeatsRow) => (row.capacity === null ? null : Math.max(row.capacity - row.sold - row.held, 0));

/** Seats sold and held per section, stacked up to its capacity (the free seats); unlimited sections show no free part. */
export function SeatsChart({ seats }: { seats: readonly SectionSeatsRow[] }) {
  const data = seats.map((row) => ({ section: row.title, Sold: row.sold, Held: row.held, Free: free(row) ?? 0 }));
  return (
    <ChartFigure
      title="Seats by section"
      description="seats sold, held and free against each section's capacity, as in the table below."
      chart={<SeatsDrawing data={data} />}
      table={
        <ResponsiveTable minWidth={480}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Section</Table.Th>
              <Table.Th>Sold</Table.Th>
              <Table.Th>Held</Table.Th>
              <Table.Th>Capacity</Table.Th>
              <Table.Th>Free</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {seats.map((row) => (
              <Table.Tr key={row.sectionId ?? 'event'}>
                <Table.Td>{row.title}</Table.Td>
                <Table.Td>{row.sold}</Table.Td>
                <Table.Td>{row.held}</Table.Td>
                <Table.Td>{row.capacity ?? 'No limit'}</Table.Td>
                <Table.Td>{free(row) ?? 'No limit'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      }
    />
  );
}
