import { Alert, Button, Group, Text } from '@mantine/core';
import type { CurrentUser } from '@portal/domain/people/auth.ts';
import { displayName } from '@portal/domain/people/names.ts';
import { useEndSession } from './use-end-session.ts';

/** Shown on every members page while staff view the portal as this user. */
export function ImpersonationBanner({ user }: { user: CurrentUser }) {
  const clear = useEndSession('/api/auth/clear-impersonation');

  return (
    <Alert role="status" color="blue" variant="light" mb="md" aria-label="Impersonation">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={600}>Viewing as: {displayName(user)}</Text>
        <Button size="xs" onClick={() => clear.mutate()} loading={clear.isPending}>
          Clear Impersonation
        </Button>
      </Group>
    </Alert>
  );
}
