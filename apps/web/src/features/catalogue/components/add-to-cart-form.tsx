import { Button, Group, NativeSelect, NumberInput, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { cartMessages, maxTicketsPerLine } from '@portal/domain/commerce/cart.ts';
import { catalogueMessages, type CatalogueEventDetail } from '@portal/domain/events/catalogue.ts';
import { formatCents } from '@portal/domain/money.ts';
import { useAddToCart } from '../api/catalogue.ts';

interface AddToCartFormProps {
  eventId: string;
  /** The conference-day or institute section bought; null for a series event. */
  sectionId: string | null;
  /** What is bought, for the form's accessible name ("Coaching Writing"). */
  itemName: string;
  ticketTypes: CatalogueEventDetail['ticketTypes'];
  /** Seats left; null when unlimited. */
  remaining: number | null;
  isFree?: boolean;
}

function quantityError(value: number | string, remaining: number | null): string | null {
  const quantity = typeof value === 'number' ? value : Number.NaN;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > maxTicketsPerLine) return cartMessages.ticketsRange;
  if (remaining !== null && quantity > remaining) return catalogueMessages.notEnoughSeats(remaining);
  return null;
}

/** A ticket type (when there are several), how many tickets (1–100) and 'Add to cart'. */
export function AddToCartForm({
  eventId,
  sectionId,
  itemName,
  ticketTypes,
  remaining,
  isFree = false,
}: AddToCartFormProps) {
  const addToCart = useAddToCart();
  const [ticketTypeId, setTicketTypeId] = useState<string | null>(ticketTypes[0]?.id ?? null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const [error, setError] = useState<string | null>(null);
  // The quantity stays as entered after an add and this says what went in: a box back at 1 reads as "nothing added".
  const [added, setAdded] = useState<number | null>(null);
  const single = ticketTypes.length === 1 ? ticketTypes[0] : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = quantityError(quantity, remaining);
    setError(problem);
    if (problem || !ticketTypeId) return;
    const numberOfTickets = Number(quantity);
    addToCart.mutate(
      { eventId, ticketTypeId, sectionId, numberOfTickets },
      { onSuccess: () => setAdded(numberOfTickets) },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Add ${itemName} to cart`}>
      <Group align="flex-start" gap="sm">
        {single ? (
          isFree ? null : (
            <Text size="sm" mt={30}>
              {single.name}: {formatCents(single.priceCents)}
            </Text>
          )
        ) : (
          <NativeSelect
            label="Ticket type"
            data={ticketTypes.map((type) => ({
              value: type.id,
              label: `${type.name} — ${formatCents(type.priceCents)}`,
            }))}
            value={ticketTypeId ?? ''}
            onChange={(event) => {
              setTicketTypeId(event.currentTarget.value);
              setAdded(null);
            }}
            w={260}
          />
        )}
        <NumberInput
          label="Number of tickets"
          min={1}
          max={maxTicketsPerLine}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={quantity}
          onChange={(value) => {
            setQuantity(value);
            setError(null);
            setAdded(null);
          }}
          error={error}
          w={160}
        />
        <Button type="submit" mt={25} loading={addToCart.isPending}>
          Add to cart
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mt="xs" role="status">
        {added === null ? null : catalogueMessages.addedTickets(added)}
      </Text>
    </form>
  );
}
