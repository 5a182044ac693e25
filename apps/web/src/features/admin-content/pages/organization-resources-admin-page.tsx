import {
  Anchor,
  Button,
  Drawer,
  Group,
  NativeSelect,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  organizationResourceMessages,
  type StaffOrganizationResourceRow,
} from '@portal/domain/content/organization-resources.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { useListFilter } from '../../../lib/list-search.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { organizationSearchQuery, schoolYearsQuery, staffResourcesQuery, useDeleteResource } from '../api/content.ts';
import { OrganizationResourceForm } from '../components/organization-resource-form.tsx';

/** /admin/organization-resources?organizationId=&schoolYearId=: an organization's resources for a school year, managed by staff. */
export function OrganizationResourcesAdminPage() {
  const [searchParams] = useSearchParams();
  const years = useQuery(schoolYearsQuery());
  const organizationId = searchParams.get('organizationId');
  const schoolYearId = searchParams.get('schoolYearId') ?? years.data?.items[0]?.id ?? null;
  const set = useListFilter();

  return (
    <Stack gap="md">
      <Title order={1}>Organization resources</Title>
      <Text size="sm">
        Links and PDFs for the members of one organization, per school year. School years are kept under{' '}
        <Anchor component={Link} to="/admin/school-years">
          School years
        </Anchor>
        .
      </Text>
      <OrganizationPicker selected={organizationId} onSelect={(id) => set('organizationId', id)} />
      {years.isError ? <ErrorState message={errorMessage(years.error)} onRetry={() => void years.refetch()} /> : null}
      {years.data ? (
        <NativeSelect
          label="School year"
          data={years.data.items.map((year) => ({ value: year.id, label: year.name }))}
          value={schoolYearId ?? undefined}
          onChange={(event) => set('schoolYearId', event.currentTarget.value)}
          w={200}
        />
      ) : null}
      {organizationId && schoolYearId ? (
        <Resources
          key={`${organizationId}:${schoolYearId}`}
          organizationId={organizationId}
          schoolYearId={schoolYearId}
        />
      ) : (
        <Text size="sm">Choose an organization to see its resources.</Text>
      )}
    </Stack>
  );
}

function OrganizationPicker({ selected, onSelect }: { selected: string | null; onSelect: (id: string) => void }) {
  const [input, setInput] = useState('');
  const [search] = useDebouncedValue(input.trim(), 300);
  const found = useQuery({ ...organizationSearchQuery(search), enabled: search.length >= 3 });
  return (
    <Stack gap="xs">
      <TextInput
        label="Find an organization"
        description="At least 3 letters of its name"
        type="search"
        value={input}
        onChange={(event) => setInput(event.currentTarget.value)}
        w={420}
        maw="100%"
      />
      {found.data && search.length >= 3 ? (
        found.data.items.length === 0 ? (
          <Text size="sm">No organizations found</Text>
        ) : (
          <Stack component="ul" gap="2xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Organizations found">
            {found.data.items.map((organization) => (
              <li key={organization.id}>
                <UnstyledButton
                  onClick={() => onSelect(organization.id)}
                  aria-pressed={organization.id === selected}
                  fw={organization.id === selected ? 700 : 400}
                >
                  {organization.name}
                  {organization.districtName ? ` (${organization.districtName})` : ''}
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )
      ) : null}
    </Stack>
  );
}

/** What the drawer edits: a new resource (null) or an existing one; closed when undefined. */
type Editing = StaffOrganizationResourceRow | null | undefined;

function Resources({ organizationId, schoolYearId }: { organizationId: string; schoolYearId: string }) {
  const [page, setPage] = useState(1);
  const resources = useQuery(staffResourcesQuery(organizationId, schoolYearId, page));
  const [editing, setEditing] = useState<Editing>(undefined);
  const remove = useDeleteResource();
  const confirmDelete = (resource: StaffOrganizationResourceRow) =>
    openConfirmModal({
      title: `Delete ${resource.title}?`,
      children: <Text size="sm">{organizationResourceMessages.deleteConfirm}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        remove.mutate(resource.id, {
          onSuccess: () => notifications.show({ color: 'green', message: organizationResourceMessages.deleted }),
          onError: notifyError,
        }),
    });

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" role="status">
          {resources.data ? `${resources.data.total} ${resources.data.total === 1 ? 'resource' : 'resources'}` : ''}
        </Text>
        <Button onClick={() => setEditing(null)}>Add resource</Button>
      </Group>
      {resources.isPending ? (
        <Skeleton height={120} role="status" aria-label="Loading resources" />
      ) : resources.isError ? (
        <ErrorState
          title="Could not load resources"
          message={errorMessage(resources.error)}
          onRetry={() => void resources.refetch()}
        />
      ) : resources.data.items.length === 0 ? (
        <EmptyState message={organizationResourceMessages.empty} />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Grades</Table.Th>
                <Table.Th>Link or PDF</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {resources.data.items.map((resource) => (
                <Table.Tr key={resource.id}>
                  <Table.Td>{resource.title}</Table.Td>
                  <Table.Td>{resource.grades}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {resource.file ? resource.file.name : resource.url}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setEditing(resource)}
                        aria-label={`Edit ${resource.title}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        color="red.9"
                        onClick={() => confirmDelete(resource)}
                        aria-label={`Delete ${resource.title}`}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Pagination
        total={Math.max(1, Math.ceil((resources.data?.total ?? 0) / 20))}
        value={page}
        onChange={setPage}
        hideWithOnePage
        getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      />
      <Drawer
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? `Edit ${editing.title}` : 'New resource'}
        position="right"
      >
        {editing !== undefined ? (
          <OrganizationResourceForm
            organizationId={organizationId}
            schoolYearId={schoolYearId}
            resource={editing}
            onDone={() => setEditing(undefined)}
          />
        ) : null}
      </Drawer>
    </Stack>
  );
}
