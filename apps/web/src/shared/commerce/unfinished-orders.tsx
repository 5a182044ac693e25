import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { formatMoment } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import { eventPaymentStatusLabels } from '@portal/domain/commerce/payments.ts';
import {
  actionsOfUnfinishedOrder,
  heldLinesText,
  unfinishedOrderFacts,
  unfinishedOrderMessages as messages,
  type DiscardOrderReply,
  type PayNowReply,
  type UnfinishedOrderRow,
} from '@portal/domain/commerce/unfinished-orders.ts';
import { api } from '../../lib/api.ts';
import { errorMessage, notifyError } from '../../lib/errors.ts';
import { useProviderTimeZone } from '../../lib/time-zone.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { ListFooter } from '../../ui/list-pagination.tsx';
import { eventPaymentTones, StatusBadge } from '../../ui/status-badge.tsx';
import { followRedirect } from './follow-redirect.ts';
import { commerceKeys, unfinishedOrdersPageSize, unfinishedOrdersQuery } from './queries.ts';

/**
 * The toast is the mutation's own, not the click's: the order's card leaves the list as the orders are
 * read again, and a callback given to mutate() does not run once its component is gone.
 */
function useDiscardOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventPaymentId: string) =>
      api.post<DiscardOrderReply>(`/api/event-payments/${encodeURIComponent(eventPaymentId)}/discard`),
    onError: notifyError,
    onSuccess: async () => {
      notifications.show({ color: 'green', message: messages.discarded });
      await queryClient.invalidateQueries({ queryKey: commerceKeys.cart });
      await queryClient.invalidateQueries({ queryKey: commerceKeys.eventPayments });
    },
  });
}

function usePayNow() {
  return useMutation({
    mutationFn: (eventPaymentId: string) =>
      api.post<PayNowReply>(`/api/event-payments/${encodeURIComponent(eventPaymentId)}/pay-now`),
  });
}

function uploadPath(order: UnfinishedOrderRow): string {
  if (order.applicationId !== null) return applicationPaths.purchaseOrder(order.id);
  return `/members/event-cart/checkout/purchase-order?eventPaymentId=${encodeURIComponent(order.id)}`;
}

function OrderCard({ order }: { order: UnfinishedOrderRow }) {
  const timeZone = useProviderTimeZone();
  const navigate = useNavigate();
  const discard = useDiscardOrder();
  const payNow = usePayNow();
  const actions = actionsOfUnfinishedOrder(unfinishedOrderFacts(order));
  const what = heldLinesText(order.lines);
  const busy = discard.isPending || payNow.isPending;

  const confirmDiscard = () =>
    openConfirmModal({
      title: messages.discardTitle,
      children: <Text size="sm">{messages.discardConfirm(what, order.couponCode !== null)}</Text>,
      labels: { confirm: messages.discard, cancel: messages.keep },
      confirmProps: { color: 'red' },
      onConfirm: () => discard.mutate(order.id),
    });

  const startPayment = () =>
    payNow.mutate(order.id, {
      onSuccess: (reply) => followRedirect(reply.redirectUrl, navigate),
      onError: notifyError,
    });

  return (
    <Paper component="li" withBorder p="md" radius="md" aria-label={what}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            {order.lines.map((line) => (
              <Text key={line.title} fw={600} size="sm">
                {line.numberOfTickets} × {line.title}
              </Text>
            ))}
            {order.organizationName ? <Text size="sm">For {order.organizationName}</Text> : null}
          </Stack>
          <StatusBadge tone={eventPaymentTones[order.status]}>{eventPaymentStatusLabels[order.status]}</StatusBadge>
        </Group>
        <Text size="sm">
          {formatCents(order.total)}
          {order.couponCode ? ` (coupon ${order.couponCode})` : ''}
        </Text>
        {order.holdExpiresAt ? (
          <Text size="sm" c="dimmed">
            {messages.holdUntil(formatMoment(order.holdExpiresAt, timeZone))}
          </Text>
        ) : null}
        <Group gap="sm">
          {actions.includes('payNow') ? (
            <Button
              size="sm"
              onClick={startPayment}
              loading={payNow.isPending}
              disabled={busy}
              aria-label={`${messages.payNow}: ${what}`}
            >
              {messages.payNow}
            </Button>
          ) : null}
          {actions.includes('uploadPurchaseOrder') ? (
            <Button
              size="sm"
              variant="light"
              component={Link}
              to={uploadPath(order)}
              aria-label={`${messages.uploadPurchaseOrder}: ${what}`}
            >
              {messages.uploadPurchaseOrder}
            </Button>
          ) : null}
          {actions.includes('discard') ? (
            <Button
              size="sm"
              variant="subtle"
              color="red"
              onClick={confirmDiscard}
              loading={discard.isPending}
              disabled={busy}
              aria-label={`${messages.discard}: ${what}`}
            >
              {messages.discard}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The member's unfinished orders (issue 38), each with what packages/domain says it offers: Pay now,
 * Upload purchase order, Discard (confirmed; its seats and coupon use come back, its tickets return to
 * the cart). Manage Events shows the section always, with its empty state; the cart only when there is
 * something in it (`onlyWithOrders`), so an empty cart stays the spec's.
 */
export function UnfinishedOrders({ onlyWithOrders = false }: { onlyWithOrders?: boolean }) {
  const [page, setPage] = useState(1);
  const orders = useQuery(unfinishedOrdersQuery(page));
  if (onlyWithOrders && (!orders.data || orders.data.total === 0)) return null;
  const totalPages = orders.data ? Math.max(1, Math.ceil(orders.data.total / unfinishedOrdersPageSize)) : 1;

  return (
    <Stack component="section" gap="sm" aria-labelledby="unfinished-orders-heading">
      <Title order={2} size="h3" id="unfinished-orders-heading">
        {messages.title}
      </Title>
      {orders.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading unfinished orders">
          <Skeleton height={96} />
        </Stack>
      ) : orders.isError ? (
        <ErrorState
          title={messages.loadError}
          message={errorMessage(orders.error)}
          onRetry={() => void orders.refetch()}
        />
      ) : orders.data.items.length === 0 ? (
        <EmptyState message={messages.empty} />
      ) : (
        <>
          <Text size="sm">{messages.intro}</Text>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={messages.title}>
            {orders.data.items.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </Stack>
          <ListFooter
            total={orders.data.total}
            noun={['unfinished order', 'unfinished orders']}
            totalPages={totalPages}
            page={page}
            onPage={setPage}
          />
        </>
      )}
    </Stack>
  );
}
