import { Accordion, Alert, Stack, Text } from '@mantine/core';
import type { AllocationEvent, AssignableUser } from '@portal/domain/tickets/allocation.ts';
import { formatDateRange } from '@portal/domain/dates.ts';
import { groupingsOf, type AllocationDraft } from '../hooks/use-allocation-draft.ts';
import type { AssigneeSource } from '../../../shared/assignees/assignee-picker.tsx';
import { OverNote } from '../../../shared/assignees/assignee-slots.tsx';
import { SectionAllocation } from './section-allocation.tsx';

interface EventAllocationProps {
  event: AllocationEvent;
  source: AssigneeSource;
  draft: AllocationDraft;
  /** The buyer viewing their own payment (null for anyone else). */
  me: AssignableUser | null;
}

/** A grouping's limit over its sections together (events.md §5), its excess in red. */
function GroupingLimit({ name, maxTickets, excess }: { name: string; maxTickets: number; excess: number }) {
  return (
    <Text size="sm">
      {`${name}: at most ${maxTickets} ${maxTickets === 1 ? 'ticket' : 'tickets'} over its sections together`}
      <OverNote excess={excess} />
    </Text>
  );
}

/** One event of the payment as a collapsible item: its sections (or, for a series, its tickets). */
export function EventAllocation({ event, source, draft, me }: EventAllocationProps) {
  const readOnly = event.closedMessage !== null;
  const limitedGroupings = groupingsOf(event.sections).filter((grouping) => grouping.maxTickets !== null);
  const over =
    event.sections.some((section) => draft.excessOf(section.itemId) > 0) ||
    limitedGroupings.some((grouping) => draft.groupingExcessOf(grouping.id) > 0);
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
          {readOnly
            ? null
            : limitedGroupings.map((grouping) => (
                <GroupingLimit
                  key={grouping.id}
                  name={event.sections.find((section) => section.grouping?.id === grouping.id)?.grouping?.name ?? ''}
                  maxTickets={grouping.maxTickets ?? 0}
                  excess={draft.groupingExcessOf(grouping.id)}
                />
              ))}
          {event.sections.map((section) => (
            <SectionAllocation
              key={section.itemId}
              section={section}
              source={source}
              slots={draft.draft[section.itemId] ?? []}
              excess={readOnly ? 0 : draft.excessOf(section.itemId)}
              readOnly={readOnly}
              onPick={(index, user: AssignableUser | null) => draft.setSlot(section.itemId, index, user)}
              onRemoveSlot={(index) => draft.removeSlot(section.itemId, index)}
              onFill={(picks) => draft.fillSlots(section.itemId, picks)}
              me={me}
            />
          ))}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
