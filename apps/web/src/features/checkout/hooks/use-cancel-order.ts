import { useNavigate } from 'react-router';
import { notifyError } from '../../../lib/errors.ts';
import { useCancelCheckout } from '../api/payments.ts';
import type { CheckoutFlavour } from '../components/checkout-flavour.ts';

/**
 * The purchase-order page's Cancel (events.md §2: back to the checkout). A cart's order is cancelled
 * on the server first, so its tickets are back in the cart the checkout shows; for an application's
 * or a registration request's payment, Cancel only goes back to where it was started.
 */
export function useCancelOrder(eventPaymentId: string, flavour: CheckoutFlavour) {
  const navigate = useNavigate();
  const cancelCheckout = useCancelCheckout(eventPaymentId);
  const cancel = () => {
    if (!flavour.cancelsCheckout) {
      void navigate(flavour.homePath);
      return;
    }
    cancelCheckout.mutate(undefined, {
      onSuccess: (reply) => void navigate(reply.redirectUrl),
      onError: notifyError,
    });
  };
  return { cancel, pending: cancelCheckout.isPending };
}
