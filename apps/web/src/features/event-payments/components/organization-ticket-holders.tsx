import { Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/errors.ts';
import { managedOrganizationsQuery } from '../../../shared/managed-organizations/managed-organizations.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ExportMenu } from '../../../ui/export-menu.tsx';

/** GET /api/organizations/{id}/ticket-holders/export?format=: who holds a place through the organization. */
export const organizationTicketHoldersExportPath = (organizationId: string) =>
  `/api/organizations/${encodeURIComponent(organizationId)}/ticket-holders/export`;

/**
 * For an OWNER or ADMIN: each organization they manage with an export of everyone holding a place
 * through it, at every event (docs/decisions/0119-organization-ticket-holders-export.md). Shown to
 * nobody else.
 */
export function OrganizationTicketHolders() {
  const organizations = useQuery(managedOrganizationsQuery);
  if (organizations.isPending) {
    return <Skeleton height={44} aria-label="Loading your organizations" role="status" />;
  }
  if (organizations.isError) {
    return <ErrorState message={errorMessage(organizations.error)} onRetry={() => void organizations.refetch()} />;
  }
  if (organizations.data.items.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby="organization-ticket-holders-heading">
      <Title order={2} size="h3" id="organization-ticket-holders-heading">
        Your organizations’ ticket holders
      </Title>
      <Text size="sm">
        Everyone holding a ticket or seat through an organization you manage, at every event, with their section.
      </Text>
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {organizations.data.items.map((organization) => (
          <Group key={organization.id} component="li" justify="space-between" wrap="wrap" gap="sm">
            <Text fw={500}>{organization.name}</Text>
            <ExportMenu
              path={organizationTicketHoldersExportPath(organization.id)}
              filters={{}}
              noun={`ticket holders of ${organization.name}`}
            />
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
