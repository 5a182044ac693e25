import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import { registrationRequestMessages, registrationRequestPaths } from '@portal/domain/registrations/messages.ts';
import { checkoutPath, successPath } from '../api/payments.ts';
import { checkoutTexts } from './payment-texts.ts';

/**
 * The payment pages serve two kinds of payment: a cart's (tickets to allocate afterwards) and an
 * accepted event application's (one seat for the applicant). The pages are the same; what differs —
 * where the member came from and goes back to, what a paid payment leads to — is this object (the
 * purchase order's type is the server's to derive from the payment).
 */
export interface CheckoutFlavour {
  /** Where the payment was started: the way back, and where a page without a readable payment sends the member. */
  homePath: string;
  homeLabel: string;
  successPath: (eventPaymentId: string, source: string) => string;
  purchaseOrderPath: (eventPaymentId: string) => string;
  paidMessage: string;
  /** Cart payments lead to allocating their tickets; an applicant's one seat is theirs already. */
  allocates: boolean;
  /**
   * The buyer may take a ticket of a paid line in one click ('Assign to me'): a cart's tickets only; an
   * application's payment has no tickets to allocate, its seat is the applicant's (the server refuses).
   */
  offersAssignToMe: boolean;
  /** An application's purchase order names the institute it pays for (events.md §5). */
  showsInstitute: boolean;
  /**
   * The purchase-order page's Cancel ends the payment and puts its tickets back into the cart (a
   * cart's checkout); otherwise Cancel only goes back, and the application or request keeps its payment.
   */
  cancelsCheckout: boolean;
}

export const cartFlavour: CheckoutFlavour = {
  homePath: checkoutPath,
  homeLabel: checkoutTexts.backToCart,
  successPath,
  purchaseOrderPath: (eventPaymentId) =>
    `${checkoutPath}/purchase-order?${new URLSearchParams({ eventPaymentId }).toString()}`,
  paidMessage: paymentMessages.paid,
  allocates: true,
  offersAssignToMe: true,
  showsInstitute: false,
  cancelsCheckout: true,
};

export const applicationFlavour: CheckoutFlavour = {
  homePath: applicationPaths.list,
  homeLabel: checkoutTexts.backToApplications,
  successPath: applicationPaths.success,
  purchaseOrderPath: applicationPaths.purchaseOrder,
  paidMessage: paymentMessages.paid,
  allocates: false,
  offersAssignToMe: false,
  showsInstitute: true,
  cancelsCheckout: false,
};

/**
 * An application's success page behaves as the cart's (events.md §2: "same behaviour as the cart
 * success screen"): its texts, 'Allocate tickets' (off for a purchase order), and the way back when
 * the payment is missing or unreadable. Only a payment still awaiting its purchase order is pointed
 * to the application's own purchase-order page (docs/decisions/0089-application-payment-rules-and-success-page.md).
 */
export const applicationSuccessFlavour: CheckoutFlavour = {
  ...cartFlavour,
  purchaseOrderPath: applicationPaths.purchaseOrder,
  offersAssignToMe: false,
};

/**
 * A registration request's payment: back to the request (to the list when the address names none);
 * its seats are named on the request, not allocated.
 */
export function registrationFlavour(requestId: string | null): CheckoutFlavour {
  return {
    homePath: requestId ? registrationRequestPaths.detail(requestId) : registrationRequestPaths.list,
    homeLabel: requestId ? registrationRequestMessages.backToRequest : registrationRequestMessages.listTitle,
    successPath: (eventPaymentId) =>
      requestId ? registrationRequestPaths.success(requestId, eventPaymentId) : registrationRequestPaths.list,
    purchaseOrderPath: (eventPaymentId) =>
      requestId ? registrationRequestPaths.purchaseOrder(requestId, eventPaymentId) : registrationRequestPaths.list,
    paidMessage: checkoutTexts.registrationPaid,
    allocates: false,
    offersAssignToMe: false,
    showsInstitute: false,
    cancelsCheckout: false,
  };
}
