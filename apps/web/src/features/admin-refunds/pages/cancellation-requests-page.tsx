import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  cancellationRequestStatuses,
  type CancellationDecisionInput,
  type CancellationRequestRow,
  type CancellationRequestStatus,
} from '@portal/domain/commerce/refunds.ts';
import { formatMoment } from '@portal/domain/dates.ts';
import { dollarsToCents } from '@portal/domain/money.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useListFilter, useListSearch } from '../../../lib/list-search.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { SearchList } from '../../../ui/search-list.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import {
  cancellationRequestsPageSize,
  cancellationRequestsParams,
  cancellationRequestsQuery,
  useDecideCancellationRequest,
} from '../api/cancellation-requests.ts';

export const cancellationRequestsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(
      cancellationRequestsQuery(cancellationRequestsParams(new URL(request.url).searchParams)),
    );
    return null;
  };

const statusLabels: Record<CancellationRequestStatus, string> = {
  OPEN: 'Waiting for a decision',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
};
const statusTones = { OPEN: 'action', APPROVED: 'paid', DECLINED: 'cancelled' } as const;
const statusOptions = [
  { value: 'ALL', label: 'All' },
  ...cancellationRequestStatuses.map((status) => ({ value: status, label: statusLabels[status] })),
];

type Decision = 'APPROVE_FULL' | 'APPROVE_PARTIAL' | 'APPROVE_NONE' | 'DECLINE';

function DecisionForm({ request, onDone }: { request: CancellationRequestRow; onDone: () => void }) {
  const [decision, setDecision] = useState<Decision>('APPROVE_FULL');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const decide = useDecideCancellationRequest(request.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = decision === 'APPROVE_PARTIAL' ? dollarsToCents(amount) : null;
    const found: Record<string, string> = {};
    if (decision === 'APPROVE_PARTIAL' && (cents === null || cents <= 0)) found.amount = 'Enter an amount above $0.00';
    if (decision === 'DECLINE' && reason.trim() === '') found.reason = 'Say why it is declined';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input: CancellationDecisionInput =
      decision === 'DECLINE'
        ? { decision: 'DECLINE', reason: reason.trim() }
        : {
            decision: 'APPROVE',
            refund:
              decision === 'APPROVE_PARTIAL'
                ? { refund: 'PARTIAL', amountCents: cents ?? 0 }
                : { refund: decision === 'APPROVE_FULL' ? 'FULL' : 'NONE' },
          };
    decide.mutate(input, {
      onSuccess: (reply) => {
        notifications.show({
          color: 'green',
          message: `Request ${reply.status === 'APPROVED' ? 'approved' : 'declined'}; ${request.buyerName} is mailed the decision.`,
        });
        onDone();
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Decide the cancellation request">
      <Stack gap="md">
        <Text size="sm">
          {request.buyerName} asks to cancel {request.tickets} {request.tickets === 1 ? 'ticket' : 'tickets'} of{' '}
          {request.events.join(', ')}: “{request.reason}”
        </Text>
        <Radio.Group label="Decision" value={decision} onChange={(value) => setDecision(value)}>
          <Stack gap="xs" mt="xs">
            <Radio value="APPROVE_FULL" label="Approve with a full refund of what was paid for them" />
            <Radio value="APPROVE_PARTIAL" label="Approve with a partial refund" />
            <Radio value="APPROVE_NONE" label="Approve without a refund" />
            <Radio value="DECLINE" label="Decline" />
          </Stack>
        </Radio.Group>
        {decision === 'APPROVE_PARTIAL' ? (
          <TextInput
            label="Amount to refund ($)"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={errors.amount}
            maw={260}
          />
        ) : null}
        {decision === 'DECLINE' ? (
          <Textarea
            label="Reason (mailed to the buyer)"
            withAsterisk
            rows={3}
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
          />
        ) : null}
        {decide.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(decide.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={decide.isPending} color={decision === 'DECLINE' ? 'red.9' : undefined}>
            {decision === 'DECLINE' ? 'Decline request' : 'Approve request'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RequestsTable({ requests }: { requests: CancellationRequestRow[] }) {
  const timeZone = useProviderTimeZone();
  const phone = useMediaQuery('(max-width: 35.99em)');
  const [deciding, setDeciding] = useState<CancellationRequestRow | null>(null);
  return (
    <>
      <Modal
        opened={deciding !== null}
        onClose={() => setDeciding(null)}
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title="Cancellation request"
        centered
      >
        {deciding ? <DecisionForm key={deciding.id} request={deciding} onDone={() => setDeciding(null)} /> : null}
      </Modal>
      <ResponsiveTable minWidth={960} striped aria-label="Cancellation requests">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Sent</Table.Th>
            <Table.Th scope="col">Buyer</Table.Th>
            <Table.Th scope="col">Events</Table.Th>
            <Table.Th scope="col">Tickets</Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {requests.map((request) => (
            <Table.Tr key={request.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoment(request.createdAt, timeZone)}</Table.Td>
              <Table.Td>
                <Text size="sm">{request.buyerName}</Text>
                <Text size="xs" c="dimmed">
                  <EmailAddress email={request.buyerEmail} />
                </Text>
              </Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/admin/event-payments/${encodeURIComponent(request.paymentId)}`}
                  size="sm"
                >
                  {request.events.join(', ') || 'Open the payment'}
                </Anchor>
              </Table.Td>
              <Table.Td>{request.tickets}</Table.Td>
              <Table.Td>{request.reason}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <StatusBadge tone={statusTones[request.status]}>{statusLabels[request.status]}</StatusBadge>
              </Table.Td>
              <Table.Td>
                {request.status === 'OPEN' ? (
                  <Button size="xs" onClick={() => setDeciding(request)} aria-label={`Decide: ${request.buyerName}`}>
                    Decide
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
    </>
  );
}

/** /admin/cancellation-requests: buyers' requests to cancel outside the policy, approved or declined here. */
export function CancellationRequestsPage() {
  const search = useListSearch();
  const [searchParams] = useSearchParams();
  const setListFilter = useListFilter();
  const params = cancellationRequestsParams(searchParams);
  const requests = useQuery(cancellationRequestsQuery(params));
  return (
    <SearchList
      title="Cancellation requests"
      noun={['cancellation request', 'cancellation requests']}
      searchDescription="The buyer: name or email"
      emptyMessage="No cancellation requests match"
      pageSize={cancellationRequestsPageSize}
      search={search}
      query={requests}
      filters={
        <Select
          label="Status"
          data={statusOptions}
          value={params.status}
          onChange={(value) => setListFilter('status', value, 'ALL')}
          allowDeselect={false}
          w={240}
        />
      }
    >
      {(items) => <RequestsTable requests={items} />}
    </SearchList>
  );
}
