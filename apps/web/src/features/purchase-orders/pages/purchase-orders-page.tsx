import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { memberPurchaseOrderPaths } from '@portal/domain/commerce/member-purchase-orders.ts';
import { sentPurchaseOrdersQuery } from '../api/purchase-orders.ts';
import { SentPurchaseOrders } from '../components/sent-purchase-orders.tsx';

/**
 * The list's first page before the first render, so the page commits once with it instead of again when it
 * answers (decision 0225). A failed read is the list's to show.
 */
export const purchaseOrdersLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(sentPurchaseOrdersQuery(1));
  return null;
};

/**
 * /members/purchase-orders (organizations.md §2): the landing screen, one button per kind of purchase
 * order, and the purchase orders already sent (issue 25).
 */
export function PurchaseOrdersPage() {
  return (
    <Stack gap="xl" maw={960}>
      <Stack gap="md">
        <Title order={1}>Purchase Orders</Title>
        <Text>
          Send a purchase order for accepted applicants of an institute, or for a signed professional-development
          package.
        </Text>
        <Group gap="sm">
          <Button component={Link} to={memberPurchaseOrderPaths.institute}>
            Institute purchase order
          </Button>
          <Button component={Link} to={memberPurchaseOrderPaths.package} variant="default">
            Package purchase order
          </Button>
        </Group>
      </Stack>
      <SentPurchaseOrders />
    </Stack>
  );
}
