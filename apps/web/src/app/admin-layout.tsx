import { Anchor, Badge, Stack, Text } from '@mantine/core';
import IconBooks from '@tabler/icons-react/icons/IconBooks';
import IconKey from '@tabler/icons-react/icons/IconKey';
import IconBuildingCommunity from '@tabler/icons-react/icons/IconBuildingCommunity';
import IconPigMoney from '@tabler/icons-react/icons/IconPigMoney';
import IconCalendarEvent from '@tabler/icons-react/icons/IconCalendarEvent';
import IconCalendarMonth from '@tabler/icons-react/icons/IconCalendarMonth';
import IconChartBar from '@tabler/icons-react/icons/IconChartBar';
import IconClipboardList from '@tabler/icons-react/icons/IconClipboardList';
import IconCreditCard from '@tabler/icons-react/icons/IconCreditCard';
import IconReceiptRefund from '@tabler/icons-react/icons/IconReceiptRefund';
import IconTicketOff from '@tabler/icons-react/icons/IconTicketOff';
import IconDiscount from '@tabler/icons-react/icons/IconDiscount';
import IconFileInvoice from '@tabler/icons-react/icons/IconFileInvoice';
import IconReceipt2 from '@tabler/icons-react/icons/IconReceipt2';
import IconFolders from '@tabler/icons-react/icons/IconFolders';
import IconForms from '@tabler/icons-react/icons/IconForms';
import IconLayoutDashboard from '@tabler/icons-react/icons/IconLayoutDashboard';
import IconMailExclamation from '@tabler/icons-react/icons/IconMailExclamation';
import IconBell from '@tabler/icons-react/icons/IconBell';
import IconHistory from '@tabler/icons-react/icons/IconHistory';
import IconPackage from '@tabler/icons-react/icons/IconPackage';
import IconSchool from '@tabler/icons-react/icons/IconSchool';
import IconUsers from '@tabler/icons-react/icons/IconUsers';
import IconVideo from '@tabler/icons-react/icons/IconVideo';
import IconWebhook from '@tabler/icons-react/icons/IconWebhook';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import type { DashboardCardKind } from '@portal/domain/staff/dashboard.ts';
import { displayName } from '@portal/domain/people/names.ts';
import { homePath } from '@portal/domain/navigation.ts';
import { dashboardQuery } from '../features/admin-dashboard/api/dashboard.ts';
import { useCurrentUser } from '../lib/current-user.ts';
import { MenuLinks, type MenuLinkItem } from '../ui/menu-links.tsx';
import { PortalShell } from '../ui/portal-shell.tsx';

const staffMenu: readonly MenuLinkItem[] = [
  { label: 'Dashboard', path: '/admin', icon: IconLayoutDashboard, exact: true },
  { label: 'Users', path: '/admin/users', icon: IconUsers },
  { label: 'Organizations', path: '/admin/organizations', icon: IconSchool },
  { label: 'Districts', path: '/admin/districts', icon: IconBuildingCommunity },
  { label: 'District funds', path: '/admin/district-funds', icon: IconPigMoney },
  { label: 'Purchase orders', path: '/admin/purchase-orders', icon: IconFileInvoice },
  { label: 'Invoices', path: '/admin/invoices', icon: IconReceipt2 },
  { label: 'Event payments', path: '/admin/event-payments', icon: IconCreditCard },
  { label: 'Refunds', path: '/admin/refunds', icon: IconReceiptRefund },
  { label: 'Cancellation requests', path: '/admin/cancellation-requests', icon: IconTicketOff },
  { label: 'Events', path: '/admin/events', icon: IconCalendarEvent },
  { label: 'Coupons', path: '/admin/coupons', icon: IconDiscount },
  { label: 'Reports', path: '/admin/reports', icon: IconChartBar },
  { label: 'Applications', path: '/admin/applications', icon: IconForms },
  { label: 'Registration requests', path: '/admin/registration-requests', icon: IconClipboardList },
  { label: 'Packages', path: '/admin/packages', icon: IconPackage },
  { label: 'Toolkit library', path: '/admin/toolkit', icon: IconBooks },
  { label: 'Organization resources', path: '/admin/organization-resources', icon: IconFolders },
  { label: 'Video collections', path: '/admin/video-collections', icon: IconVideo },
  { label: 'School years', path: '/admin/school-years', icon: IconCalendarMonth },
  { label: 'Failed mail', path: '/admin/failed-mail', icon: IconMailExclamation },
  { label: 'Notification settings', path: '/admin/settings/notifications', icon: IconBell },
  { label: 'Audit log', path: '/admin/audit-log', icon: IconHistory },
  { label: 'Webhooks', path: '/admin/webhooks', icon: IconWebhook },
  { label: 'Sign-in providers', path: '/admin/sign-in-providers', icon: IconKey },
];

