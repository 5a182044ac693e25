import { lazy } from 'react';
import { Table } from '@mantine/core';
import { paymentMethodLabels, type PaymentMethodRow } from '@portal/domain/events/event-reports.ts';
import { formatCents } from '@portal/domain/money.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { ChartFigure, NothingYet } from './chart-figure.tsx';

const MethodsDrawing = lazy(() => import('./chart-drawings.tsx').then((m) => ({ default: m.MethodsDrawing })));

/** Paid payments by card, purchase order, or a coupon that left nothing to pay. */
export function MethodsChart({ methods }: { methods: readonly PaymentMethodRow[] }) {
  if (methods.length === 0) return <NothingYet>No payment of this event was completed yet.</NothingYet>;
  const data = methods.map((row) => ({ method: paymentMethodLabels[row.method], Payments: row.payments }));
  return (
    <ChartFigure
      title="Payment methods"
      description="paid payments by method, as in the table below."
      chart={<MethodsDrawing data={data} />}
      table={
        <ResponsiveTable minWidth={480}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Method</Table.Th>
              <Table.Th>Payments</Table.Th>
              <Table.Th>Tickets</Table.Th>
              <Table.Th>Revenue</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {methods.map((row) => (
              <Table.Tr key={row.method}>
                <Table.Td>{paymentMethodLabels[row.method]}</Table.Td>
                <Table.Td>{row.payments}</Table.Td>
                <Table.Td>{row.tickets}</Table.Td>
                <Table.Td>{formatCents(row.revenueCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      }
    />
  );
}
