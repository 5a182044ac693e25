import { Group, Stack, Text } from '@mantine/core';
import { formatCents } from '@portal/domain/money.ts';

interface CartTotalsProps {
  subtotal: number;
  discount: number;
  total: number;
}

/** Subtotal, discount and total as the server priced them (pricing.orderTotals). */
export function CartTotals({ subtotal, discount, total }: CartTotalsProps) {
  return (
    <Stack gap="2xs" maw={320} ml="auto" w="100%" aria-label="Totals" role="group">
      <Group justify="space-between">
        <Text>Subtotal</Text>
        <Text>{formatCents(subtotal)}</Text>
      </Group>
      <Group justify="space-between">
        <Text>Discount</Text>
        <Text>{discount > 0 ? `−${formatCents(discount)}` : formatCents(0)}</Text>
      </Group>
      <Group justify="space-between">
        <Text fw={700}>Total</Text>
        <Text fw={700}>{formatCents(total)}</Text>
      </Group>
    </Stack>
  );
}
