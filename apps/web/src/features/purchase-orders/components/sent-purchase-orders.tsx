import { Anchor, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  myPurchaseOrderMessages,
  purchaseOrderKindLabels,
  purchaseOrderNextStep,
  purchaseOrderStatusLabels,
} from '@portal/domain/commerce/purchase-orders.ts';
import { formatMomentDay } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { purchaseOrderTones, StatusBadge } from '../../../ui/status-badge.tsx';
import {
  sentPurchaseOrderFileUrl,
  sentPurchaseOrdersPageSize,
  sentPurchaseOrdersQuery,
} from '../api/purchase-orders.ts';

const headingId = 'sent-purchase-orders';

/**
 * The purchase orders the member sent, and those sent for the schools they manage (issue 25): what
 * each pays, where it stands and what happens next, with its PDF.
 */
export function SentPurchaseOrders() {
  const [page, setPage] = useState(1);
  const timeZone = useProviderTimeZone();
  const sent = useQuery({ ...sentPurchaseOrdersQuery(page), placeholderData: keepPreviousData });
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {myPurchaseOrderMessages.title}
      </Title>
      {sent.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading purchase orders">
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : sent.isError ? (
        <ErrorState
          title="Could not load your purchase orders"
          message={errorMessage(sent.error)}
          onRetry={() => void sent.refetch()}
        />
      ) : sent.data.items.length === 0 ? (
        <EmptyState message={myPurchaseOrderMessages.empty} />
      ) : (
        <>
          <ResponsiveTable minWidth={760} withTableBorder striped verticalSpacing="sm" aria-labelledby={headingId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Number</Table.Th>
                <Table.Th scope="col">For</Table.Th>
                <Table.Th scope="col">Total</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">What happens next</Table.Th>
                <Table.Th scope="col">File</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sent.data.items.map((order) => (
                <Table.Tr key={order.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {order.number}
                    </Text>
                    <Text size="sm">Sent {formatMomentDay(order.createdAt, timeZone)}</Text>
                    {order.sentByMe ? null : <Text size="sm">by {order.buyerName}</Text>}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{purchaseOrderKindLabels[order.kind]}</Text>
                    <Text size="sm">{order.organizationName}</Text>
                  </Table.Td>
                  <Table.Td>{formatCents(order.totalCents)}</Table.Td>
                  <Table.Td>
                    <StatusBadge tone={purchaseOrderTones[order.status]}>
                      {purchaseOrderStatusLabels[order.status]}
                    </StatusBadge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{purchaseOrderNextStep(order.status)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      href={sentPurchaseOrderFileUrl(order.id)}
                      download
                      size="sm"
                      aria-label={`Download purchase order ${order.number}`}
                    >
                      Download
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
          <ListFooter
            total={sent.data.total}
            noun={['purchase order', 'purchase orders']}
            totalPages={Math.ceil(sent.data.total / sentPurchaseOrdersPageSize)}
            page={page}
            onPage={setPage}
          />
        </>
      )}
    </Stack>
  );
}
