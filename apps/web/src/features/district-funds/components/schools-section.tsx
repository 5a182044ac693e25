import { Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dollarsToCents, formatCents } from '@portal/domain/money.ts';
import type { DistrictSchool } from '@portal/domain/organizations/district-funds.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { districtPageSize, schoolsQuery, useRemoveAllowance, useSetAllowance } from '../api/district-funds.ts';

/** "Set limit": how much in all the school may spend from the fund at once, typed in dollars. */
function AllowanceModal({
  districtId,
  school,
  onClose,
}: {
  districtId: string;
  school: DistrictSchool;
  onClose: () => void;
}) {
  const save = useSetAllowance(districtId);
  const [value, setValue] = useState(school.limitCents === null ? '' : (school.limitCents / 100).toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const limitCents = dollarsToCents(value);
    if (limitCents === null) {
      setError('Enter an amount in dollars, such as 500 or 1,250.00');
      return;
    }
    save.mutate(
      { organizationId: school.organizationId, limitCents },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: `${school.name} may spend ${formatCents(limitCents)} from the fund.`,
          });
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Spending limit of ${school.name}`}>
      <form onSubmit={submit} noValidate aria-label={`Spending limit of ${school.name}`}>
        <Stack gap="sm">
          <TextInput
            label="Limit (USD)"
            description="What the school may spend in all without your approval; past it, orders wait for you."
            inputMode="decimal"
            withAsterisk
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save limit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function StopButton({ districtId, school }: { districtId: string; school: DistrictSchool }) {
  const remove = useRemoveAllowance(districtId);
  return (
    <Button
      size="xs"
      variant="default"
      loading={remove.isPending}
      onClick={() =>
        openConfirmModal({
          title: `Stop ${school.name} paying with district funds?`,
          children: <Text size="sm">What it spent stays in the ledger; it can no longer pay from the fund.</Text>,
          labels: { confirm: 'Stop spending', cancel: 'Cancel' },
          onConfirm: () =>
            remove.mutate(school.organizationId, {
              onSuccess: () => notifications.show({ color: 'green', message: `${school.name} may no longer spend.` }),
              onError: (failure) => notifications.show({ color: 'red', message: errorMessage(failure) }),
            }),
        })
      }
    >
      Stop spending
    </Button>
  );
}

/** The district's schools: which may spend from the fund, their limit, what they spent and have left. */
export function SchoolsSection({ districtId }: { districtId: string }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<DistrictSchool | null>(null);
  const schools = useQuery(schoolsQuery(districtId, page));
  if (schools.isPending) return <PageLoader label="Loading schools" />;
  if (schools.isError)
    return <ErrorState message={errorMessage(schools.error)} onRetry={() => void schools.refetch()} />;
  if (schools.data.total === 0) return <EmptyState message="This district has no schools yet." />;
  return (
    <Stack gap="sm">
      <ResponsiveTable minWidth={760} striped aria-label="Schools">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">School</Table.Th>
            <Table.Th scope="col">Limit</Table.Th>
            <Table.Th scope="col">Spent</Table.Th>
            <Table.Th scope="col">Left</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {schools.data.items.map((school) => (
            <Table.Tr key={school.organizationId}>
              <Table.Td>{school.name}</Table.Td>
              <Table.Td>{school.limitCents === null ? 'May not spend' : formatCents(school.limitCents)}</Table.Td>
              <Table.Td>{formatCents(school.spentCents)}</Table.Td>
              <Table.Td>{school.leftCents === null ? '' : formatCents(school.leftCents)}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <Button size="xs" onClick={() => setEditing(school)} aria-label={`Set limit of ${school.name}`}>
                    Set limit
                  </Button>
                  {school.eligible ? <StopButton districtId={districtId} school={school} /> : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      <ListFooter
        total={schools.data.total}
        noun={['school', 'schools']}
        totalPages={Math.max(1, Math.ceil(schools.data.total / districtPageSize))}
        page={page}
        onPage={setPage}
      />
      {editing ? <AllowanceModal districtId={districtId} school={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
