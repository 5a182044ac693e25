import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { allocationMessages, type AllocationSection, type AssignableUser } from '@portal/domain/tickets/allocation.ts';
import { formatUsDate } from '@portal/domain/dates.ts';
import { slotIds, type DraftSlot } from '../hooks/use-allocation-draft.ts';
import { AssigneePicker, type AssigneeSource } from '../../../shared/assignees/assignee-picker.tsx';

interface SectionAllocationProps {
  section: AllocationSection;
  source: AssigneeSource;
  slots: DraftSlot[];
  /** Assignees over the section's limit (the domain's `excessAssignees`). */
  excess: number;
  readOnly: boolean;
  onPick: (index: number, user: AssignableUser | null) => void;
  onAddSlot: () => void;
  onRemoveSlot: (index: number) => void;
}

export const overLimitMessage = 'Over the limit';

/** The slots that hold the last `excess` assignees: those are shown in red. */
function excessSlots(slots: readonly DraftSlot[], excess: number): Set<number> {
  const filled = slots.flatMap((slot, index) => (slot ? [index] : []));
  return new Set(excess > 0 ? filled.slice(-excess) : []);
}

/**
 * One bought line (a conference-day section, or a series event as a whole): one picker per ticket,
 * a chosen person gone from the section's other pickers, the count of assignees against the tickets.
 */
export function SectionAllocation({ section, source, slots, excess, readOnly, onPick, onAddSlot, onRemoveSlot }: SectionAllocationProps) {
  const headingId = useId();
  const assigned = slots.filter(Boolean).length;
  const over = excessSlots(slots, excess);
  const ids = slotIds(slots);
  const heading = section.sectionId !== null ? section.title : 'Tickets';

  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <div>
        <Title order={3} size="h4" id={headingId}>
          {heading}
        </Title>
        {section.sectionId !== null ? (
          <Text size="sm">
            {section.dates.map(formatUsDate).join(', ')}
            {section.locationName ? ` · ${section.locationName}` : ''}
          </Text>
        ) : null}
        <Text size="sm">
          {assigned} of {section.numberOfTickets} {section.numberOfTickets === 1 ? 'ticket' : 'tickets'} allocated
          {section.maxTickets !== null ? ` · at most ${section.maxTickets} in this section` : ''}
          {excess > 0 ? (
            <Text span c="red.9" fw={700} size="sm">
              {` · ${excess} over`}
            </Text>
          ) : null}
        </Text>
      </div>
      {slots.map((slot, index) => {
        const ticket = `Ticket ${index + 1}`;
        return (
          // Slots are positions: a ticket keeps its place when another one is cleared.
          <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>
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
            {index >= section.numberOfTickets && !readOnly ? (
              <Button variant="subtle" onClick={() => onRemoveSlot(index)} aria-label={`Remove ${ticket.toLowerCase()} of ${heading}`}>
                Remove
              </Button>
            ) : null}
          </Group>
        );
      })}
      {readOnly ? null : (
        <Group>
          <Button variant="default" size="xs" onClick={onAddSlot} aria-label={`Add another assignee to ${heading}`}>
            Add another assignee
          </Button>
        </Group>
      )}
    </Stack>
  );
}