/** The menu items that show a dashboard card's count, and what their badge says to a screen reader. */
const waitingWork: Record<string, { kind: DashboardCardKind; waiting: string }> = {
  '/admin/purchase-orders': { kind: 'purchaseOrders', waiting: 'to approve' },
  '/admin/event-payments': { kind: 'latePayments', waiting: 'to refund' },
  '/admin/refunds': { kind: 'refundsNeeded', waiting: 'to settle' },
  '/admin/cancellation-requests': { kind: 'cancellationRequests', waiting: 'to decide' },
  '/admin/applications': { kind: 'applications', waiting: 'to review' },
  '/admin/registration-requests': { kind: 'overdueRegistrationRequests', waiting: 'past due' },
  '/admin/packages': { kind: 'packageRequests', waiting: 'to review' },
  '/admin/failed-mail': { kind: 'failedMail', waiting: 'failed' },
};

/**
 * The count beside a menu item. Read as the link's description ("3 to approve"), not in its name, so the
 * link is still found by its label alone.
 */
function WaitingCount({ id, count, waiting }: { id: string; count: number; waiting: string }) {
  if (count === 0) return null;
  return (
    <>
      <Badge size="sm" variant="filled" circle={count < 10} aria-hidden>
        {count}
      </Badge>
      <span id={id} hidden>
        {count} {waiting}
      </span>
    </>
  );
}

/** The staff menu with the dashboard's counts beside the lists they open, read again on every page change. */
function StaffMenu({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const dashboard = useQuery({ ...dashboardQuery, retry: false });
  const shownAt = useRef(pathname);
  useEffect(() => {
    // The first page's read is the query's own; each later page reads the counts again.
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    void queryClient.invalidateQueries({ queryKey: dashboardQuery.queryKey });
  }, [pathname, queryClient]);
  const counts = new Map(dashboard.data?.cards.map((card) => [card.kind, card.count]));
  const items = staffMenu.map((item) => {
    const work = waitingWork[item.path];
    if (!work) return item;
    const count = counts.get(work.kind) ?? 0;
    const id = `waiting-${work.kind}`;
    return {
      ...item,
      rightSection: <WaitingCount id={id} count={count} waiting={work.waiting} />,
      describedBy: count > 0 ? id : undefined,
    };
  });
  return <MenuLinks items={items} onNavigate={onNavigate} />;
}

/** The staff console's frame: its own menu, and a way back to the members portal. */
export function AdminLayout() {
  const user = useCurrentUser();

  return (
    <PortalShell
      navLabel="Staff console"
      homeTo="/admin"
      headerEnd={
        <>
          <Anchor component={Link} to={homePath}>
            Members portal
          </Anchor>
          {user ? <Text>{displayName(user)}</Text> : null}
        </>
      }
      nav={(close) => (
        <Stack gap="2xs">
          <StaffMenu onNavigate={close} />
        </Stack>
      )}
    >
      <Outlet />
    </PortalShell>
  );
}
