import { Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatCents } from '@portal/domain/money.ts';
import type { EventPaymentReply } from '@portal/domain/commerce/payments.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

/** The order line of a previous-system application's balance. */
export const legacyLineTitle = (eventName: string) => `${eventName} — application balance`;

/** What the payment buys (per item: title, number of tickets, subtotal), then the coupon and the totals. */
export function OrderSummary({ payment, headingOrder = 2 }: { payment: EventPaymentReply; headingOrder?: 2 | 3 }) {
  const coupon = payment.couponUse?.coupon;
  return (
    <Stack component="section" gap="sm" aria-labelledby="order-summary-heading">
      <Title order={headingOrder} size="h3" id="order-summary-heading">
        Order summary
      </Title>
      <ResponsiveTable minWidth={480} withTableBorder verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Item</Table.Th>
            <Table.Th scope="col">Tickets</Table.Th>
            <Table.Th scope="col">Subtotal</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payment.items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{item.title}</Table.Td>
              <Table.Td>{item.numberOfTickets}</Table.Td>
              <Table.Td>{formatCents(item.subtotal)}</Table.Td>
            </Table.Tr>
          ))}
          {payment.legacyApplication ? (
            // A previous-system application's balance: one line, its event, no ticket (its seat was taken there).
            <Table.Tr>
              <Table.Td>{legacyLineTitle(payment.legacyApplication.eventName)}</Table.Td>
              <Table.Td>—</Table.Td>
              <Table.Td>{formatCents(payment.subtotal)}</Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </ResponsiveTable>
      <Stack gap="2xs" maw={320} ml="auto" w="100%">
        {coupon ? (
          <>
            <Group justify="space-between">
              <Text>Subtotal</Text>
              <Text>{formatCents(payment.subtotal)}</Text>
            </Group>
            <Group justify="space-between">
              <Text>Coupon {coupon.code}</Text>
              <Text>−{formatCents(payment.discount)}</Text>
            </Group>
          </>
        ) : null}
        <Group justify="space-between">
          <Text fw={700}>Total</Text>
          <Text fw={700}>{formatCents(payment.total)}</Text>
        </Group>
      </Stack>
    </Stack>
  );
}
