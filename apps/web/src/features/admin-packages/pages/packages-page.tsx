import { Anchor, Button, Group, NativeSelect, Pagination, Stack, Table, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatUsDate } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import {
  packageMessages,
  packageRequestStatuses,
  packageStatusLabels,
  packageStepLabels,
  type PackageRequestStatus,
} from '@portal/domain/packages/rules.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { staffCatalogueQuery, staffRequestsPageSize, staffRequestsQuery } from '../api/packages.ts';
import { PartDrawer, type PartEdit } from '../components/part-drawer.tsx';
import { formValuesOf } from '../components/part-fields.ts';

export const staffPackagesLoader = (queryClient: QueryClient) => async () => {
  await Promise.all([
    queryClient.prefetchQuery(staffCatalogueQuery),
    queryClient.prefetchQuery(staffRequestsQuery(1, 'SUBMITTED')),
  ]);
  return null;
};

function Catalogue() {
  const catalogue = useQuery(staffCatalogueQuery);
  if (catalogue.isPending) return <PageLoader label="Loading packages" />;
  if (catalogue.isError)
    return <ErrorState message={errorMessage(catalogue.error)} onRetry={() => void catalogue.refetch()} />;
  if (catalogue.data.items.length === 0) return <EmptyState message={packageMessages.noPackages} />;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table withTableBorder striped aria-label="Package catalogue">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Package</Table.Th>
            <Table.Th scope="col">School year</Table.Th>
            <Table.Th scope="col">Steps</Table.Th>
            <Table.Th scope="col">Minimum</Table.Th>
            <Table.Th scope="col">Travel</Table.Th>
            <Table.Th scope="col">Requests</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {catalogue.data.items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <Anchor component={Link} to={`/admin/packages/${item.id}`}>
                  {item.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{item.schoolYear}</Table.Td>
              <Table.Td>{item.steps.map((s) => packageStepLabels[s]).join(', ')}</Table.Td>
              <Table.Td>{formatCents(item.minimumAmount)}</Table.Td>
              <Table.Td>{item.travelCostType === 'ACTUAL_COST' ? 'Actual cost' : 'Fixed cost'}</Table.Td>
              <Table.Td>{item.requests}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Requests() {
  const [status, setStatus] = useState<PackageRequestStatus | undefined>('SUBMITTED');
  const [page, setPage] = useState(1);
  const requests = useQuery(staffRequestsQuery(page, status));
  return (
    <Stack gap="sm">
      <NativeSelect
        label="Status"
        maw={260}
        value={status ?? ''}
        data={[
          { value: '', label: 'Every status' },
          ...packageRequestStatuses.map((s) => ({ value: s, label: packageStatusLabels[s] })),
        ]}
        onChange={(e) => {
          setStatus((e.currentTarget.value || undefined) as PackageRequestStatus | undefined);
          setPage(1);
        }}
      />
      {requests.isPending ? (
        <PageLoader label="Loading package requests" />
      ) : requests.isError ? (
        <ErrorState message={errorMessage(requests.error)} onRetry={() => void requests.refetch()} />
      ) : requests.data.total === 0 ? (
        <EmptyState message="No package requests found" />
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table withTableBorder striped aria-label="Package requests">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Package</Table.Th>
                  <Table.Th scope="col">Organization</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Submitted</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.data.items.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/package-requests/${row.id}`}>
                        {row.packageName}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{row.organizationName}</Table.Td>
                    <Table.Td>{packageStatusLabels[row.status]}</Table.Td>
                    <Table.Td>{row.submittedAt ? formatUsDate(row.submittedAt.slice(0, 10)) : '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end">
            <Pagination
              total={Math.max(1, Math.ceil(requests.data.total / staffRequestsPageSize))}
              value={page}
              onChange={setPage}
              hideWithOnePage
              aria-label="Package request pages"
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Group>
        </>
      )}
    </Stack>
  );
}

/** /admin/packages: the organizations' package requests and the package catalogue, where a package is created. */
export function StaffPackagesPage() {
  const navigate = useNavigate();
  const [edit, setEdit] = useState<PartEdit | null>(null);
  return (
    <Stack gap="lg">
      <Title order={1}>Packages</Title>
      <Title order={2}>Package requests</Title>
      <Requests />
      <Group justify="space-between">
        <Title order={2}>Catalogue</Title>
        <Button
          onClick={() => setEdit({ kind: 'package', id: null, parentId: null, values: formValuesOf('package', null) })}
        >
          New package
        </Button>
      </Group>
      <Catalogue />
      <PartDrawer
        edit={edit}
        onClose={(saved) => {
          setEdit(null);
          if (saved) void navigate(`/admin/packages/${saved.id}`);
        }}
      />
    </Stack>
  );
}
