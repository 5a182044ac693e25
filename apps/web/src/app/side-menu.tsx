import { Button, Divider, Stack } from '@mantine/core';
import IconBookmark from '@tabler/icons-react/icons/IconBookmark';
import IconBooks from '@tabler/icons-react/icons/IconBooks';
import IconBriefcase from '@tabler/icons-react/icons/IconBriefcase';
import IconCalendarEvent from '@tabler/icons-react/icons/IconCalendarEvent';
import IconFileInvoice from '@tabler/icons-react/icons/IconFileInvoice';
import IconLogout from '@tabler/icons-react/icons/IconLogout';
import IconShoppingCart from '@tabler/icons-react/icons/IconShoppingCart';
import IconTicket from '@tabler/icons-react/icons/IconTicket';
import IconTreasureChest from '@tabler/icons-react/icons/IconTreasureChest';
import IconUser from '@tabler/icons-react/icons/IconUser';
import type { TablerIcon } from '@tabler/icons-react';
import type { ContentAccess } from '@portal/domain/people/roles.ts';
import { cartPath, visibleMenu } from '@portal/domain/navigation.ts';
import { MenuLinks } from '../ui/menu-links.tsx';
import { CartCount } from './cart-count.tsx';
import { useEndSession } from './use-end-session.ts';

/** Each item's icon, by its path (the items and their order are the spec's, in packages/domain). */
const menuIcons: Record<string, TablerIcon> = {
  '/members/profile': IconUser,
  '/members/treasure-chest': IconTreasureChest,
  '/members/my-saved-resources': IconBookmark,
  '/members/purchase-orders': IconFileInvoice,
  '/members/events': IconCalendarEvent,
  '/members/resources': IconBooks,
  '/members/manage-services': IconBriefcase,
  '/members/manage-events': IconTicket,
  [cartPath]: IconShoppingCart,
};

interface SideMenuProps {
  contentAccess: ContentAccess;
  /** Someone is signed in: the cart can be read for its count (not so in the prerendered frame). */
  signedIn?: boolean;
  onNavigate?: () => void;
}

/** The side menu of organizations.md §2, in its order, then Log Out. */
export function SideMenu({ contentAccess, signedIn = false, onNavigate }: SideMenuProps) {
  const logOut = useEndSession('/api/auth/logout');
  const items = visibleMenu(contentAccess).map((item) => ({
    ...item,
    icon: menuIcons[item.path],
    rightSection: item.path === cartPath ? <CartCount signedIn={signedIn} /> : undefined,
  }));

  return (
    <Stack gap="2xs" h="100%">
      <MenuLinks items={items} onNavigate={onNavigate} />
      <Divider my="sm" />
      <Button
        variant="default"
        leftSection={<IconLogout size={18} stroke={1.75} aria-hidden />}
        onClick={() => logOut.mutate()}
        loading={logOut.isPending}
      >
        Log Out
      </Button>
    </Stack>
  );
}
