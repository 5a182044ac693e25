import '@mantine/core/styles/Fieldset.css';
import { Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatUsDate } from '@portal/domain/dates.ts';
import { effectiveGrades, gradesOverridden, packageMessages, participantCount } from '@portal/domain/packages/rules.ts';
import type { PackageRequestDetail } from '@portal/domain/packages/contracts.ts';
import { notifyError } from '../../../lib/errors.ts';
import { useOverrideGrades, useOverrideSelection } from '../api/packages.ts';

type Selection = PackageRequestDetail['selections']['institutes'][number];

const total = (counts: Iterable<number>) => [...counts].reduce((sum, n) => sum + n, 0);

function distributionWords(detail: PackageRequestDetail, counts: ReadonlyMap<string, number>): string {
  const words = detail.grades.filter((g) => counts.has(g.id)).map((g) => `Grade ${g.name}: ${counts.get(g.id)}`);
  return words.length === 0 ? 'none' : words.join(', ');
}

/**
 * An institute's participants by grade (§3 overrideParticipants): what the member distributed, and
 * staff's override of it, whose sum the server makes the institute's participants
 * (docs/decisions/0090-staff-override-of-grade-distribution.md).
 */
export function GradeOverrideCard({
  detail,
  institute,
  selection,
  overridable,
}: {
  detail: PackageRequestDetail;
  institute: { id: string; name: string };
  selection: Selection | undefined;
  overridable: boolean;
}) {
  const overrideGrades = useOverrideGrades(detail.id);
  const clear = useOverrideSelection(detail.id);
  const locked = gradesOverridden(selection);
  const inForce = effectiveGrades(selection?.grades ?? []);
  const members = new Map(
    (selection?.grades ?? []).filter((g) => g.participants > 0).map((g) => [g.gradeId, g.participants] as const),
  );
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(detail.grades.map((g) => [g.id, String(inForce.get(g.id) ?? 0)])),
  );
  const [date, setDate] = useState(locked ? (selection?.overrideDate ?? '') : '');
  const counts = detail.grades.map((g) => ({ gradeId: g.id, participants: Number(values[g.id] ?? '0') }));
  const valid = counts.every(
    (c) => Number.isInteger(c.participants) && c.participants >= 0 && c.participants <= 100_000,
  );
  const sum = total(counts.map((c) => c.participants));
  const pending = overrideGrades.isPending || clear.isPending;
  const onDone = {
    onSuccess: () => notifications.show({ color: 'green', message: packageMessages.updated }),
    onError: notifyError,
  };
  const confirmOverride = () =>
    openConfirmModal({
      title: `Override the grades of ${institute.name}?`,
      children: (
        <Text size="sm">{`${participantCount(sum)} by grade replace the member's ${total(members.values())}, and the member can no longer change them.`}</Text>
      ),
      labels: { confirm: 'Override', cancel: 'Cancel' },
      onConfirm: () =>
        overrideGrades.mutate(
          {
            packageInstituteId: institute.id,
            grades: counts.filter((c) => c.participants > 0),
            ...(date ? { overrideDate: date } : {}),
          },
          onDone,
        ),
    });
  const confirmClear = () =>
    openConfirmModal({
      title: `Clear the override of ${institute.name}?`,
      children: <Text size="sm">The member's participants and grades count again.</Text>,
      labels: { confirm: 'Clear', cancel: 'Cancel' },
      onConfirm: () => clear.mutate({ kind: 'institute', itemId: institute.id, amount: null }, onDone),
    });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {institute.name}
        </Title>
        <Text size="sm">{`The member's grades: ${distributionWords(detail, members)}`}</Text>
        {locked && selection?.overrideDate ? (
          <Text size="sm">{`Grades ${packageMessages.overriddenByAdmin} on ${formatUsDate(selection.overrideDate)}: ${distributionWords(detail, inForce)}`}</Text>
        ) : null}
        {overridable ? (
          <Fieldset legend={`Override the grades of ${institute.name}`} variant="unstyled">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 2, sm: 4, md: 7 }}>
                {detail.grades.map((grade) => (
                  <TextInput
                    key={grade.id}
                    type="number"
                    min={0}
                    label={`Grade ${grade.name}`}
                    value={values[grade.id] ?? '0'}
                    onChange={(e) => setValues({ ...values, [grade.id]: e.currentTarget.value })}
                  />
                ))}
              </SimpleGrid>
              <Group gap="sm" align="flex-end">
                <TextInput
                  type="date"
                  label={`Override date for the grades of ${institute.name}`}
                  description="Today when empty"
                  value={date}
                  onChange={(e) => setDate(e.currentTarget.value)}
                  w={220}
                />
                <Text size="sm" aria-live="polite">{`${participantCount(sum)} in all`}</Text>
              </Group>
              <Group gap="sm">
                <Button onClick={confirmOverride} disabled={!valid || sum === 0 || pending}>
                  Override grades
                </Button>
                {locked ? (
                  <Button variant="default" onClick={confirmClear} disabled={pending}>
                    Clear
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Fieldset>
        ) : null}
      </Stack>
    </Paper>
  );
}
