import { Alert, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { applicationMessages } from '@portal/domain/applications/rules.ts';
import { AffiliationsSection } from '../../../shared/affiliations/affiliations-section.tsx';
import { affiliationsQuery } from '../../../shared/affiliations/api.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { useStepSave } from '../hooks/use-step-save.ts';
import { StepActions } from './step-actions.tsx';
import type { StepProps } from './step-props.ts';

/** The member's affiliations as a list only: a submitted application is not the place to change them. */
function ReadOnlyAffiliations() {
  const affiliations = useQuery(affiliationsQuery);
  const items = affiliations.data?.items ?? [];
  if (affiliations.isSuccess && items.length === 0)
    return <EmptyState message={applicationMessages.affiliationMissing} />;
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="My affiliations">
      {items.map((affiliation) => (
        <Paper component="li" withBorder p="md" radius="md" key={affiliation.membershipId}>
          <Text fw={600}>{affiliation.organizationName}</Text>
          <Text size="sm">Position: {affiliation.positionLabel ?? 'Not set'}</Text>
          <Text size="sm">Grades: {affiliation.grades.length > 0 ? affiliation.grades.join(', ') : 'Not set'}</Text>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * Step 2, affiliations and attendance (events.md §2): the member's own affiliations, edited with the
 * profile's editor ('Create a New Organization' included). Each change is saved as it is made, so
 * Save only confirms; going on needs at least one affiliation.
 */
export function AffiliationsStep({ detail }: StepProps) {
  const affiliations = useQuery(affiliationsQuery);
  const { goNext, leaveTo } = useStepSave(detail, 'affiliations-and-attendance');
  const [refused, setRefused] = useState(false);
  const none = affiliations.isSuccess && affiliations.data.items.length === 0;

  const check = () => {
    const ok = affiliations.isSuccess && affiliations.data.items.length > 0;
    setRefused(!ok);
    return ok;
  };

  return (
    <Stack gap="md">
      <Text>Add the schools and organizations you work with, with your position and the grades you teach.</Text>
      {detail.editable ? <AffiliationsSection /> : <ReadOnlyAffiliations />}
      {refused && none ? (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{applicationMessages.affiliationMissing}</Text>
        </Alert>
      ) : null}
      <StepActions
        applicationId={detail.id}
        step="affiliations-and-attendance"
        editable={detail.editable}
        dirty={false}
        saving={affiliations.isFetching}
        leaveTo={leaveTo}
        onSave={() => {
          if (check()) notifications.show({ color: 'green', message: applicationMessages.saved });
        }}
        onContinue={() => {
          if (check()) goNext({ ...detail.progress, affiliation: true });
        }}
      />
    </Stack>
  );
}
