// The registration request screens' texts, statuses, seat limits and addresses, kept free of zod so a page that
// only links to a request (the payment pages, the staff's list) need not load the schemas; requests.ts re-exports them.

export const registrationRequestStatuses = ['OPEN', 'CANCELLED'] as const;
export type RegistrationRequestStatus = (typeof registrationRequestStatuses)[number];

export const registrationRequestStatusLabels: Record<RegistrationRequestStatus, string> = {
  OPEN: 'Open',
  CANCELLED: 'Cancelled',
};

export const minSeatsPerRequest = 1;
export const maxSeatsPerRequest = 100;

export const registrationRequestMessages = {
  listTitle: 'My Event Registrations',
  view: 'View',
  requestSeats: 'Request seats',
  requested: 'Registration request created',
  seatsRange: `Choose between ${minSeatsPerRequest} and ${maxSeatsPerRequest} seats`,
  seatsUpdated: 'Seats updated',
  fillAllSeats: 'Please fill all the seats',
  emailInvalid: 'Enter a valid email address',
  emailDuplicate: 'This email is already assigned to another seat',
  attendeesSaved: 'Attendees saved',
  alreadyApplied: 'This person already has an application for this event',
  cancelConfirm: 'This ticket request will be cancelled. Are you sure you want to proceed?',
  cancelled: 'Ticket request cancelled successfully',
  backToRequest: 'Back to Registration Request',
  empty: 'No registration requests yet',
  notFound: 'Registration request not found',
  notOpen: 'This event is not open to group registration.',
  sectionNotInEvent: 'Choose sections and groupings of this event.',
  isCancelled: 'This registration request is cancelled.',
  isPaid: 'This registration request is paid; its seats and coupon can no longer be changed.',
  underReview: 'A purchase order for this registration request is under review.',
  noTicketType: 'This event has no ticket type yet; group registration cannot be paid.',
  idempotencyKeyReused: 'This Idempotency-Key was used for another payment.',
  sectionOfGroupingPath: 'This path is chosen by grouping: choose its groupings, not its sections.',
  groupingOfSectionPath: 'This path is chosen by section: choose its sections, not its groupings.',
  settingsSaved: 'Group registration settings saved',
  offerIncomplete: 'Set both the paid seats and the free seats of the offer, or neither.',
  organizationLabel: 'Registering for',
  organizationRequired: 'Choose the organization these seats are for.',
  organizationNotYours: 'Choose one of your organizations.',
  viewRequest: 'View registration',
} as const;

export const registrationRequestPaths = {
  list: '/members/events/registration/requests',
  /** The other reading of the list's address (§2), kept as a redirect. */
  otherList: '/members/registration/requests',
  detail: (requestId: string) => `/members/events/registration/requests/${encodeURIComponent(requestId)}`,
  success: (requestId: string, paymentId: string) =>
    `/members/events/registration/checkout/success?eventRegistrationRequestId=${encodeURIComponent(requestId)}&eventRegistrationPaymentId=${encodeURIComponent(paymentId)}`,
  /** The payment pages' purchase-order upload, for a request's payment (eventPaymentId, as theirs). */
  purchaseOrder: (requestId: string, paymentId: string) =>
    `/members/events/registration/checkout/purchase-order?eventPaymentId=${encodeURIComponent(paymentId)}&eventRegistrationRequestId=${encodeURIComponent(requestId)}`,
} as const;
