import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { affiliationMessages } from '@portal/domain/organizations/messages.ts';
import type { Affiliation } from '@portal/domain/organizations/affiliations.ts';
import { errorMessage, notifyError } from '../../lib/errors.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { affiliationsQuery, useRemoveAffiliation } from './api.ts';

const loadDrawers = () => import('./affiliation-drawers.tsx');
const AffiliationDrawers = lazy(loadDrawers);

/** The editor's code follows the first intent to use it (pointer over, focus), before the click. */
const preload = { onPointerEnter: () => void loadDrawers(), onFocus: () => void loadDrawers() };

/**
 * "My affiliations": the member's organizations with position and grades, each editable and
 * removable, and "Add affiliation" (events.md §3 'Affiliation'; used on the profile and, later, the
 * application wizard).
 */
export function AffiliationsSection() {
  const affiliations = useQuery(affiliationsQuery);
  const remove = useRemoveAffiliation();
  const [editor, setEditor] = useState<{ opened: boolean; affiliation: Affiliation | null; key: number }>({
    opened: false,
    affiliation: null,
    key: 0,
  });

  const open = (affiliation: Affiliation | null) =>
    setEditor((current) => ({ opened: true, affiliation, key: current.key + 1 }));

  const confirmRemove = (affiliation: Affiliation) =>
    openConfirmModal({
      title: 'Remove this affiliation?',
      children: <Text size="sm">You will no longer be affiliated with {affiliation.organizationName}.</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(affiliation.membershipId, {
          onSuccess: () => notifications.show({ color: 'green', message: affiliationMessages.removed }),
          onError: notifyError,
        }),
    });

  return (
    <Stack component="section" aria-labelledby="my-affiliations-heading" gap="sm">
      <Group justify="space-between" align="center">
        <Title order={2} size="h3" id="my-affiliations-heading">
          My affiliations
        </Title>
        <Button variant="default" onClick={() => open(null)} {...preload}>
          Add affiliation
        </Button>
      </Group>
      {affiliations.isPending ? (
        <PageLoader label="Loading affiliations" />
      ) : affiliations.isError ? (
        <ErrorState
          title="Could not load your affiliations"
          message={errorMessage(affiliations.error)}
          onRetry={() => void affiliations.refetch()}
        />
      ) : affiliations.data.items.length === 0 ? (
        <EmptyState message="You have no affiliations yet." />
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {affiliations.data.items.map((affiliation) => (
            <Paper component="li" withBorder p="md" radius="md" key={affiliation.membershipId}>
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <Stack gap="3xs">
                  <Text fw={600}>{affiliation.organizationName}</Text>
                  {affiliation.districtName ? <Text size="sm">{affiliation.districtName}</Text> : null}
                  <Text size="sm">Position: {affiliation.positionLabel ?? 'Not set'}</Text>
                  <Text size="sm">
                    Grades: {affiliation.grades.length > 0 ? affiliation.grades.join(', ') : 'Not set'}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Edit affiliation with ${affiliation.organizationName}`}
                    onClick={() => open(affiliation)}
                    {...preload}
                  >
                    Edit
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    aria-label={`Remove affiliation with ${affiliation.organizationName}`}
                    onClick={() => confirmRemove(affiliation)}
                    loading={remove.isPending && remove.variables === affiliation.membershipId}
                  >
                    Remove
                  </Button>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {editor.key > 0 ? (
        <Suspense fallback={null}>
          <AffiliationDrawers
            key={editor.key}
            opened={editor.opened}
            affiliation={editor.affiliation}
            onClose={() => setEditor((current) => ({ ...current, opened: false }))}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
