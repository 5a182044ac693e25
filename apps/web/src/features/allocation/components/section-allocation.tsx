import type { AllocationSection, AssignableUser } from '@portal/domain/tickets/allocation.ts';
import { formatUsDates } from '@portal/domain/dates.ts';
import type { AssigneeSource } from '../../../shared/assignees/assignee-picker.tsx';
import { AssigneeSlots, type DraftSlot } from '../../../shared/assignees/assignee-slots.tsx';
import type { ListedPick } from '../../../shared/assignees/paste-assignees.tsx';

interface SectionAllocationProps {
  section: AllocationSection;
  source: AssigneeSource;
  slots: DraftSlot[];
  /** Assignees over the section's limit (the domain's `excessAssignees`). */
  excess: number;
  readOnly: boolean;
  onPick: (index: number, user: AssignableUser | null) => void;
  onRemoveSlot: (index: number) => void;
  onFill: (picks: ListedPick[]) => void;
  /** The buyer viewing their own payment: empty tickets offer 'Assign to me'. */
  me: AssignableUser | null;
}

/**
 * One bought line (a conference-day section, or a series event as a whole): one picker per ticket,
 * a chosen person gone from the section's other pickers, the count of assignees against the tickets.
 */
export function SectionAllocation({
  section,
  source,
  slots,
  excess,
  readOnly,
  onPick,
  onRemoveSlot,
  onFill,
  me,
}: SectionAllocationProps) {
  const isSection = section.sectionId !== null;
  return (
    <AssigneeSlots
      heading={isSection ? section.title : 'Tickets'}
      detail={
        isSection ? (
          <>
            {formatUsDates(section.dates)}
            {section.locationName ? ` · ${section.locationName}` : ''}
          </>
        ) : null
      }
      count={(assigned) => (
        <>
          {assigned} of {section.numberOfTickets} {section.numberOfTickets === 1 ? 'ticket' : 'tickets'} allocated
          {section.maxTickets !== null ? ` · at most ${section.maxTickets} in this section` : ''}
        </>
      )}
      source={source}
      slots={slots}
      excess={excess}
      readOnly={readOnly}
      onPick={onPick}
      removableFrom={section.numberOfTickets}
      onRemoveSlot={onRemoveSlot}
      onFill={onFill}
      me={me}
    />
  );
}
