import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';

/**
 * Signed webhooks to the provider's other systems (issue 26): staff register endpoints, the portal
 * posts these events to them following the Standard Webhooks specification.
 */
export const webhookEventTypes = [
  'payment.paid',
  'payment.refund_needed',
  'payment.refunded',
  'ticket.cancelled',
  'purchase_order.submitted',
  'purchase_order.approved',
  'purchase_order.voided',
  'application.submitted',
  'application.decided',
  'registration_request.paid',
  'registration_request.cancelled',
  'package_request.submitted',
  'package_request.decided',
  'attendance.saved',
  'certificate.issued',
  'ticket.transferred',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const webhookEventLabels: Record<WebhookEventType, string> = {
  'payment.paid': 'Payment paid',
  'payment.refund_needed': 'Payment needs a refund',
  'payment.refunded': 'Payment refunded',
  'ticket.cancelled': 'Ticket cancelled',
  'purchase_order.submitted': 'Purchase order submitted',
  'purchase_order.approved': 'Purchase order approved',
  'purchase_order.voided': 'Purchase order voided',
  'application.submitted': 'Application submitted',
  'application.decided': 'Application decided',
  'registration_request.paid': 'Registration request paid',
  'registration_request.cancelled': 'Registration request cancelled',
  'package_request.submitted': 'Package request submitted',
  'package_request.decided': 'Package request decided',
  'attendance.saved': 'Attendance saved',
  'certificate.issued': 'Certificate issued',
  'ticket.transferred': 'Ticket passed on by its holder',
};

export const webhookMessages = {
  urlRequired: 'URL required',
  urlInvalid: 'Enter a full URL, such as https://example.org/webhooks',
  urlNotHttps: 'The URL must start with https://',
  urlCredentials: 'The URL may not contain a user name or password',
  urlPrivate: 'The URL must point to a public address, not a private, loopback or link-local one',
  urlUnresolvable: 'The URL’s host name could not be resolved',
  urlTooLong: 'The URL must be at most 2,000 characters',
  eventsRequired: 'Choose at least one event',
  descriptionTooLong: 'The description must be at most 500 characters',
  created: 'Webhook endpoint added',
  enabled: 'Webhook endpoint enabled',
  disabled: 'Webhook endpoint disabled',
  deleted: 'Webhook endpoint deleted',
  rotated: 'Signing secret rotated',
  redelivered: 'Redelivery queued',
  deleteConfirm: 'Delete this webhook endpoint? Its deliveries are deleted too and nothing more is sent to it.',
  rotateConfirm:
    'Rotate the signing secret? For a while (24 hours unless configured otherwise) each delivery is signed with both the old and the new secret, so the receiving system can switch to the new one without missing an event; after that only the new one signs.',
  /** After a rotation, with the moment the old secret stops signing. */
  overlapUntil: (until: string) =>
    `Until ${until} each delivery is signed with both the old and the new secret; after that only with the new one.`,
  secretOnce: 'Copy this secret now: it is not shown again.',
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
} as const;

export const webhookDeliveryStatuses = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];
export const webhookDeliveryStatusLabels: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'Retrying',
  DELIVERED: 'Delivered',
  FAILED: 'Failed',
};

/** The body of every webhook: Standard Webhooks' recommended shape. */
export interface WebhookBody {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/** The endpoint form: the same schema checks the staff form and the route. */
export const webhookEndpointInput = z.object({
  url: z
    .string({ error: webhookMessages.urlRequired })
    .trim()
    .min(1, webhookMessages.urlRequired)
    .max(2000, webhookMessages.urlTooLong)
    .refine((value) => parseWebUrl(value) !== null, webhookMessages.urlInvalid),
  eventTypes: z
    .array(z.enum(webhookEventTypes, { error: 'Unknown event' }), { error: webhookMessages.eventsRequired })
    .min(1, webhookMessages.eventsRequired)
    .transform((types) => [...new Set(types)]),
  description: z.string().trim().max(500, webhookMessages.descriptionTooLong).default(''),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInput>;

export const webhookEndpointToggle = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });

function parseWebUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * What a URL may be as a webhook endpoint, before its host name is resolved: in production https only,
 * no user name or password, and not localhost; outside production http and loopback are allowed (tests,
 * the dev machine). Whether its addresses are public is the server's to say once resolved (literal
 * addresses included: they resolve to themselves). Returns the refusal's message, or null when the URL
 * may be used.
 */
export function webhookUrlRefusal(value: string, production: boolean): string | null {
  const url = parseWebUrl(value);
  if (!url) return webhookMessages.urlInvalid;
  if (url.username || url.password) return webhookMessages.urlCredentials;
  if (!production) return null;
  if (url.protocol !== 'https:') return webhookMessages.urlNotHttps;
  const host = url.hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return webhookMessages.urlPrivate;
  return null;
}

export const webhookEndpointRow = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(webhookEventTypes)),
  enabled: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Deliveries still retrying or given up on. */
  failingDeliveries: z.int(),
  /** Until when the secret replaced by the last rotation still signs too; null when none does. */
  previousSecretExpiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type WebhookEndpointRow = z.infer<typeof webhookEndpointRow>;

export const webhookEndpointList = z.object({ items: z.array(webhookEndpointRow) });

/** The answer that carries the signing secret: creation and rotation, shown once. */
export const webhookEndpointWithSecret = z.object({ endpoint: webhookEndpointRow, secret: z.string() });

export const webhookDeliveryQuery = pageQuery;

export const webhookDeliveryRow = z.object({
  id: z.uuid(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.int(),
  createdAt: z.iso.datetime({ offset: true }),
  lastAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  nextAttemptAt: z.iso.datetime({ offset: true }).nullable(),
  lastStatusCode: z.int().nullable(),
  lastDurationMs: z.int().nullable(),
  lastResponseExcerpt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;
export const webhookDeliveryPage = paginated(webhookDeliveryRow);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPage>;

/**
 * When the next attempt of a failed delivery is due: the wait doubles from one minute (1, 2, 4 … min)
 * and retries stop 24 hours after the first attempt, the last one made at that mark. Null when the
 * delivery is given up.
 */
export function nextWebhookAttemptAt(firstAttemptAt: Date, attempts: number, now: Date): Date | null {
  const windowEnd = firstAttemptAt.getTime() + webhookRetryWindowMs;
  if (now.getTime() >= windowEnd) return null;
  const wait = 60_000 * 2 ** Math.max(0, attempts - 1);
  return new Date(Math.min(now.getTime() + wait, windowEnd));
}
export const webhookRetryWindowMs = 24 * 3600_000;
