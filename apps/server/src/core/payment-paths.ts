import { applicationPaths } from '@portal/domain/application-paths.ts';

/** Where a buyer is sent in the portal around a card payment: the cart's pages, or an application's. */
export const successPath = (paymentId: string, source: string) =>
  `/members/event-cart/checkout/success?eventPaymentId=${encodeURIComponent(paymentId)}&source=${source}`;
export const checkoutPath = '/members/event-cart/checkout';
/** Where the buyer lands once paid: an application's payment has its own success page. */
export const paidPath = (paymentId: string, source: string, applicationId: string | null) =>
  applicationId ? applicationPaths.success(paymentId, source) : successPath(paymentId, source);
/** Where a buyer who cancelled or was declined goes back to: the cart, or the application list. */
export const unpaidPath = (applicationId: string | null) => (applicationId ? applicationPaths.list : checkoutPath);
