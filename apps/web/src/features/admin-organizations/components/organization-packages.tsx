import { Anchor, Stack, Table, Text } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { packageMessages, packageStatusLabels } from '@portal/domain/packages/rules.ts';
import type { StaffPackageRequestPage } from '@portal/domain/packages/contracts.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';

/** One request per package and school: a school has a few a year, so the latest 100 are all of them in practice. */
const pageSize = 100;

/** GET /api/admin/package-requests?organizationId=: the organization's package requests, newest change first. */
export const organizationPackagesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['admin', 'organizations', 'detail', organizationId, 'packages'] as const,
    queryFn: ({ signal }) =>
      api.get<StaffPackageRequestPage>(
        withQuery('/api/admin/package-requests', { organizationId, page: 1, pageSize }),
        signal,
      ),
  });

/** The staff organization page's packages (issue 13 'Where it shows elsewhere'): each request's status, with a link to review it. */
export function OrganizationPackages({ organizationId }: { organizationId: string }) {
  const requests = useQuery(organizationPackagesQuery(organizationId));
  const contracts = (
    <Anchor component={Link} to={`/admin/organizations/${organizationId}/contracts`} size="sm">
      Contracts and signed PDFs
    </Anchor>
  );
  if (requests.isPending) return <PageLoader label="Loading packages" />;
  if (requests.isError)
    return <ErrorState message={errorMessage(requests.error)} onRetry={() => void requests.refetch()} />;
  if (requests.data.total === 0)
    return (
      <Stack gap="xs">
        <EmptyState message={packageMessages.noPackages} />
        {contracts}
      </Stack>
    );
  return (
    <Stack gap="xs">
      <ResponsiveTable withTableBorder aria-label="Packages">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Package</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.data.items.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/admin/package-requests/${row.id}`}
                  aria-label={`Review ${row.packageName}`}
                >
                  {row.packageName}
                </Anchor>
              </Table.Td>
              <Table.Td>{packageStatusLabels[row.status]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      {requests.data.total > requests.data.items.length ? (
        <Text size="sm">{`The latest ${requests.data.items.length} of ${requests.data.total} are shown.`}</Text>
      ) : null}
      {contracts}
    </Stack>
  );
}
