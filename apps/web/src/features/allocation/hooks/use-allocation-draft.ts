import { useCallback, useMemo, useState } from 'react';
import {
  checkAllocation,
  dropEmptySlots,
  type AllocationReply,
  type AllocationSave,
  type AllocationSection,
  type AssignableUser,
  type DraftCheck,
  type DraftGrouping,
} from '@portal/domain/tickets/allocation.ts';
import { slotIds, type DraftSlot } from '../../../shared/assignees/assignee-slots.tsx';

/** Every bought line's slots, by item id. */
export type Draft = Record<string, DraftSlot[]>;

/** One slot per bought ticket, the saved assignees first; more when more were saved than bought. */
export function draftOf(reply: AllocationReply): Draft {
  const draft: Draft = {};
  for (const event of reply.events) {
    for (const section of event.sections) {
      const slots: DraftSlot[] = [...section.assignedUsers];
      while (slots.length < section.numberOfTickets) slots.push(null);
      draft[section.itemId] = slots;
    }
  }
  return draft;
}

/** A ticket chosen for someone before the screen opens (soleTicketForBuyer): in the draft, not saved. */
export interface Preselection {
  itemId: string;
  user: AssignableUser;
}

function withPreselection(draft: Draft, preselection: Preselection | null): Draft {
  if (!preselection) return draft;
  const slots = draft[preselection.itemId];
  if (!slots || slots[0] !== null) return draft;
  return { ...draft, [preselection.itemId]: [preselection.user, ...slots.slice(1)] };
}

/** The items whose events are still open for allocation (a closed event's items are read-only). */
export function editableSections(reply: AllocationReply) {
  if (reply.blocked) return [];
  return reply.events.filter((event) => event.closedMessage === null).flatMap((event) => event.sections);
}

/** The PUT body: every editable item's assignees, empty slots dropped (events.md §4). */
export function saveBodyOf(reply: AllocationReply, draft: Draft): AllocationSave {
  return {
    items: editableSections(reply).map((section) => ({
      itemId: section.itemId,
      assignedUsers: dropEmptySlots(slotIds(draft[section.itemId] ?? [])),
    })),
  };
}

function sameAssignees(a: readonly DraftSlot[], b: readonly DraftSlot[]): boolean {
  const left = dropEmptySlots(slotIds(a));
  const right = dropEmptySlots(slotIds(b));
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

/** The groupings of some sections, once each: their maxTickets limit their sections' assignees together. */
export function groupingsOf(sections: readonly AllocationSection[]): DraftGrouping[] {
  const byId = new Map<string, DraftGrouping>();
  for (const section of sections)
    if (section.grouping)
      byId.set(section.grouping.id, { id: section.grouping.id, maxTickets: section.grouping.maxTickets });
  return [...byId.values()];
}

export interface AllocationDraft {
  draft: Draft;
  /** The domain's verdict over every editable section, and each section's (and grouping's) excess by id. */
  check: DraftCheck;
  excessOf: (itemId: string) => number;
  groupingExcessOf: (groupingId: string) => number;
  dirty: boolean;
  setSlot: (itemId: string, index: number, user: DraftSlot) => void;
  removeSlot: (itemId: string, index: number) => void;
  /** Several tickets of one item at once (a pasted list). */
  fillSlots: (itemId: string, picks: readonly { index: number; user: AssignableUser }[]) => void;
  /** Starts again from what the server holds (after a save). */
  reset: (reply: AllocationReply) => void;
}

/**
 * The local draft of an allocation, edited until Save (events.md §4: unsaved-changes tracking). A
 * preselection starts the draft with one ticket chosen: a change like any other until saved.
 */
export function useAllocationDraft(reply: AllocationReply, preselection: Preselection | null = null): AllocationDraft {
  const [saved, setSaved] = useState(() => draftOf(reply));
  const [draft, setDraft] = useState(() => withPreselection(saved, preselection));
  const [sections, setSections] = useState(() => editableSections(reply));

  const groupings = useMemo(() => groupingsOf(sections), [sections]);
  const check = useMemo(
    () =>
      checkAllocation(
        sections.map((section) => ({
          numberOfTickets: section.numberOfTickets,
          maxTickets: section.maxTickets,
          groupingId: section.grouping?.id ?? null,
          slots: slotIds(draft[section.itemId] ?? []),
        })),
        groupings,
      ),
    [draft, sections, groupings],
  );
  const groupingExcessById = useMemo(
    () => new Map(groupings.map((grouping, index) => [grouping.id, check.groupingExcess[index] ?? 0])),
    [check, groupings],
  );
  const excessByItem = useMemo(
    () => new Map(sections.map((section, index) => [section.itemId, check.excess[index] ?? 0])),
    [check, sections],
  );
  const dirty = useMemo(
    () => Object.keys(draft).some((itemId) => !sameAssignees(draft[itemId] ?? [], saved[itemId] ?? [])),
    [draft, saved],
  );

  const update = useCallback((itemId: string, change: (slots: DraftSlot[]) => DraftSlot[]) => {
    setDraft((current) => ({ ...current, [itemId]: change([...(current[itemId] ?? [])]) }));
  }, []);

  return {
    draft,
    check,
    excessOf: (itemId) => excessByItem.get(itemId) ?? 0,
    groupingExcessOf: (groupingId) => groupingExcessById.get(groupingId) ?? 0,
    dirty,
    setSlot: (itemId, index, user) =>
      update(itemId, (slots) => {
        slots[index] = user;
        return slots;
      }),
    removeSlot: (itemId, index) => update(itemId, (slots) => slots.filter((_, at) => at !== index)),
    fillSlots: (itemId, picks) =>
      update(itemId, (slots) => {
        for (const pick of picks) slots[pick.index] = pick.user;
        return slots;
      }),
    reset: (next) => {
      const fresh = draftOf(next);
      setSaved(fresh);
      setDraft(fresh);
      setSections(editableSections(next));
    },
  };
}
