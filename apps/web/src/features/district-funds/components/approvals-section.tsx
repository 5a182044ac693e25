import { Button, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoment } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import type { DistrictApproval } from '@portal/domain/organizations/district-funds.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { approvalsQuery, districtPageSize, useApprove, useDecline } from '../api/district-funds.ts';

function DeclineModal({
  districtId,
  approval,
  onClose,
}: {
  districtId: string;
  approval: DistrictApproval;
  onClose: () => void;
}) {
  const decline = useDecline(districtId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError('Say why the order is declined');
      return;
    }
    decline.mutate(
      { paymentId: approval.paymentId, reason: reason.trim() },
      {
        onSuccess: (reply) => {
          notifications.show({ color: 'green', message: reply.message });
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Decline the order of ${approval.organizationName}`}>
      <form onSubmit={submit} noValidate aria-label="Decline the order">
        <Stack gap="sm">
          <Text size="sm">
            {formatCents(approval.totalCents)} by {approval.buyerName}: the order becomes unpaid and its tickets go back
            to the buyer&apos;s cart. They are mailed your reason.
          </Text>
          <Textarea
            label="Reason"
            withAsterisk
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={decline.isPending}>
              Decline order
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ApproveButton({ districtId, approval }: { districtId: string; approval: DistrictApproval }) {
  const approve = useApprove(districtId);
  return (
    <Button
      size="xs"
      loading={approve.isPending}
      onClick={() =>
        openConfirmModal({
          title: 'Pay this order from the district fund?',
          children: (
            <Text size="sm">
              {formatCents(approval.totalCents)} for {approval.organizationName}, past what the school may spend at
              once.
            </Text>
          ),
          labels: { confirm: 'Approve and pay', cancel: 'Cancel' },
          onConfirm: () =>
            approve.mutate(approval.paymentId, {
              onSuccess: (reply) => notifications.show({ color: 'green', message: reply.message }),
              onError: (failure) => notifications.show({ color: 'red', message: errorMessage(failure) }),
            }),
        })
      }
    >
      Approve
    </Button>
  );
}

/** Orders past a school's limit, waiting for the administrator: approve (the fund pays) or decline with why. */
export function ApprovalsSection({ districtId }: { districtId: string }) {
  const timeZone = useProviderTimeZone();
  const [page, setPage] = useState(1);
  const [declining, setDeclining] = useState<DistrictApproval | null>(null);
  const approvals = useQuery(approvalsQuery(districtId, page));
  if (approvals.isPending) return <PageLoader label="Loading orders waiting for approval" />;
  if (approvals.isError)
    return <ErrorState message={errorMessage(approvals.error)} onRetry={() => void approvals.refetch()} />;
  if (approvals.data.total === 0) return <EmptyState message="No orders wait for your approval." />;
  return (
    <Stack gap="sm">
      <ResponsiveTable minWidth={820} striped aria-label="Waiting for approval">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Ordered</Table.Th>
            <Table.Th scope="col">School</Table.Th>
            <Table.Th scope="col">Buyer</Table.Th>
            <Table.Th scope="col">Tickets</Table.Th>
            <Table.Th scope="col">Total</Table.Th>
            <Table.Th scope="col">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {approvals.data.items.map((approval) => (
            <Table.Tr key={approval.paymentId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoment(approval.createdAt, timeZone)}</Table.Td>
              <Table.Td>{approval.organizationName}</Table.Td>
              <Table.Td>{approval.buyerName}</Table.Td>
              <Table.Td>{approval.items.map((item) => `${item.numberOfTickets} × ${item.title}`).join('; ')}</Table.Td>
              <Table.Td>{formatCents(approval.totalCents)}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  <ApproveButton districtId={districtId} approval={approval} />
                  <Button size="xs" variant="default" color="red" onClick={() => setDeclining(approval)}>
                    Decline
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      <ListFooter
        total={approvals.data.total}
        noun={['order', 'orders']}
        totalPages={Math.max(1, Math.ceil(approvals.data.total / districtPageSize))}
        page={page}
        onPage={setPage}
      />
      {declining ? (
        <DeclineModal districtId={districtId} approval={declining} onClose={() => setDeclining(null)} />
      ) : null}
    </Stack>
  );
}
