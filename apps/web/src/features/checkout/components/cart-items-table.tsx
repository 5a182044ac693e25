import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { catalogueMessages } from '@portal/domain/events/catalogue.ts';
import type { CartItemReply } from '@portal/domain/commerce/cart.ts';
import { formatCents } from '@portal/domain/money.ts';
import { useRemoveCartItem } from '../api/cart.ts';
import { QuantityInput } from './quantity-input.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

/** A line whose bucket has fewer seats left than it asks for; checkout would refuse it. */
function shortage(item: CartItemReply): string | null {
  if (item.remaining === null || item.numberOfTickets <= item.remaining) return null;
  return item.remaining === 0 ? catalogueMessages.soldOut : catalogueMessages.notEnoughSeats(item.remaining);
}

/**
 * The cart's lines: what, price, how many (editable), subtotal, and Remove after a confirmation. A
 * line the catalogue no longer sells (display false) says why: checkout refuses it until removed.
 */
export function CartItemsTable({ items }: { items: CartItemReply[] }) {
  const remove = useRemoveCartItem();

  const confirmRemove = (item: CartItemReply) =>
    openConfirmModal({
      title: 'Remove from cart?',
      children: <Text size="sm">{`${item.title} will be removed from your cart.`}</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () => remove.mutate(item.id),
    });

  return (
    <ResponsiveTable minWidth={640} withTableBorder verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Item</Table.Th>
          <Table.Th scope="col">Price</Table.Th>
          <Table.Th scope="col">Tickets</Table.Th>
          <Table.Th scope="col">Subtotal</Table.Th>
          <Table.Th scope="col">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => {
          const short = shortage(item);
          return (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Stack gap="3xs">
                  <Text fw={600}>{item.title}</Text>
                  <Text size="sm">{item.ticketType.name}</Text>
                  {item.unavailableReason ? (
                    <Text size="sm" c="red.9">
                      {item.unavailableReason}
                    </Text>
                  ) : null}
                  {short ? (
                    <Text size="sm" c="red.9">
                      {short}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>{formatCents(item.ticketType.price)}</Table.Td>
              <Table.Td>
                <QuantityInput key={`${item.id}-${item.numberOfTickets}`} item={item} />
              </Table.Td>
              <Table.Td>{formatCents(item.subtotal)}</Table.Td>
              <Table.Td>
                <Button
                  variant="subtle"
                  color="red"
                  c="red.9"
                  size="compact-sm"
                  aria-label={`Remove ${item.title}`}
                  onClick={() => confirmRemove(item)}
                  disabled={remove.isPending}
                >
                  Remove
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
