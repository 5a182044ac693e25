import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { allocationMessages, type AssignableUser } from '@portal/domain/tickets/allocation.ts';
import { AssigneePicker, type AssigneeSource } from './assignee-picker.tsx';
import { PasteAssignees, type ListedPick } from './paste-assignees.tsx';

/** One picker's choice: the person (kept whole, so the picker can name them), or empty. */
export type DraftSlot = AssignableUser | null;

export const overLimitMessage = 'Over the limit';

export function slotIds(slots: readonly DraftSlot[]): (string | null)[] {
  return slots.map((slot) => slot?.id ?? null);
}

/** The slots that hold the last `excess` assignees: those are shown in red. */
function excessSlots(slots: readonly DraftSlot[], excess: number): Set<number> {
  const filled = slots.flatMap((slot, index) => (slot ? [index] : []));
  return new Set(excess > 0 ? filled.slice(-excess) : []);
}

/** " · 2 over" in red after a count, when assignees are over a limit. */
export function OverNote({ excess }: { excess: number }) {
  return excess > 0 ? (
    <Text span c="red.9" fw={700} size="sm">
      {` · ${excess} over`}
    </Text>
  ) : null;
}

interface AssigneeSlotsProps {
  heading: string;
  /** A line under the heading (dates and place, or what the item is). */
  detail?: ReactNode;
  /** The count line's text, given how many slots are filled (the "· N over" is added after it). */
  count: (assigned: number) => ReactNode;
  source: AssigneeSource;
  slots: DraftSlot[];
  /** Assignees over the limit: the last ones are shown in red. */
  excess: number;
  readOnly?: boolean;
  onPick: (index: number, user: AssignableUser | null) => void;
  /**
   * Slots from this index on can be removed (omitted: none can): assignees saved past the tickets a line
   * now holds. No slot is ever added past them: one picker per ticket is all a buyer may fill (issue 39).
   */
  removableFrom?: number;
  onRemoveSlot?: (index: number) => void;
  /** The buyer viewing their own tickets: each empty ticket offers 'Assign to me' while they hold none of the line. */
  me?: AssignableUser | null;
  /** Given, an organization's line offers 'Paste a list' to fill its empty tickets at once. */
  onFill?: (picks: ListedPick[]) => void;
}

/**
 * One bought line's ticket slots: one picker per ticket, a chosen person gone from the line's other
 * pickers, the count of assignees with those over the limit in red.
 */
export function AssigneeSlots({
  heading,
  detail,
  count,
  source,
  slots,
  excess,
  readOnly = false,
  onPick,
  removableFrom,
  onRemoveSlot,
  me = null,
  onFill,
}: AssigneeSlotsProps) {
  const headingId = useId();
  const assigned = slots.filter(Boolean).length;
  const over = excessSlots(slots, excess);
  const ids = slotIds(slots);
  const mine = me !== null && ids.includes(me.id);
  const pastable = onFill && source.kind === 'organization' ? { organizationId: source.organizationId, onFill } : null;

  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <div>
        <Title order={3} size="h4" id={headingId}>
          {heading}
        </Title>
        {detail ? <Text size="sm">{detail}</Text> : null}
        <Text size="sm">
          {count(assigned)}
          <OverNote excess={excess} />
        </Text>
      </div>
      {slots.map((slot, index) => {
        const ticket = `Ticket ${index + 1}`;
        return (
          // Slots are positions: a ticket keeps its place when another one is cleared.
          // A phone puts the buttons under the picker rather than squeezing it.
          <Group key={index} align="flex-end" gap="xs">
            <div style={{ flex: '1 1 11rem', minWidth: 0 }}>
              <AssigneePicker
                source={source}
                label={ticket}
                value={slot}
                slots={ids}
                slotIndex={index}
                onChange={(user) => onPick(index, user)}
                disabled={readOnly}
                error={over.has(index) ? overLimitMessage : undefined}
              />
            </div>
            <Button
              variant="subtle"
              onClick={() => onPick(index, null)}
              disabled={readOnly || !slot}
              aria-label={`${allocationMessages.clearSelection}, ${ticket.toLowerCase()} of ${heading}`}
            >
              {allocationMessages.clearSelection}
            </Button>
            {me && !slot && !mine && !readOnly ? (
              <Button
                variant="light"
                onClick={() => onPick(index, me)}
                aria-label={`${allocationMessages.assignToMe}, ${ticket.toLowerCase()} of ${heading}`}
              >
                {allocationMessages.assignToMe}
              </Button>
            ) : null}
            {onRemoveSlot && removableFrom !== undefined && index >= removableFrom && !readOnly ? (
              <Button
                variant="subtle"
                onClick={() => onRemoveSlot(index)}
                aria-label={`Remove ${ticket.toLowerCase()} of ${heading}`}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        );
      })}
      {readOnly || !pastable ? null : (
        <Group gap="xs">
          <PasteAssignees
            organizationId={pastable.organizationId}
            heading={heading}
            slots={slots}
            onFill={pastable.onFill}
          />
        </Group>
      )}
    </Stack>
  );
}
