import { Anchor, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import {
  packageActionLabels,
  packageMessages,
  packagePaths,
  packageRequestActionLinks,
  packageStatusLabels,
} from '@portal/domain/packages/rules.ts';
import type { ServicesReply } from '@portal/domain/packages/contracts.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { packageStatusTones, StatusBadge } from '../../../ui/status-badge.tsx';
import { servicesQuery, useInitiatePackage } from '../api/services.ts';

export const selectServiceLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    if (params.organizationId) await queryClient.prefetchQuery(servicesQuery(params.organizationId, undefined));
    return null;
  };

function RequestCard({ request }: { request: ServicesReply['packageRequests'][number] }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Title order={3} size="h4">
            {request.name}
          </Title>
          <StatusBadge tone={packageStatusTones[request.status]}>{packageStatusLabels[request.status]}</StatusBadge>
        </Group>
        <Text size="sm">{request.description}</Text>
        <Group gap="sm">
          {packageRequestActionLinks(request.status, request.id).map(({ action, label, path }) => (
            <Button
              key={action}
              component={Link}
              to={path}
              variant={action === 'CONTINUE_APPLICATION' ? 'filled' : 'default'}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

function Services({
  organizationId,
  reply,
  onYear,
}: {
  organizationId: string;
  reply: ServicesReply;
  onYear: (id: string) => void;
}) {
  const navigate = useNavigate();
  const initiate = useInitiatePackage(organizationId);
  const choose = (packageId: string) =>
    initiate.mutate(packageId, {
      onSuccess: ({ packageRequest }) => void navigate(packagePaths.step(packageRequest.id, 'staff-options')),
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
    });
  return (
    <Stack gap="lg">
      {reply.schoolYears.length > 0 ? (
        <NativeSelect
          label="School year"
          maw={240}
          value={reply.schoolYearId ?? ''}
          data={reply.schoolYears.map((year) => ({ value: year.id, label: year.name }))}
          onChange={(event) => onYear(event.currentTarget.value)}
        />
      ) : null}
      <Stack gap="sm">
        <Title order={2}>Available Services</Title>
        {reply.unstartedPackages.length === 0 ? (
          <EmptyState message={packageMessages.noPackages} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {reply.unstartedPackages.map((pkg) => (
              <Card key={pkg.id} withBorder padding="md" radius="md">
                <Stack gap="xs">
                  <Title order={3} size="h4">
                    {pkg.name}
                  </Title>
                  <Text size="sm">{pkg.description}</Text>
                  <Group>
                    <Button
                      onClick={() => choose(pkg.id)}
                      loading={initiate.isPending && initiate.variables === pkg.id}
                      disabled={initiate.isPending}
                      aria-label={`Choose Package ${pkg.name}`}
                    >
                      {packageActionLabels.CHOOSE_PACKAGE}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
      <Stack gap="sm">
        <Title order={2}>Your Service Applications</Title>
        {reply.packageRequests.length === 0 ? (
          <EmptyState message={packageMessages.noPackages} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {reply.packageRequests.map((request) => (
              <RequestCard key={request.id} request={request} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}

/** /members/manage-services/select-service/{organizationId}: Select a Service (organizations.md §2, §4). */
export function SelectServicePage() {
  const organizationId = useParams().organizationId ?? '';
  const [schoolYearId, setSchoolYearId] = useState<string | undefined>(undefined);
  const services = useQuery(servicesQuery(organizationId, schoolYearId));
  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to={packagePaths.selectOrganization} size="sm">
        Back to organizations
      </Anchor>
      <Title order={1}>Select a Service</Title>
      {services.isPending ? (
        <PageLoader label="Loading services" />
      ) : services.isError ? (
        isApiError(services.error, 404) ? (
          <NotFound />
        ) : (
          <ErrorState message={errorMessage(services.error)} onRetry={() => void services.refetch()} />
        )
      ) : (
        <>
          <Text>{services.data.organization.name}</Text>
          <Services organizationId={organizationId} reply={services.data} onYear={setSchoolYearId} />
        </>
      )}
    </Stack>
  );
}
