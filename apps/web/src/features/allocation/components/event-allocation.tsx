import { Accordion, Alert, Stack, Text } from '@mantine/core';
import type { AllocationEvent, AssignableUser } from '@portal/domain/allocation.ts';
import { formatDateRange } from '../../../shared/commerce/format.ts';
import type { AllocationDraft } from '../hooks/use-allocation-draft.ts';
import type { AssigneeSource } from './assignee-picker.tsx';
import { SectionAllocation } from './section-allocation.tsx';

interface EventAllocationProps {
  event: AllocationEvent;
  source: AssigneeSource;
  draft: AllocationDraft;
}

/** One event of the payment as a collapsible item: its sections (or, for a series, its tickets). */
export function EventAllocation({ event, source, draft }: EventAllocationProps) {
  const readOnly = event.closedMessage !== null;
  const over = event.sections.some((section) => draft.excessOf(section.itemId) > 0);
  return (
    <Accordion.Item value={event.eventId}>
      <Accordion.Control>
        <Text fw={600} span>
          {event.name}
        </Text>{' '}
        <Text size="sm" span>
          {formatDateRange(event.startDate, event.endDate)}
        </Text>
        {over ? (
          <Text size="sm" c="red.9" fw={700} span>
            {' '}
            (overallocated)
          </Text>
        ) : null}
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="lg">
          {event.closedMessage ? (
            <Alert color="gray" variant="light">
              <Text size="sm">{event.closedMessage}</Text>
            </Alert>
          ) : null}
          {event.sections.map((section) => (
            <SectionAllocation
              key={section.itemId}
              section={section}
              source={source}
              slots={draft.draft[section.itemId] ?? []}
              excess={readOnly ? 0 : draft.excessOf(section.itemId)}
              readOnly={readOnly}
              onPick={(index, user: AssignableUser | null) => draft.setSlot(section.itemId, index, user)}
              onAddSlot={() => draft.addSlot(section.itemId)}
              onRemoveSlot={(index) => draft.removeSlot(section.itemId, index)}
            />
          ))}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
