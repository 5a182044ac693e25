import type { WizardStep } from './rules.ts';

/**
 * The portal's application pages. A module of its own so that pages which only link to them (the
 * cart's checkout pages, the catalogue) do not load the application rules.
 */
export const applicationPaths = {
  list: '/members/events/applications',
  step: (applicationId: string, step: WizardStep) =>
    `/members/events/applications/${encodeURIComponent(applicationId)}/manage/${step}`,
  resources: (eventId: string, applicationId: string) =>
    `/members/events/${encodeURIComponent(eventId)}/resources?eaId=${encodeURIComponent(applicationId)}`,
  registration: (requestId: string) => `/members/events/registration/requests/${encodeURIComponent(requestId)}`,
  success: (eventPaymentId: string, source: string) =>
    `/members/events/applications/checkout/success?eventPaymentId=${encodeURIComponent(eventPaymentId)}&source=${source}`,
  purchaseOrder: (eventPaymentId: string) =>
    `/members/events/applications/checkout/purchase-order?eventPaymentId=${encodeURIComponent(eventPaymentId)}`,
} as const;
