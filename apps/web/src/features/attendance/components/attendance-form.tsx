import { Anchor, Button, Checkbox, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { placementMessages } from '@portal/domain/applications/placement.ts';
import { attendanceMessages, changedMarks, mergeMarks, type AttendanceList } from '@portal/domain/events/attendance.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import type { PendingSave } from '../hooks/pending-saves.ts';
import type { SaveOutcome } from '../hooks/use-attendance-sync.ts';

interface AttendanceFormProps {
  list: AttendanceList;
  backTo: string;
  /** Saves kept on this device: their marks show as saved until the server has them. */
  pending: PendingSave[];
  onSave: (date: string, rows: { userId: string; attended: boolean }[]) => Promise<SaveOutcome>;
}

/**
 * One large checkbox per person (a whole row is the target, for a phone in a school hall), Back and
 * Save. Only the rows that differ from what was loaded are sent.
 */
export function AttendanceForm({ list, backTo, pending, onSave }: AttendanceFormProps) {
  const loaded = useMemo(() => {
    const server = list.people.map((person) => ({ userId: person.userId, attended: person.attended }));
    const waiting = pending.filter((save) => save.date === list.date).flatMap((save) => save.rows);
    const expected = new Set(server.map((mark) => mark.userId));
    return mergeMarks(
      server,
      waiting.filter((mark) => expected.has(mark.userId)),
    );
  }, [list, pending]);
  const [edits, setEdits] = useState<Record<string, boolean>>({});
  const [saving, setSaving] = useState(false);
  const current = loaded.map((mark) => ({ userId: mark.userId, attended: edits[mark.userId] ?? mark.attended }));
  const changed = changedMarks(loaded, current);

  const save = async () => {
    if (changed.length === 0 || saving) return;
    setSaving(true);
    const outcome = await onSave(list.date, changed);
    setSaving(false);
    if (outcome !== 'failed') setEdits({});
  };

  const back = (
    <Anchor component={Link} to={backTo} size="lg">
      Back
    </Anchor>
  );
  if (!list.meetsToday) {
    return (
      <Stack gap="md">
        <EmptyState message={attendanceMessages.notToday} />
        {list.people.length > 0 ? (
          <Stack gap="xs">
            <Text fw={600}>Expected in this section</Text>
            <List spacing={4} aria-label="Expected in this section">
              {list.people.map((person) => (
                <List.Item key={person.userId}>
                  {person.firstName} {person.lastName} · {person.email}
                  {person.notPlacedYet ? ` · ${placementMessages.notPlacedYet}` : ''}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        {back}
      </Stack>
    );
  }
  if (list.people.length === 0) {
    return (
      <Stack gap="md">
        <EmptyState message={attendanceMessages.noPeople} />
        {back}
      </Stack>
    );
  }
  const attendedCount = current.filter((mark) => mark.attended).length;
  return (
    <Stack
      gap="md"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Text aria-live="polite">
        {attendedCount} of {current.length} present
      </Text>
      <Stack gap="xs" role="group" aria-label="Attendance">
        {list.people.map((person) => {
          const checked = current.find((mark) => mark.userId === person.userId)?.attended ?? false;
          return (
            <Paper
              key={person.userId}
              withBorder
              radius="md"
              px="md"
              py="sm"
              bg={checked ? 'var(--mantine-color-green-light)' : undefined}
            >
              <Checkbox
                size="lg"
                checked={checked}
                onChange={(event) => {
                  const value = event.currentTarget.checked;
                  setEdits((before) => ({ ...before, [person.userId]: value }));
                }}
                label={`${person.firstName} ${person.lastName}`}
                description={person.notPlacedYet ? `${person.email} · ${placementMessages.notPlacedYet}` : person.email}
                styles={{
                  body: { alignItems: 'center', minHeight: 44 },
                  labelWrapper: { flex: 1, minWidth: 0, overflowWrap: 'anywhere' },
                }}
              />
            </Paper>
          );
        })}
      </Stack>
      <Group justify="space-between" wrap="nowrap">
        {back}
        <Button type="submit" size="lg" loading={saving} disabled={changed.length === 0}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
