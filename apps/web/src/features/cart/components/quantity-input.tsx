import { NumberInput } from '@mantine/core';
import { useState } from 'react';
import { cartMessages, maxTicketsPerLine, type CartItemReply } from '@portal/domain/commerce/cart.ts';
import { useUpdateCartItem } from '../api/cart.ts';

/**
 * The number of tickets of one cart line, saved when the field is left or Enter is pressed. The
 * parent remounts it (by key) when the server's number changes, so it always starts from the cart.
 */
export function QuantityInput({ item }: { item: CartItemReply }) {
  const update = useUpdateCartItem();
  const [value, setValue] = useState<number | string>(item.numberOfTickets);
  const [error, setError] = useState<string | null>(null);

  const commit = () => {
    const quantity = typeof value === 'number' ? value : Number.NaN;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > maxTicketsPerLine) {
      setError(cartMessages.ticketsRange);
      return;
    }
    setError(null);
    if (quantity === item.numberOfTickets || update.isPending) return;
    update.mutate({ itemId: item.id, numberOfTickets: quantity }, { onError: () => setValue(item.numberOfTickets) });
  };

  return (
    <NumberInput
      aria-label={`Number of tickets for ${item.title}`}
      min={1}
      max={maxTicketsPerLine}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      value={value}
      onChange={(next) => {
        setValue(next);
        setError(null);
      }}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        }
      }}
      disabled={update.isPending}
      error={error}
      w={110}
    />
  );
}
