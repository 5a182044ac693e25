import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { AssignableUser } from '@portal/domain/tickets/allocation.ts';
import { packageAssignmentMessages } from '@portal/domain/packages/assignments.ts';
import { AssigneePicker } from '../../../shared/assignees/assignee-picker.tsx';
import type { SegmentLine } from './segment-lines.ts';

export type DraftSlot = AssignableUser | null;

interface AssignmentLineProps {
  line: SegmentLine;
  organizationId: string;
  slots: DraftSlot[];
  /** Assignees over what the line holds (shown in red). */
  excess: number;
  onPick: (index: number, user: AssignableUser | null) => void;
}

export const overLimitMessage = 'Over the limit';

/** One item of the package: one picker per ticket, a chosen person gone from the item's other pickers. */
export function AssignmentLine({ line, organizationId, slots, excess, onPick }: AssignmentLineProps) {
  const headingId = useId();
  const ids = slots.map((slot) => slot?.id ?? null);
  const filled = slots.flatMap((slot, index) => (slot ? [index] : []));
  const over = new Set(excess > 0 ? filled.slice(-excess) : []);
  const assigned = filled.length;
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <div>
        <Title order={3} size="h4" id={headingId}>
          {line.title}
        </Title>
        {line.detail ? <Text size="sm">{line.detail}</Text> : null}
        <Text size="sm">
          {assigned} of {line.allocated} assigned
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
                source={{ kind: 'organization', organizationId }}
                label={ticket}
                value={slot}
                slots={ids}
                slotIndex={index}
                onChange={(user) => onPick(index, user)}
                error={over.has(index) ? overLimitMessage : undefined}
              />
            </div>
            <Button variant="subtle" onClick={() => onPick(index, null)} disabled={!slot} aria-label={`${packageAssignmentMessages.clearSelection}, ${ticket.toLowerCase()} of ${line.title}`}>
              {packageAssignmentMessages.clearSelection}
            </Button>
          </Group>
        );
      })}
    </Stack>
  );
}
