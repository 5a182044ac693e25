import { z } from 'zod';
import { applicationStatuses, applicationStatusLabels, type ApplicationStatus } from '../applications/rules.ts';
import { pageQuery, paginated } from '../pagination.ts';

/**
 * Staff console: a message from staff to the people of one event (issue 24). One mail per recipient
 * through the outbox, so no recipient sees another's address (docs/decisions/0108-event-messages.md).
 */

export const messageAudiences = ['HOLDERS', 'APPLICANTS', 'SECTION'] as const;
export type MessageAudience = (typeof messageAudiences)[number];

export const messageAudienceLabels: Record<MessageAudience, string> = {
  HOLDERS: 'Ticket holders',
  APPLICANTS: 'Applicants',
  SECTION: "One section's people",
};

/** A voided application is a withdrawn one: its applicant is no longer among the event's people. */
export const messageApplicationStatuses = applicationStatuses.filter(
  (status): status is Exclude<ApplicationStatus, 'VOIDED'> => status !== 'VOIDED',
);

export const eventMessageTexts = {
  statusRequired: 'Choose which applicants',
  sectionRequired: 'Choose a section',
  subjectRequired: 'Subject is required',
  subjectTooLong: 'Keep the subject to 200 characters',
  bodyRequired: 'Write the message',
  bodyTooLong: 'Keep the message to 10,000 characters',
  noRecipients: 'Nobody matches these recipients: the message was not sent.',
  sectionUnknown: 'This section is not one of the event’s.',
  sent: (count: number) => `Message sent to ${count} ${count === 1 ? 'person' : 'people'}`,
} as const;

/** How many first names a preview lists; the count covers everyone. */
export const previewNamesShown = 50;

const audienceShape = {
  audience: z.enum(messageAudiences),
  applicationStatus: z.enum(messageApplicationStatuses).nullable().default(null),
  sectionId: z.uuid(eventMessageTexts.sectionRequired).nullable().default(null),
};

type AudienceFields = {
  audience: MessageAudience;
  applicationStatus: string | null;
  sectionId: string | null;
};

/** The audience's own choice is required: which applicants, which section. */
function requireAudienceChoice(value: AudienceFields, ctx: z.RefinementCtx) {
  if (value.audience === 'APPLICANTS' && value.applicationStatus === null)
    ctx.addIssue({ code: 'custom', path: ['applicationStatus'], message: eventMessageTexts.statusRequired });
  if (value.audience === 'SECTION' && value.sectionId === null)
    ctx.addIssue({ code: 'custom', path: ['sectionId'], message: eventMessageTexts.sectionRequired });
}

export const messageRecipientsInput = z.object(audienceShape).superRefine(requireAudienceChoice);
export type MessageRecipientsInput = z.infer<typeof messageRecipientsInput>;

export const eventMessageInput = z
  .object({
    ...audienceShape,
    subject: z.string().trim().min(1, eventMessageTexts.subjectRequired).max(200, eventMessageTexts.subjectTooLong),
    body: z.string().trim().min(1, eventMessageTexts.bodyRequired).max(10_000, eventMessageTexts.bodyTooLong),
  })
  .superRefine(requireAudienceChoice);
export type EventMessageInput = z.infer<typeof eventMessageInput>;

export const messagePreview = z.object({
  recipientCount: z.number(),
  /** The first names of the first recipients by name, at most previewNamesShown. */
  firstNames: z.array(z.string()),
});
export type MessagePreview = z.infer<typeof messagePreview>;

export const eventMessageRow = z.object({
  id: z.uuid(),
  subject: z.string(),
  body: z.string(),
  /** Who it went to, as staff read it: "Ticket holders", "Applicants: Accepted", "Section: Morning Writing". */
  audienceLabel: z.string(),
  sentBy: z.string(),
  sentAt: z.string(),
  recipientCount: z.number(),
  /** Counted from the message's outbox rows: mails sent (or held for the development mailbox). */
  delivered: z.number(),
  /** Mails whose delivery job gave up after its last attempt. */
  failed: z.number(),
  pending: z.number(),
});
export type EventMessageRow = z.infer<typeof eventMessageRow>;

export const eventMessageQuery = pageQuery;
export const eventMessagePage = paginated(eventMessageRow);
export type EventMessagePage = z.infer<typeof eventMessagePage>;

/** The label of a message's audience, with the section's title when it names one. */
export function audienceLabel(
  audience: MessageAudience,
  applicationStatus: ApplicationStatus | null,
  sectionTitle: string | null,
): string {
  if (audience === 'APPLICANTS' && applicationStatus)
    return `Applicants: ${applicationStatusLabels[applicationStatus]}`;
  if (audience === 'SECTION' && sectionTitle) return `Section: ${sectionTitle}`;
  return messageAudienceLabels[audience];
}
