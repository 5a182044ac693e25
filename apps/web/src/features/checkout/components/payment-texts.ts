/** Texts of the checkout pages that events.md leaves to us (its own are paymentMessages). */
export const checkoutTexts = {
  expired: 'This payment was not completed in time, and its seats went back on sale.',
  notCardPayment: 'This payment is not a card payment waiting to be paid.',
  awaitingPurchaseOrder: 'This order is waiting for its purchase order.',
  backToCart: 'Back to the Event Cart',
  backToApplications: 'My Event Applications',
  registrationPaid: 'Your payment was successful. Your seats are booked.',
  institute: 'Institute',
} as const;
