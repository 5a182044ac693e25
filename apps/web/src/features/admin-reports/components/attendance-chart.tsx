import { lazy } from 'react';
import { Table } from '@mantine/core';
import { formatUsDate } from '@portal/domain/dates.ts';
import { attendanceRate, type AttendanceDayRow } from '@portal/domain/events/event-reports.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { ChartFigure } from './chart-figure.tsx';

const AttendanceDrawing = lazy(() => import('./chart-drawings.tsx').then((m) => ({ default: m.AttendanceDrawing })));

const rateText = (row: AttendanceDayRow) => {
  const rate = attendanceRate(row);
  return rate === null ? 'Nobody expected' : `${rate}%`;
};

/** The share of the people expected each day who were marked present. */
export function AttendanceChart({ days }: { days: readonly AttendanceDayRow[] }) {
  const data = days.map((row) => ({ day: formatUsDate(row.date), 'Attendance rate': attendanceRate(row) ?? 0 }));
  return (
    <ChartFigure
      title="Attendance rate per day"
      description="the percentage of the people expected each day who attended, as in the table below."
      chart={<AttendanceDrawing data={data} />}
      table={
        <ResponsiveTable minWidth={440}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              <Table.Th>Expected</Table.Th>
              <Table.Th>Attended</Table.Th>
              <Table.Th>Rate</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((row) => (
              <Table.Tr key={row.date}>
                <Table.Td>{formatUsDate(row.date)}</Table.Td>
                <Table.Td>{row.expected}</Table.Td>
                <Table.Td>{row.attended}</Table.Td>
                <Table.Td>{rateText(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      }
    />
  );
}
