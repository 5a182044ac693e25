import { Button, Modal, Table } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import { formatCents } from '@portal/domain/money.ts';
import type { CouponRow } from '@portal/domain/events/admin-contracts.ts';
import { formatMomentDay } from '@portal/domain/dates.ts';
import { listParams, useListSearch } from '../../../lib/list-search.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { SearchList } from '../../../ui/search-list.tsx';
import { adminCouponsQuery } from '../api/coupons.ts';
import { couponTypeLabels } from '../components/labels.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { commercePageSize } from '../../../shared/commerce/admin-lists.ts';

// The form and its validation (zod) load when staff open it.
const CouponForm = lazy(() => import('../components/coupon-form.tsx').then((m) => ({ default: m.CouponForm })));

export const couponsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(adminCouponsQuery(listParams(new URL(request.url).searchParams)));
    return null;
  };

function discountLabel(coupon: CouponRow): string {
  if (coupon.type === 'PERCENTAGE') return `${coupon.discountPercentage ?? 0}%`;
  return formatCents(coupon.discountAmount ?? 0);
}

function validityLabel({ validFrom, validUntil }: CouponRow, timeZone: string): string {
  const day = (iso: string) => formatMomentDay(iso, timeZone);
  if (validFrom && validUntil) return `${day(validFrom)} – ${day(validUntil)}`;
  if (validFrom) return `From ${day(validFrom)}`;
  if (validUntil) return `Until ${day(validUntil)}`;
  return 'Always';
}

/** Which coupon the modal edits: none (closed), a new one, or an existing one. */
type Editing = { coupon: CouponRow | null } | null;

/** /admin/coupons: discount codes members apply in the cart; create one or edit it. */
export function CouponsPage() {
  const search = useListSearch();
  const coupons = useQuery(adminCouponsQuery(search.params));
  const timeZone = useProviderTimeZone();
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  return (
    <>
      <SearchList
        title="Coupons"
        noun={['coupon', 'coupons']}
        searchDescription="Code"
        emptyMessage="No coupons"
        pageSize={commercePageSize}
        search={search}
        query={coupons}
        actions={<Button onClick={() => setEditing({ coupon: null })}>New coupon</Button>}
      >
        {(items) => (
          <ResponsiveTable minWidth={860} striped withTableBorder verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Code</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Discount</Table.Th>
                <Table.Th scope="col">Valid</Table.Th>
                <Table.Th scope="col">Uses</Table.Th>
                <Table.Th scope="col">Event</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((coupon) => (
                <Table.Tr key={coupon.id}>
                  <Table.Th scope="row">{coupon.code}</Table.Th>
                  <Table.Td>{couponTypeLabels[coupon.type]}</Table.Td>
                  <Table.Td>{discountLabel(coupon)}</Table.Td>
                  <Table.Td>{validityLabel(coupon, timeZone)}</Table.Td>
                  <Table.Td>
                    {coupon.timesUsed} / {coupon.maxUses ?? 'no limit'}
                  </Table.Td>
                  <Table.Td>{coupon.eventName ?? 'Every event'}</Table.Td>
                  <Table.Td>
                    <StatusBadge tone={coupon.active ? 'paid' : 'neutral'}>
                      {coupon.active ? 'Active' : 'Inactive'}
                    </StatusBadge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      aria-label={`Edit coupon ${coupon.code}`}
                      onClick={() => setEditing({ coupon })}
                    >
                      Edit
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </SearchList>
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing?.coupon ? `Edit coupon ${editing.coupon.code}` : 'New coupon'}
        size="lg"
      >
        <Suspense fallback={<PageLoader label="Loading the form" />}>
          {editing ? <CouponForm key={editing.coupon?.id ?? 'new'} coupon={editing.coupon} onDone={close} /> : null}
        </Suspense>
      </Modal>
    </>
  );
}
