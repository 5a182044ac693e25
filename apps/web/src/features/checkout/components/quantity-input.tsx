import { ActionIcon, Group, NumberInput } from '@mantine/core';
import IconMinus from '@tabler/icons-react/icons/IconMinus';
import IconPlus from '@tabler/icons-react/icons/IconPlus';
import { useState } from 'react';
import { cartMessages, maxTicketsPerLine, type CartItemReply } from '@portal/domain/commerce/cart.ts';
import { useUpdateCartItem } from '../api/cart.ts';

/**
 * The number of tickets of one cart line, saved when the field is left or Enter is pressed, or at
 * once by its − and + buttons. Mantine's own steppers are hidden from assistive technology and the
 * keyboard, so the buttons here are real ones, named for the line they change. The parent remounts
 * it (by key) when the server's number changes, so it always starts from the cart.
 */
export function QuantityInput({ item }: { item: CartItemReply }) {
  const update = useUpdateCartItem();
  const [value, setValue] = useState<number | string>(item.numberOfTickets);
  const [error, setError] = useState<string | null>(null);

  const send = (quantity: number) => {
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > maxTicketsPerLine) {
      setError(cartMessages.ticketsRange);
      return;
    }
    setError(null);
    if (quantity === item.numberOfTickets || update.isPending) return;
    update.mutate({ itemId: item.id, numberOfTickets: quantity }, { onError: () => setValue(item.numberOfTickets) });
  };
  const typed = typeof value === 'number' ? value : Number.NaN;
  const step = (by: 1 | -1) => {
    const next = (Number.isInteger(typed) ? typed : item.numberOfTickets) + by;
    setValue(next);
    send(next);
  };

  return (
    <Group gap="2xs" wrap="nowrap" align="flex-start">
      <ActionIcon
        variant="default"
        size="input-sm"
        aria-label={`Decrease tickets for ${item.title}`}
        disabled={update.isPending || typed <= 1}
        onClick={() => step(-1)}
      >
        <IconMinus size={16} aria-hidden />
      </ActionIcon>
      <NumberInput
        aria-label={`Number of tickets for ${item.title}`}
        min={1}
        max={maxTicketsPerLine}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        hideControls
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
        onBlur={() => send(typed)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            send(typed);
          }
        }}
        disabled={update.isPending}
        error={error}
        w={64}
        styles={{ input: { textAlign: 'center' } }}
      />
      <ActionIcon
        variant="default"
        size="input-sm"
        aria-label={`Increase tickets for ${item.title}`}
        disabled={update.isPending || typed >= maxTicketsPerLine}
        onClick={() => step(1)}
      >
        <IconPlus size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
