import { Alert, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { dropEmptySlots } from '@portal/domain/tickets/allocation.ts';
import {
  checkSegment,
  packageAssignmentMessages,
  type PackageAssignmentsReply,
} from '@portal/domain/packages/assignments.ts';
import type { PackageAssignmentSegment } from '@portal/domain/packages/paths.ts';
import { notifyError } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useSavePackageAssignments } from '../api/package-assignments.ts';
import { AssignmentLine } from './assignment-line.tsx';
import type { DraftSlot } from '../../../shared/assignees/assignee-slots.tsx';
import { segmentBody, segmentLinesOf, type SegmentLine } from './segment-lines.ts';

type Draft = Record<string, DraftSlot[]>;

/** One slot per ticket the line holds, the saved assignees first; more when more were saved than it holds now. */
function draftOf(lines: readonly SegmentLine[]): Draft {
  const draft: Draft = {};
  for (const line of lines) {
    const slots: DraftSlot[] = [...line.assignedUsers];
    while (slots.length < line.allocated) slots.push(null);
    draft[line.itemId] = slots;
  }
  return draft;
}

const assignedIds = (slots: readonly DraftSlot[] | undefined) =>
  dropEmptySlots((slots ?? []).map((slot) => slot?.id ?? null));

interface SegmentPanelProps {
  reply: PackageAssignmentsReply;
  segment: PackageAssignmentSegment;
  /** Tells the page whether this tab holds unsaved changes. */
  onDirty: (segment: PackageAssignmentSegment, dirty: boolean) => void;
}

/** A tab's items, edited as a local draft and saved as one segment (events.md §2, §4, §5, §8). */
export function SegmentPanel({ reply, segment, onDirty }: SegmentPanelProps) {
  const lines = useMemo(() => segmentLinesOf(reply, segment), [reply, segment]);
  const [saved, setSaved] = useState(lines);
  const [draft, setDraft] = useState(() => draftOf(lines));
  const save = useSavePackageAssignments(reply.packageRequestId);
  const check = checkSegment(
    lines.map((line) => ({ itemId: line.itemId, allocated: line.allocated })),
    lines.map((line) => ({ itemId: line.itemId, slots: assignedIds(draft[line.itemId]) })),
  );
  const dirty = saved.some(
    (line) => assignedIds(draft[line.itemId]).join() !== line.assignedUsers.map((u) => u.id).join(),
  );

  if (lines.length === 0) return <EmptyState message={packageAssignmentMessages.empty} />;

  const fill = (itemId: string, picks: readonly { index: number; user: DraftSlot }[]) => {
    const chosen = new Map(picks.map((pick) => [pick.index, pick.user]));
    const next = {
      ...draft,
      [itemId]: (draft[itemId] ?? []).map((slot, i) => (chosen.has(i) ? (chosen.get(i) ?? null) : slot)),
    };
    setDraft(next);
    onDirty(
      segment,
      saved.some((line) => assignedIds(next[line.itemId]).join() !== line.assignedUsers.map((u) => u.id).join()),
    );
  };

  const submit = () => {
    save.mutate(
      segmentBody(reply, segment, (itemId) => assignedIds(draft[itemId])),
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: packageAssignmentMessages.saved });
          const fresh = segmentLinesOf(answer, segment);
          setSaved(fresh);
          setDraft(draftOf(fresh));
          onDirty(segment, false);
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Stack gap="lg">
      {lines.map((line, index) => (
        <Stack key={line.itemId} gap="lg">
          {index > 0 ? <Divider /> : null}
          <AssignmentLine
            line={line}
            organizationId={reply.organizationId}
            slots={draft[line.itemId] ?? []}
            excess={check.excess[index] ?? 0}
            onPick={(slot, user) => fill(line.itemId, [{ index: slot, user }])}
            onFill={(picks) => fill(line.itemId, picks)}
          />
        </Stack>
      ))}
      <Stack gap="xs" aria-live="polite">
        {check.error ? (
          <Text c="red.9" fw={700}>
            {check.error}
          </Text>
        ) : null}
        {check.warning ? (
          <Alert color="yellow" variant="light">
            <Text size="sm">{check.warning}</Text>
          </Alert>
        ) : null}
      </Stack>
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending} disabled={check.error !== null || !dirty}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
