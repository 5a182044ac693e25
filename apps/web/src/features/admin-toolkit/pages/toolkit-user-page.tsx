import { Anchor, Button, Checkbox, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import {
  toolkitAudienceLabels,
  toolkitMessages,
  type ToolkitUser,
  type ToolkitUserFlags,
} from '@portal/domain/content/toolkit.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { toolkitUserQuery, useSaveToolkitUser } from '../api/toolkit-library.ts';

export const toolkitUserLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(toolkitUserQuery(params.userId ?? ''));
    return null;
  };

const flagLabels: Record<keyof ToolkitUserFlags, string> = {
  toolKitAccess: 'Toolkit access (Treasure Chest and My Saved Resources)',
  schoolLeaderAccess: `${toolkitAudienceLabels.schoolLeader} (school leader access)`,
  testPrep: toolkitAudienceLabels.testPrep,
  grade3Pilot: toolkitAudienceLabels.grade3Pilot,
  grade4Pilot: toolkitAudienceLabels.grade4Pilot,
  grade5Pilot: toolkitAudienceLabels.grade5Pilot,
};

const flagsOf = (user: ToolkitUser): ToolkitUserFlags => ({
  toolKitAccess: user.toolKitAccess,
  schoolLeaderAccess: user.schoolLeaderAccess,
  testPrep: user.testPrep,
  grade3Pilot: user.grade3Pilot,
  grade4Pilot: user.grade4Pilot,
  grade5Pilot: user.grade5Pilot,
});

function FlagsForm({ user }: { user: ToolkitUser }) {
  const [flags, setFlags] = useState<ToolkitUserFlags>(flagsOf(user));
  const save = useSaveToolkitUser(user.id);
  return (
    <form
      aria-label="Toolkit flags"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(flags, {
          onSuccess: () => notifications.show({ color: 'green', message: toolkitMessages.flagsSaved }),
          onError: notifyError,
        });
      }}
    >
      <Stack gap="sm">
        {(Object.keys(flagLabels) as (keyof ToolkitUserFlags)[]).map((flag) => (
          <Checkbox
            key={flag}
            label={flagLabels[flag]}
            checked={flags[flag]}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setFlags((current) => ({ ...current, [flag]: checked }));
            }}
          />
        ))}
        <Text size="sm">
          The flags choose which Treasure Chest categories and groupings the member sees; without toolkit access they
          see none.
        </Text>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/users/{id}/toolkit: staff set a member's toolkit access and Treasure Chest flags. */
export function ToolkitUserPage() {
  const userId = useParams().userId ?? '';
  const user = useQuery(toolkitUserQuery(userId));
  if (isApiError(user.error, 404)) return <NotFound />;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/users" size="sm">
        Back to users
      </Anchor>
      <Stack gap="2xs">
        <Title order={1}>Toolkit access</Title>
        {user.data ? (
          <Text>
            {user.data.firstName} {user.data.lastName} · {user.data.email}
          </Text>
        ) : null}
      </Stack>
      {user.isPending ? (
        <Skeleton height={200} role="status" aria-label="Loading the user" />
      ) : user.isError ? (
        <ErrorState message={errorMessage(user.error)} onRetry={() => void user.refetch()} />
      ) : (
        <FlagsForm key={user.data.id} user={user.data} />
      )}
    </Stack>
  );
}
