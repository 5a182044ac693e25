import { Alert, Badge, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatCents } from '@portal/domain/money.ts';
import {
  effectiveAmount,
  groupMinimumMessage,
  groupsBelowMinimum,
  isOverridden,
  isVirtualSection,
  packageMessages,
  spotsRemaining,
} from '@portal/domain/packages/rules.ts';
import type { PackageRequestDetail } from '@portal/domain/packages/contracts.ts';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { OverrideNote } from './override-note.tsx';
import { StepActions } from './step-actions.tsx';
import { amountOptions, changed, participants, type StepProps } from './step-props.ts';
import { useStepMinimum } from './use-step-minimum.ts';
import { useStepSave } from './use-step-save.ts';

const participantsOf = (detail: PackageRequestDetail) =>
  Object.fromEntries(
    detail.selections.groupSections.map((s) => [
      s.groupSectionId,
      effectiveAmount(s.requestedParticipants, s.overrideDate, s.overrideParticipants),
    ]),
  );

const range = (min: number, max: number) => [
  0,
  ...Array.from({ length: Math.max(max - Math.max(min, 1) + 1, 0) }, (_, i) => Math.max(min, 1) + i),
];

/** group-selection (§2, §5): participants per group section, spots remaining per group, the required groups' minimums. */
export function GroupSelectionStep({ detail }: StepProps) {
  const [saved, setSaved] = useState(() => participantsOf(detail));
  const [draft, setDraft] = useState(saved);
  const { save, saving, leaveTo } = useStepSave(detail, 'group-selection', (reply) => {
    const next = participantsOf(reply);
    setSaved(next);
    setDraft(next);
  });
  const selections = new Map(detail.selections.groupSections.map((s) => [s.groupSectionId, s]));
  const draftMap = new Map(Object.entries(draft));
  const short = groupsBelowMinimum(detail.package, draftMap);
  const minimum = useStepMinimum(short.length > 0);
  let overallocated = false;
  const onSave = (andContinue: boolean) =>
    minimum.attempt(andContinue, () =>
      save(
        {
          sections: detail.package.groups
            .flatMap((g) => g.sections)
            .filter((s) => !isOverridden(selections.get(s.id)))
            .map((s) => ({ groupSectionId: s.id, requestedParticipants: draft[s.id] ?? 0 })),
        },
        andContinue,
      ),
    );
  const cards = detail.package.groups.map((group) => {
    const chosen = group.sections.reduce((sum, s) => sum + (draft[s.id] ?? 0), 0);
    const spots = spotsRemaining(group.maxAttendees, chosen);
    overallocated ||= spots.overallocated;
    return (
      <Card key={group.id} withBorder padding="md" radius="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Title order={3} size="h4">
              {group.name}
            </Title>
            <span aria-live="polite">
              {spots.highlighted ? (
                <StatusBadge tone={spots.overallocated ? 'cancelled' : 'action'} size="lg">
                  {spots.overallocated ? packageMessages.groupsOverallocated : `Spots remaining: ${spots.remaining}`}
                </StatusBadge>
              ) : (
                <Text>Spots remaining: {spots.remaining}</Text>
              )}
            </span>
          </Group>
          {group.description ? <Text size="sm">{group.description}</Text> : null}
          <Text size="sm">
            {formatCents(group.attendeeCost)} an attendee
            {group.requiredForPurchase ? ` · required, at least ${formatCents(group.minimumAmount)}` : ''}
            {group.enableFreeSeatOffer
              ? ` · past ${group.paidSeatsRequiredForOffer} seats, up to ${group.freeSeatsInOffer} free`
              : ''}
          </Text>
          {group.sections.map((section) => {
            const selection = selections.get(section.id);
            const overridden = isOverridden(selection);
            const value = draft[section.id] ?? 0;
            const virtual = isVirtualSection(section.title);
            return (
              <Stack
                key={section.id}
                gap="2xs"
                p="xs"
                style={{ borderLeft: `4px solid var(--mantine-color-${virtual ? 'violet' : 'blue'}-7)` }}
              >
                <NativeSelect
                  label={section.title}
                  description={[
                    virtual ? 'Virtual' : null,
                    section.staffDevelopers ? `Staff developers: ${section.staffDevelopers}` : null,
                    section.description || null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                  data={amountOptions(
                    [...new Set([...range(section.minTickets, section.maxTickets), value])].sort((a, b) => a - b),
                    participants,
                  )}
                  value={String(value)}
                  disabled={overridden}
                  onChange={(e) => {
                    minimum.touch();
                    setDraft({ ...draft, [section.id]: Number(e.currentTarget.value) });
                  }}
                />
                {virtual ? (
                  <Badge color="violet" variant="light" c="dark" w="fit-content">
                    Virtual
                  </Badge>
                ) : null}
                <OverrideNote overridden={overridden} createdByAdmin={false} />
              </Stack>
            );
          })}
        </Stack>
      </Card>
    );
  });
  return (
    <Stack gap="lg">
      {detail.package.groupsDescription ? <Text>{detail.package.groupsDescription}</Text> : null}
      {cards}
      {minimum.shown ? (
        <Alert color="red" variant="light">
          {groupMinimumMessage(short)}
        </Alert>
      ) : null}
      <StepActions
        packageRequestId={detail.id}
        steps={detail.steps}
        step="group-selection"
        dirty={changed(draft, saved)}
        saving={saving}
        blocked={overallocated}
        continueBlocked={minimum.shown}
        leaveTo={leaveTo}
        onSave={onSave}
      />
    </Stack>
  );
}
