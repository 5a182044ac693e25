import { Card, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatUsDate } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import { effectiveAmount, isOverridden, optionList } from '@portal/domain/packages/rules.ts';
import type { PackageRequestDetail } from '@portal/domain/packages/contracts.ts';
import { OverrideNote } from './override-note.tsx';
import { StepActions } from './step-actions.tsx';
import { amountOptions, changed, participants, type StepProps } from './step-props.ts';
import { useStepSave } from './use-step-save.ts';

const participantsOf = (detail: PackageRequestDetail) =>
  Object.fromEntries(
    detail.selections.events.map((s) => [
      s.packageEventId,
      effectiveAmount(s.requestedParticipants, s.overrideDate, s.overrideAmount),
    ]),
  );

/** event-selection (§2): participants per package event. */
export function EventSelectionStep({ detail }: StepProps) {
  const [saved, setSaved] = useState(() => participantsOf(detail));
  const [draft, setDraft] = useState(saved);
  const { save, saving, leaveTo } = useStepSave(detail, 'event-selection', (reply) => {
    const next = participantsOf(reply);
    setSaved(next);
    setDraft(next);
  });
  const selections = new Map(detail.selections.events.map((s) => [s.packageEventId, s]));
  const onSave = (andContinue: boolean) =>
    save(
      {
        events: detail.package.events
          .filter((e) => !isOverridden(selections.get(e.id)))
          .map((e) => ({ packageEventId: e.id, requestedParticipants: draft[e.id] ?? 0 })),
      },
      andContinue,
    );
  return (
    <Stack gap="lg">
      {detail.package.eventsDescription ? <Text>{detail.package.eventsDescription}</Text> : null}
      {detail.package.events.map((event) => {
        const selection = selections.get(event.id);
        const overridden = isOverridden(selection);
        const value = draft[event.id] ?? 0;
        const options = optionList({
          min: event.minParticipants,
          max: event.maxParticipants,
          interval: event.selectionInterval,
          allowZeroSelection: event.allowZeroSelection,
        });
        return (
          <Card key={event.id} withBorder padding="md" radius="md">
            <Stack gap="2xs">
              <NativeSelect
                label={event.name}
                description={`${formatUsDate(event.startDate)} · ${formatCents(event.price)} a participant`}
                data={amountOptions(
                  [...new Set([...options, value])].sort((a, b) => a - b),
                  participants,
                )}
                value={String(value)}
                disabled={overridden}
                onChange={(e) => setDraft({ ...draft, [event.id]: Number(e.currentTarget.value) })}
              />
              <Text size="sm">Cost: {formatCents(value * event.price)}</Text>
              <OverrideNote overridden={overridden} createdByAdmin={false} />
            </Stack>
          </Card>
        );
      })}
      <StepActions
        packageRequestId={detail.id}
        steps={detail.steps}
        step="event-selection"
        dirty={changed(draft, saved)}
        saving={saving}
        blocked={false}
        leaveTo={leaveTo}
        onSave={onSave}
      />
    </Stack>
  );
}
