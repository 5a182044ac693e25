import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { adminDistrictQuery } from '../api/admin-districts.ts';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { InvitationsTable } from '../components/invitations-table.tsx';
import { MembershipsTable } from '../components/memberships-table.tsx';

// The invite form and its validation load after the page itself.
const InviteForm = lazy(() => import('../components/invite-form.tsx').then((m) => ({ default: m.InviteForm })));

export const districtLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminDistrictQuery(params.districtId ?? ''));
    return null;
  };

/** /admin/districts/{id}: its organizations, district members, invitations, and an invite form. */
export function DistrictPage() {
  const districtId = useParams().districtId ?? '';
  const district = useQuery(adminDistrictQuery(districtId));

  if (isApiError(district.error, 404)) return <NotFound />;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/districts" size="sm">
        Back to districts
      </Anchor>
      {district.isPending ? (
        <PageLoader label="Loading district" />
      ) : district.isError ? (
        <ErrorState message={errorMessage(district.error)} onRetry={() => void district.refetch()} />
      ) : (
        <>
          <Title order={1}>{district.data.name}</Title>
          <Anchor component={Link} to={`/admin/district-funds/${district.data.id}`} size="sm">
            District fund: balance, deposits and ledger
          </Anchor>
          <DetailSection title="Organizations">
            {district.data.organizations.length === 0 ? (
              <EmptyState message="No organizations" />
            ) : (
              <>
                <List spacing="2xs">
                  {district.data.organizations.map((organization) => (
                    <List.Item key={organization.id}>
                      <Anchor component={Link} to={`/admin/organizations/${organization.id}`}>
                        {organization.name}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
                {district.data.organizationCount > district.data.organizations.length ? (
                  <Text size="sm">
                    The first {district.data.organizations.length} of {district.data.organizationCount} organizations.
                  </Text>
                ) : null}
              </>
            )}
          </DetailSection>
          <DetailSection title="Members">
            <MembershipsTable memberships={district.data.memberships} />
          </DetailSection>
          <DetailSection title="Invitations">
            <InvitationsTable invitations={district.data.invitations} />
          </DetailSection>
          <DetailSection title="Invite someone">
            <Suspense fallback={<PageLoader label="Loading the form" />}>
              <InviteForm kind="DISTRICT" targetId={district.data.id} />
            </Suspense>
          </DetailSection>
        </>
      )}
    </Stack>
  );
}
