import { Stack, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import {
  ManagedOrganizations,
  managedOrganizationsQuery,
} from '../../../shared/managed-organizations/managed-organizations.tsx';

export const selectOrganizationLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(managedOrganizationsQuery);
  return null;
};

const organizationPath = (organizationId: string) => `/members/organization/${organizationId}`;

/** /members/organization/select: only organizations where the member is an active OWNER or ADMIN. */
export function SelectOrganizationPage() {
  return (
    <Stack gap="md" maw={880}>
      <Title order={1}>Select an Organization</Title>
      <ManagedOrganizations linkTo={organizationPath} />
    </Stack>
  );
}
