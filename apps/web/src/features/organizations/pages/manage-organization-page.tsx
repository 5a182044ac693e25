import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { organizationMessages, organizationPermissions } from '@portal/domain/organizations/contracts.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { lookupsQuery } from '../../../lib/lookups.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { OrganizationSeatRequests } from '../../../shared/seat-requests/organization-seat-requests.tsx';
import { organizationQuery } from '../api/organization.ts';
import { AddressSection } from '../components/address-section.tsx';
import { BillingContactsSection } from '../components/billing-contacts-section.tsx';
import { NameSection } from '../components/name-section.tsx';
import { PackagesSection } from '../components/packages-section.tsx';
import { TicketRecipientSection } from '../components/ticket-recipient-section.tsx';

export const manageOrganizationLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    void queryClient.prefetchQuery(lookupsQuery);
    await queryClient.prefetchQuery(organizationQuery(params.organizationId ?? ''));
    return null;
  };

function useOrganizationPage() {
  const organizationId = useParams().organizationId ?? '';
  return { organization: useQuery(organizationQuery(organizationId)), lookups: useQuery(lookupsQuery) };
}

/**
 * /members/organization/{organizationId} ('Manage Organization'): the record of an organization the
 * member owns or administers, each part edited in place and saved by its own call.
 */
export function ManageOrganizationPage() {
  const { organization, lookups } = useOrganizationPage();

  if (isApiError(organization.error, 404)) return <NotFound />;

  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to="/members/organization/select" size="sm">
        Back to organizations
      </Anchor>
      <Title order={1}>Manage Organization</Title>
      {organization.isPending || lookups.isPending ? (
        <PageLoader label="Loading organization" />
      ) : organization.isError || lookups.isError ? (
        <ErrorState
          message={errorMessage(organization.error ?? lookups.error)}
          onRetry={() => void Promise.all([organization.refetch(), lookups.refetch()])}
        />
      ) : (
        <>
          <Group justify="space-between">
            <Text>District: {organization.data.districtName ?? organizationMessages.notSet}</Text>
            <Group gap="md">
              <Anchor component={Link} to={`/members/organization/${organization.data.id}/statement`}>
                Invoices and statement of account
              </Anchor>
              {organizationPermissions.manage(organization.data.organizationMemberRole) ? (
                <Anchor component={Link} to={`/members/organization/${organization.data.id}/school-roster`}>
                  Manage staff and toolkit access
                </Anchor>
              ) : null}
            </Group>
          </Group>
          <NameSection organization={organization.data} />
          <AddressSection
            organizationId={organization.data.id}
            kind="mailing-address"
            address={organization.data.mailingAddress}
            lookups={lookups.data}
          />
          <AddressSection
            organizationId={organization.data.id}
            kind="billing-address"
            address={organization.data.billingAddress}
            lookups={lookups.data}
          />
          <BillingContactsSection organization={organization.data} lookups={lookups.data} />
          <TicketRecipientSection organization={organization.data} />
          <PackagesSection packages={organization.data.packageRequests} />
          {organizationPermissions.manage(organization.data.organizationMemberRole) ? (
            <OrganizationSeatRequests organizationId={organization.data.id} />
          ) : null}
        </>
      )}
    </Stack>
  );
}
