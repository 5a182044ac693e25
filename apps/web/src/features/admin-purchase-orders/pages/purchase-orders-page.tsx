import { Select, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { purchaseOrderStatuses } from '@portal/domain/commerce/enums.ts';
import {
  purchaseOrderMessages,
  purchaseOrderStatusLabels,
  type AdminPurchaseOrderRow,
} from '@portal/domain/commerce/purchase-orders.ts';
import { notifyError } from '../../../lib/errors.ts';
import { useListFilter, useListSearch } from '../../../lib/list-search.ts';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { SearchList } from '../../../ui/search-list.tsx';
import {
  adminPurchaseOrdersQuery,
  defaultPurchaseOrderFilter,
  purchaseOrderListParams,
  useDecidePurchaseOrder,
  type PurchaseOrderDecision,
  type PurchaseOrderFilter,
} from '../api/purchase-orders.ts';

import { PurchaseOrdersTable } from '../components/purchase-orders-table.tsx';
import { commercePageSize } from '../../../shared/commerce/admin-lists.ts';

export const purchaseOrdersLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(
      adminPurchaseOrdersQuery(purchaseOrderListParams(new URL(request.url).searchParams)),
    );
    return null;
  };

const filters: { value: PurchaseOrderFilter; label: string }[] = [
  ...purchaseOrderStatuses.map((status) => ({ value: status, label: purchaseOrderStatusLabels[status] })),
  { value: 'ALL', label: 'All' },
];

const decisions = {
  approve: {
    verb: 'Approve',
    question: purchaseOrderMessages.approveConfirm,
    done: purchaseOrderMessages.approved,
    color: undefined,
  },
  void: {
    verb: 'Void',
    question: purchaseOrderMessages.voidConfirm,
    done: purchaseOrderMessages.voided,
    color: 'red.9',
  },
} as const;

/** /admin/purchase-orders: the purchase orders members uploaded, to download, approve or void. */
export function PurchaseOrdersPage() {
  const search = useListSearch();
  const [searchParams] = useSearchParams();
  const setListFilter = useListFilter();
  const params = purchaseOrderListParams(searchParams);
  const purchaseOrders = useQuery(adminPurchaseOrdersQuery(params));
  const decide = useDecidePurchaseOrder();

  const setFilter = (value: string | null) => setListFilter('status', value, defaultPurchaseOrderFilter);

  const confirmDecision = (po: AdminPurchaseOrderRow, decision: PurchaseOrderDecision) => {
    const { verb, question, done, color } = decisions[decision];
    openConfirmModal({
      title: `${verb} purchase order ${po.number}?`,
      children: <Text size="sm">{question}</Text>,
      labels: { confirm: verb, cancel: 'Cancel' },
      confirmProps: color ? { color } : {},
      onConfirm: () =>
        decide.mutate(
          { id: po.id, decision },
          {
            onSuccess: () => notifications.show({ color: 'green', message: done }),
            onError: notifyError,
          },
        ),
    });
  };

  return (
    <SearchList
      title="Purchase orders"
      noun={['purchase order', 'purchase orders']}
      searchDescription="Number, organization, buyer or contact"
      emptyMessage="No purchase orders"
      pageSize={commercePageSize}
      search={search}
      query={purchaseOrders}
      actions={
        <ExportMenu
          path="/api/admin/purchase-orders/export"
          filters={{ status: params.status === 'ALL' ? undefined : params.status, search: params.search }}
          noun="purchase orders"
        />
      }
      filters={
        <Select
          label="Status"
          description="Submitted ones wait for a decision"
          data={filters}
          value={params.status}
          onChange={setFilter}
          allowDeselect={false}
          w={220}
        />
      }
    >
      {(items) => (
        <PurchaseOrdersTable
          purchaseOrders={items}
          onDecide={confirmDecision}
          busyId={decide.isPending ? (decide.variables?.id ?? null) : null}
        />
      )}
    </SearchList>
  );
}
