import { Anchor, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { organizationMessages, type AdminMembershipRow } from '@portal/domain/organizations/contracts.ts';
import { displayName } from '@portal/domain/people/names.ts';
import { organizationRoleLabels, type OrganizationRole } from '@portal/domain/people/roles.ts';
import { rosterMessages } from '@portal/domain/organizations/roster.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { adminOrganizationQuery, useChangeMembershipRole } from '../api/admin-organizations.ts';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { InvitationsTable } from '../components/invitations-table.tsx';
import { MembershipsTable } from '../components/memberships-table.tsx';
import { OrganizationPackages } from '../components/organization-packages.tsx';
import { PaymentTermsForm } from '../components/payment-terms-form.tsx';

// The invite form and its validation load after the page itself.
const InviteForm = lazy(() => import('../components/invite-form.tsx').then((m) => ({ default: m.InviteForm })));

export const organizationLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminOrganizationQuery(params.organizationId ?? ''));
    return null;
  };

/** /admin/organizations/{id}: its members (with their roles, OWNER included), invitations, and an invite form. */
export function OrganizationPage() {
  const organizationId = useParams().organizationId ?? '';
  const organization = useQuery(adminOrganizationQuery(organizationId));
  const changeRole = useChangeMembershipRole(organizationId);

  if (isApiError(organization.error, 404)) return <NotFound />;

  const confirmRoleChange = (membership: AdminMembershipRow, role: OrganizationRole) => {
    const name = displayName(membership);
    openConfirmModal({
      title: `Make ${name} ${organizationRoleLabels[role].toLowerCase()}?`,
      children: (
        <Text size="sm">
          {name} becomes {organizationRoleLabels[role].toLowerCase()} of this organization.
          {role === 'OWNER' ? ' The current owner becomes an admin.' : ''}
        </Text>
      ),
      labels: { confirm: 'Confirm', cancel: 'Cancel' },
      onCancel: () => notifications.show({ color: 'gray', message: rosterMessages.actionCanceled }),
      onConfirm: () => changeRole.mutate({ membershipId: membership.membershipId, role }),
    });
  };

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/organizations" size="sm">
        Back to organizations
      </Anchor>
      {organization.isPending ? (
        <PageLoader label="Loading organization" />
      ) : organization.isError ? (
        <ErrorState message={errorMessage(organization.error)} onRetry={() => void organization.refetch()} />
      ) : (
        <>
          <Stack gap="2xs">
            <Title order={1}>{organization.data.name}</Title>
            <Text>District: {organization.data.districtName ?? organizationMessages.notSet}</Text>
          </Stack>
          <DetailSection title="Members">
            <MembershipsTable
              memberships={organization.data.memberships}
              onRoleChange={confirmRoleChange}
              busy={changeRole.isPending}
            />
          </DetailSection>
          <DetailSection title="Packages">
            <OrganizationPackages organizationId={organization.data.id} />
          </DetailSection>
          <DetailSection title="Payment terms">
            <PaymentTermsForm organizationId={organization.data.id} />
          </DetailSection>
          <DetailSection title="Invitations">
            <InvitationsTable invitations={organization.data.invitations} />
          </DetailSection>
          <DetailSection title="Invite someone">
            <Suspense fallback={<PageLoader label="Loading the form" />}>
              <InviteForm kind="ORGANIZATION" targetId={organization.data.id} />
            </Suspense>
          </DetailSection>
        </>
      )}
    </Stack>
  );
}
