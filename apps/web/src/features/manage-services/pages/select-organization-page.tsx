import { Stack, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { packagePaths } from '@portal/domain/packages/rules.ts';
import {
  ManagedOrganizations,
  managedOrganizationsQuery,
} from '../../../shared/managed-organizations/managed-organizations.tsx';

export const manageServicesOrganizationsLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(managedOrganizationsQuery);
  return null;
};

/** /members/manage-services/select-organization: an organization the member is OWNER or ADMIN of, then its services. */
export function ManageServicesSelectOrganizationPage() {
  return (
    <Stack gap="md" maw={880}>
      <Title order={1}>Manage Services</Title>
      <Title order={2} size="h3">
        Select an Organization
      </Title>
      <ManagedOrganizations linkTo={packagePaths.selectService} />
    </Stack>
  );
}
