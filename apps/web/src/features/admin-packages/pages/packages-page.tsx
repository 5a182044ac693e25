import { Anchor, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { formatMomentDay } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import {
  packageMessages,
  packageRequestStatuses,
  packageStatusLabels,
  packageStepLabels,
} from '@portal/domain/packages/rules.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useListFilter, useListSearch } from '../../../lib/list-search.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import {
  defaultRequestStatus,
  staffCatalogueQuery,
  staffRequestFilters,
  staffRequestListParams,
  staffRequestsPageSize,
  staffRequestsQuery,
} from '../api/packages.ts';
import { PartDrawer, type PartEdit } from '../components/part-drawer.tsx';
import { formValuesOf } from '../components/part-fields.ts';

export const staffPackagesLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await Promise.all([
      queryClient.prefetchQuery(staffCatalogueQuery),
      queryClient.prefetchQuery(staffRequestsQuery(staffRequestListParams(new URL(request.url).searchParams))),
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

const statusFilters = [
  ...packageRequestStatuses.map((status) => ({ value: status, label: packageStatusLabels[status] })),
  { value: 'ALL', label: 'Every status' },
];

/** The organizations' package requests: searched, by status (Submitted unless told), paged, exported as shown. */
function Requests() {
  const search = useListSearch();
  const [searchParams] = useSearchParams();
  const setListFilter = useListFilter();
  const params = staffRequestListParams(searchParams);
  const requests = useQuery(staffRequestsQuery(params));
  const timeZone = useProviderTimeZone();
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="md" justify="space-between">
        <Group align="flex-end" gap="md">
          <TextInput
            label="Search package requests"
            description="Organization, package or who started it"
            type="search"
            value={search.input}
            onChange={(event) => search.setInput(event.currentTarget.value)}
            w={360}
            maw="100%"
          />
          <Select
            label="Status"
            data={statusFilters}
            value={params.status}
            onChange={(value) => setListFilter('status', value, defaultRequestStatus)}
            allowDeselect={false}
            w={220}
          />
        </Group>
        <ExportMenu
          path="/api/admin/package-requests/export"
          filters={staffRequestFilters(params)}
          noun="package requests with their selections"
        />
      </Group>
      {requests.isPending ? (
        <PageLoader label="Loading package requests" />
      ) : requests.isError ? (
        <ErrorState message={errorMessage(requests.error)} onRetry={() => void requests.refetch()} />
      ) : requests.data.total === 0 ? (
        <EmptyState message="No package requests found" />
      ) : (
        <>
          <ResponsiveTable minWidth={720} withTableBorder striped aria-label="Package requests">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Package</Table.Th>
                <Table.Th scope="col">Organization</Table.Th>
                <Table.Th scope="col">Started by</Table.Th>
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
                  <Table.Td>
                    {row.requestedBy ? (
                      <Stack gap={0}>
                        <Text size="sm">{row.requestedBy.name}</Text>
                        <Text size="sm">
                          <EmailAddress email={row.requestedBy.email} />
                        </Text>
                      </Stack>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>{packageStatusLabels[row.status]}</Table.Td>
                  <Table.Td>{row.submittedAt ? formatMomentDay(row.submittedAt, timeZone) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
          <ListFooter
            total={requests.data.total}
            noun={['package request', 'package requests']}
            totalPages={Math.max(1, Math.ceil(requests.data.total / staffRequestsPageSize))}
            page={params.page}
            onPage={search.goToPage}
          />
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
