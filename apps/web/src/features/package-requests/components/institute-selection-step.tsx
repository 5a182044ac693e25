import { Alert, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { formatCents } from '@portal/domain/money.ts';
import {
  effectiveAmount,
  gradesOverridden,
  instituteBalance,
  isOverridden,
  optionList,
  packageMessages,
  type BalanceColour,
} from '@portal/domain/packages/rules.ts';
import type { PackageRequestDetail } from '@portal/domain/packages/contracts.ts';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import type { StatusTone } from '../../../ui/theme.ts';
import { OverrideNote } from './override-note.tsx';
import { StepActions } from './step-actions.tsx';
import { amountOptions, participants, type StepProps } from './step-props.ts';
import { useStepSave } from './use-step-save.ts';

type Draft = Record<string, { requested: number; grades: Record<string, number> }>;

const draftOf = (detail: PackageRequestDetail): Draft =>
  Object.fromEntries(
    detail.selections.institutes.map((s) => [
      s.packageInstituteId,
      {
        requested: effectiveAmount(s.requestedParticipants, s.overrideDate, s.overrideAmount),
        grades: Object.fromEntries(s.grades.map((g) => [g.gradeId, g.overrideParticipants ?? g.participants])),
      },
    ]),
  );

const tones: Record<BalanceColour, StatusTone> = { red: 'cancelled', green: 'paid', yellow: 'action' };
const balanceWords = (remaining: number) =>
  remaining < 0
    ? `Over-allocated by ${-remaining}`
    : remaining === 0
      ? 'All allocated'
      : `${remaining} left to allocate`;
const sum = (grades: Record<string, number>) => Object.values(grades).reduce((total, n) => total + n, 0);

/** institute-selection (§2, §4): participants per institute, distributed over the grades; Save only when balanced. */
export function InstituteSelectionStep({ detail }: StepProps) {
  const [saved, setSaved] = useState(() => draftOf(detail));
  const [draft, setDraft] = useState(saved);
  const { save, saving, leaveTo } = useStepSave(detail, 'institute-selection', (reply) => {
    const next = draftOf(reply);
    setSaved(next);
    setDraft(next);
  });
  const selections = new Map(detail.selections.institutes.map((s) => [s.packageInstituteId, s]));
  const entry = (id: string) => draft[id] ?? { requested: 0, grades: {} };
  const unbalanced = detail.package.institutes.some(
    (i) => instituteBalance(entry(i.id).requested, sum(entry(i.id).grades)).remaining !== 0,
  );
  const onSave = (andContinue: boolean) =>
    save(
      {
        institutes: detail.package.institutes
          .filter((i) => entry(i.id).requested > 0 || isOverridden(selections.get(i.id)))
          .map((i) => ({
            packageInstituteId: i.id,
            requestedParticipants: entry(i.id).requested,
            grades: Object.entries(entry(i.id).grades)
              .filter(([, n]) => n > 0)
              .map(([gradeId, n]) => ({ gradeId, participants: n })),
          })),
      },
      andContinue,
    );
  return (
    <Stack gap="lg">
      {detail.package.institutes.map((institute) => {
        const selection = selections.get(institute.id);
        const overridden = isOverridden(selection);
        const gradesLocked = gradesOverridden(selection);
        const current = entry(institute.id);
        const balance = instituteBalance(current.requested, sum(current.grades));
        const options = optionList({
          min: institute.minParticipants,
          max: institute.maxParticipants,
          interval: institute.selectionInterval,
          allowZeroSelection: institute.allowZeroSelection,
        });
        return (
          <Card key={institute.id} withBorder padding="md" radius="md">
            <Stack gap="sm">
              <Title order={3} size="h4">
                {institute.name}
              </Title>
              <NativeSelect
                label="Participants"
                description={`${formatCents(institute.participantCost)} a participant`}
                data={amountOptions(
                  [...new Set([...options, current.requested])].sort((a, b) => a - b),
                  participants,
                )}
                value={String(current.requested)}
                disabled={overridden}
                onChange={(e) =>
                  setDraft({ ...draft, [institute.id]: { ...current, requested: Number(e.currentTarget.value) } })
                }
              />
              <OverrideNote
                overridden={overridden}
                createdByAdmin={selection ? !selection.createdByInitiator : false}
              />
              {current.requested > 0 ? (
                <>
                  <Group justify="space-between">
                    <Stack gap={0}>
                      <Text fw={600}>Participants by grade</Text>
                      {gradesLocked ? (
                        <Text size="sm" fs="italic">{`These grades were ${packageMessages.overriddenByAdmin}.`}</Text>
                      ) : null}
                    </Stack>
                    <span aria-live="polite">
                      <StatusBadge tone={tones[balance.colour]} data-colour={balance.colour}>
                        {balanceWords(balance.remaining)}
                      </StatusBadge>
                    </span>
                  </Group>
                  <SimpleGrid cols={{ base: 2, sm: 4 }}>
                    {detail.grades.map((grade) => (
                      <TextInput
                        key={grade.id}
                        type="number"
                        min={0}
                        label={`Grade ${grade.name}`}
                        value={String(current.grades[grade.id] ?? 0)}
                        disabled={gradesLocked}
                        onChange={(e) => {
                          const n = Math.max(0, Math.floor(Number(e.currentTarget.value) || 0));
                          setDraft({
                            ...draft,
                            [institute.id]: { ...current, grades: { ...current.grades, [grade.id]: n } },
                          });
                        }}
                      />
                    ))}
                  </SimpleGrid>
                </>
              ) : null}
            </Stack>
          </Card>
        );
      })}
      {unbalanced ? (
        <Alert color="yellow" variant="light">
          {packageMessages.instituteUnbalanced}
        </Alert>
      ) : null}
      <StepActions
        packageRequestId={detail.id}
        steps={detail.steps}
        step="institute-selection"
        dirty={JSON.stringify(draft) !== JSON.stringify(saved)}
        saving={saving}
        blocked={unbalanced}
        leaveTo={leaveTo}
        onSave={onSave}
      />
    </Stack>
  );
}
