import type { AssignableUser } from '@portal/domain/tickets/allocation.ts';
import { AssigneeSlots, type DraftSlot } from '../../../shared/assignees/assignee-slots.tsx';
import type { ListedPick } from '../../../shared/assignees/paste-assignees.tsx';
import type { SegmentLine } from './segment-lines.ts';

interface AssignmentLineProps {
  line: SegmentLine;
  organizationId: string;
  slots: DraftSlot[];
  /** Assignees over what the line holds (shown in red). */
  excess: number;
  onPick: (index: number, user: AssignableUser | null) => void;
  onFill: (picks: ListedPick[]) => void;
}

/** One item of the package: one picker per ticket, a chosen person gone from the item's other pickers. */
export function AssignmentLine({ line, organizationId, slots, excess, onPick, onFill }: AssignmentLineProps) {
  return (
    <AssigneeSlots
      heading={line.title}
      detail={line.detail}
      count={(assigned) => (
        <>
          {assigned} of {line.allocated} assigned
        </>
      )}
      source={{ kind: 'organization', organizationId }}
      slots={slots}
      excess={excess}
      onPick={onPick}
      onFill={onFill}
    />
  );
}
