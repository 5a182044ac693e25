import { Checkbox, Fieldset, NumberInput, Stack, Text } from '@mantine/core';
import type { CancellationChoice, CancellationView, RefundPreview } from '@portal/domain/commerce/refunds.ts';
import { formatCents } from '@portal/domain/money.ts';
import { formatDateRange } from '@portal/domain/dates.ts';

/**
 * Choosing which tickets of a payment to cancel (issue 38), as the buyer's cancel dialog and staff's
 * refund dialog both do: per line, its allocated tickets by holder and how many not allocated yet.
 */

export type CancellationLine = CancellationView['lines'][number];
export type TicketChoiceValue = Record<string, { ticketIds: string[]; unassigned: number }>;

/** The chosen tickets as the API takes them; empty when nothing is chosen. */
export function choiceItems(value: TicketChoiceValue): CancellationChoice['items'] {
  return Object.entries(value)
    .filter(([, line]) => line.ticketIds.length + line.unassigned > 0)
    .map(([itemId, line]) => ({ itemId, ticketIds: line.ticketIds, unassigned: line.unassigned }));
}

export const chosenCount = (value: TicketChoiceValue) =>
  Object.values(value).reduce((sum, line) => sum + line.ticketIds.length + line.unassigned, 0);

export function TicketChoice({
  lines,
  value,
  onChange,
}: {
  lines: readonly CancellationLine[];
  value: TicketChoiceValue;
  onChange: (value: TicketChoiceValue) => void;
}) {
  const lineOf = (itemId: string) => value[itemId] ?? { ticketIds: [], unassigned: 0 };
  const setLine = (itemId: string, line: { ticketIds: string[]; unassigned: number }) =>
    onChange({ ...value, [itemId]: line });
  return (
    <Stack gap="sm">
      {lines.map((line) => {
        const chosen = lineOf(line.itemId);
        return (
          <Fieldset key={line.itemId} legend={line.title} variant="filled">
            <Stack gap="xs">
              <Text size="sm">
                {line.eventName} · {formatDateRange(line.startDate, line.startDate)} · {formatCents(line.priceCents)} a
                ticket · {line.activeTickets} left
              </Text>
              {line.tickets.map((ticket) => (
                <Checkbox
                  key={ticket.id}
                  label={`${ticket.holderName}'s ticket (${ticket.holderEmail})`}
                  checked={chosen.ticketIds.includes(ticket.id)}
                  onChange={(event) =>
                    setLine(line.itemId, {
                      ...chosen,
                      ticketIds: event.currentTarget.checked
                        ? [...chosen.ticketIds, ticket.id]
                        : chosen.ticketIds.filter((id) => id !== ticket.id),
                    })
                  }
                />
              ))}
              {line.unassigned > 0 ? (
                <NumberInput
                  label="Tickets not allocated yet to cancel"
                  description={`Up to ${line.unassigned}`}
                  min={0}
                  max={line.unassigned}
                  allowDecimal={false}
                  allowNegative={false}
                  clampBehavior="strict"
                  value={chosen.unassigned}
                  onChange={(next) =>
                    setLine(line.itemId, { ...chosen, unassigned: typeof next === 'number' ? next : 0 })
                  }
                  maw={260}
                />
              ) : null}
            </Stack>
          </Fieldset>
        );
      })}
    </Stack>
  );
}

/** What the server computed: paid for the chosen tickets, the fee, what goes back. */
export function RefundPreviewText({ preview, withFee }: { preview: RefundPreview; withFee: boolean }) {
  return (
    <Stack gap="3xs" role="status" aria-label="Refund">
      <Text size="sm">
        Paid for {preview.tickets} {preview.tickets === 1 ? 'ticket' : 'tickets'}: {formatCents(preview.paidCents)}
      </Text>
      {withFee && preview.feeCents > 0 ? (
        <Text size="sm">Cancellation fee: {formatCents(preview.feeCents)}</Text>
      ) : null}
      <Text size="sm" fw={700}>
        Refund: {formatCents(preview.refundCents)}
      </Text>
    </Stack>
  );
}
