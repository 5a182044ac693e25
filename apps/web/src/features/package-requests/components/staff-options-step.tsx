import { Alert, Card, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatCents } from '@portal/domain/money.ts';
import {
  effectiveAmount,
  groupingsBelowMinimum,
  isOverridden,
  minimumDaysMessage,
  optionList,
} from '@portal/domain/packages/rules.ts';
import type { PackageRequestDetail } from '@portal/domain/packages/contracts.ts';
import { OverrideNote } from './override-note.tsx';
import { StepActions } from './step-actions.tsx';
import { amountOptions, changed, days, type StepProps } from './step-props.ts';
import { useStepMinimum } from './use-step-minimum.ts';
import { useStepSave } from './use-step-save.ts';

const daysOf = (detail: PackageRequestDetail) =>
  Object.fromEntries(
    detail.selections.pdSessions.map((s) => [
      s.pdSessionId,
      effectiveAmount(s.requestedDays, s.overrideDate, s.overrideAmount),
    ]),
  );

/** staff-options (§2, §5): days per PD session; each grouping needs its minimum days. */
export function StaffOptionsStep({ detail }: StepProps) {
  const [saved, setSaved] = useState(() => daysOf(detail));
  const [draft, setDraft] = useState(saved);
  const { save, saving, leaveTo } = useStepSave(detail, 'staff-options', (reply) => {
    const next = daysOf(reply);
    setSaved(next);
    setDraft(next);
  });
  const selections = new Map(detail.selections.pdSessions.map((s) => [s.pdSessionId, s]));
  const short = groupingsBelowMinimum(detail.package, new Map(Object.entries(draft)));
  const minimum = useStepMinimum(short.length > 0);
  const onSave = (andContinue: boolean) =>
    minimum.attempt(andContinue, () =>
      save(
        {
          pdSessions: detail.package.pdSessionGroupings
            .flatMap((g) => g.pdSessions)
            .filter((s) => !isOverridden(selections.get(s.id)))
            .map((s) => ({ pdSessionId: s.id, requestedDays: draft[s.id] ?? 0 })),
        },
        andContinue,
      ),
    );

  return (
    <Stack gap="lg">
      {detail.package.schoolBasedPDSessionsDescription ? (
        <Text>{detail.package.schoolBasedPDSessionsDescription}</Text>
      ) : null}
      {detail.package.pdSessionGroupings.map((grouping) => (
        <Card key={grouping.id} withBorder padding="md" radius="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {grouping.title}
            </Title>
            {grouping.description ? <Text size="sm">{grouping.description}</Text> : null}
            {grouping.minDays > 0 ? <Text size="sm">At least {days(grouping.minDays)} in all.</Text> : null}
            {grouping.pdSessions.map((session) => {
              const selection = selections.get(session.id);
              const overridden = isOverridden(selection);
              const options = optionList({
                min: session.minDays,
                max: session.maxDays,
                interval: session.selectionInterval,
                allowZeroSelection: session.allowZeroSelection,
                customSelections: session.useCustomSelection ? session.customSelections : null,
              });
              const value = draft[session.id] ?? 0;
              return (
                <Stack key={session.id} gap="2xs">
                  <NativeSelect
                    label={session.name}
                    description={`${session.setting === 'REMOTE' ? 'Remote' : 'On site'} · ${formatCents(session.dayRate)} a day${session.description ? ` · ${session.description}` : ''}`}
                    data={amountOptions(
                      [...new Set([...options, value])].sort((a, b) => a - b),
                      days,
                    )}
                    value={String(value)}
                    disabled={overridden}
                    onChange={(event) => {
                      minimum.touch();
                      setDraft({ ...draft, [session.id]: Number(event.currentTarget.value) });
                    }}
                  />
                  <OverrideNote
                    overridden={overridden}
                    createdByAdmin={selection ? !selection.createdByInitiator : false}
                  />
                </Stack>
              );
            })}
          </Stack>
        </Card>
      ))}
      {(minimum.shown ? short : []).map((title) => (
        <Alert key={title} color="red" variant="light">
          {minimumDaysMessage(title)}
        </Alert>
      ))}
      <StepActions
        packageRequestId={detail.id}
        steps={detail.steps}
        step="staff-options"
        dirty={changed(draft, saved)}
        saving={saving}
        blocked={false}
        continueBlocked={minimum.shown}
        leaveTo={leaveTo}
        onSave={onSave}
      />
    </Stack>
  );
}
