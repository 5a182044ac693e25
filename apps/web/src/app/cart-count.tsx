import { ActionIcon, Badge, Indicator, VisuallyHidden } from '@mantine/core';
import IconShoppingCart from '@tabler/icons-react/icons/IconShoppingCart';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { cartPath } from '@portal/domain/navigation.ts';
import { cartQuery } from '../shared/commerce/queries.ts';

/**
 * The number of tickets in the cart; 0 while it is empty or unknown, and not read at all in the prerendered frame,
 * where no one is signed in yet. The menu and the phone's header share one query, so an add shows in both at once.
 */
function useCartTickets(signedIn: boolean): number {
  const cart = useQuery({ ...cartQuery, enabled: signedIn, staleTime: 30_000, retry: false });
  return cart.data?.items.reduce((sum, item) => sum + item.numberOfTickets, 0) ?? 0;
}

const ticketsInTheCart = (tickets: number) =>
  tickets === 1 ? '1 ticket in the cart' : `${tickets} tickets in the cart`;

/** The number of tickets in the cart, beside Event Cart in the side menu; nothing while it is empty or unknown. */
export function CartCount({ signedIn }: { signedIn: boolean }) {
  const tickets = useCartTickets(signedIn);
  if (tickets === 0) return null;
  return (
    <Badge size="sm" variant="filled" circle={tickets < 10}>
      {tickets}
      <VisuallyHidden>{tickets === 1 ? ' ticket in the cart' : ' tickets in the cart'}</VisuallyHidden>
    </Badge>
  );
}

/**
 * The cart in the header while the side menu is folded behind the burger (below Mantine's sm breakpoint), so a buyer
 * on a phone sees an add land without opening the menu. Hidden by CSS, not by a media query in script, so the first
 * paint and the hydrated page agree.
 */
export function HeaderCartLink({ signedIn }: { signedIn: boolean }) {
  const tickets = useCartTickets(signedIn);
  const name = tickets === 0 ? 'Event Cart' : `Event Cart: ${ticketsInTheCart(tickets)}`;
  return (
    <ActionIcon
      component={Link}
      to={cartPath}
      variant="subtle"
      size="lg"
      hiddenFrom="sm"
      aria-label={name}
      title={name}
    >
      <Indicator label={tickets} size={18} disabled={tickets === 0} offset={2}>
        <IconShoppingCart size={22} stroke={1.75} aria-hidden />
      </Indicator>
    </ActionIcon>
  );
}
