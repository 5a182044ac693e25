import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { registrationRequestPaths } from '@portal/domain/registrations/requests.ts';

/** Where a buyer is sent in the portal around a card payment: the cart's pages, or an application's. */
export const successPath = (paymentId: string, source: string) =>
  `/members/event-cart/checkout/success?eventPaymentId=${encodeURIComponent(paymentId)}&source=${source}`;
export const checkoutPath = '/members/event-cart/checkout';
/** Where the buyer lands once paid: an application's or a registration request's payment has its own success page. */
export const paidPath = (
  paymentId: string,
  source: string,
  applicationId: string | null,
  registrationRequestId: string | null = null,
) => {
  if (registrationRequestId) return registrationRequestPaths.success(registrationRequestId, paymentId);
  return applicationId ? applicationPaths.success(paymentId, source) : successPath(paymentId, source);
};
/** Where a buyer who cancelled or was declined goes back to: the cart, the application list, or the registration request. */
export const unpaidPath = (applicationId: string | null, registrationRequestId: string | null = null) => {
  if (registrationRequestId) return registrationRequestPaths.detail(registrationRequestId);
  return applicationId ? applicationPaths.list : checkoutPath;
};
