import {
  audienceLabel,
  eventMessageTexts,
  previewNamesShown,
  type EventMessageInput,
  type EventMessagePage,
  type EventMessageRow,
  type MessagePreview,
  type MessageRecipientsInput,
} from '@portal/domain/events/event-messages.ts';
import { displayName } from '@portal/domain/people/names.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { findEventName, findSection } from '../../core/event-structure.ts';
import { writeOncePerKey, type IdempotentRequest } from '../../platform/idempotency.ts';
import { queueMails } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  findSentMessage,
  insertMessage,
  insertRecipients,
  messagePage,
  previewRecipients,
  recipients,
  type Audience,
} from './repository.ts';

const eventNotFound = () => notFound('No such event.');

/** The input's audience checked against the event: its section must be one of the event's. */
async function audienceOf(
  db: Executor,
  eventId: string,
  input: MessageRecipientsInput,
): Promise<{ event: { id: string; name: string }; audience: Audience; label: string }> {
  const event = await findEventName(db, eventId);
  if (!event) throw eventNotFound();
  if (input.audience === 'SECTION' && input.sectionId !== null) {
    const section = await findSection(db, eventId, input.sectionId);
    if (!section) throw badRequest(eventMessageTexts.sectionUnknown, { sectionId: eventMessageTexts.sectionUnknown });
    return {
      event,
      audience: { audience: 'SECTION', sectionId: section.id },
      label: audienceLabel('SECTION', null, section.title),
    };
  }
  if (input.audience === 'APPLICANTS' && input.applicationStatus !== null) {
    return {
      event,
      audience: { audience: 'APPLICANTS', applicationStatus: input.applicationStatus },
      label: audienceLabel('APPLICANTS', input.applicationStatus, null),
    };
  }
  return { event, audience: { audience: 'HOLDERS' }, label: audienceLabel('HOLDERS', null, null) };
}

/** POST /api/admin/events/:eventId/messages/preview: how many would receive the message, and who by first name. */
export async function previewMessage(
  deps: AppDeps,
  eventId: string,
  input: MessageRecipientsInput,
): Promise<MessagePreview> {
  const { audience } = await audienceOf(deps.db, eventId, input);
  return previewRecipients(deps.db, eventId, audience, previewNamesShown);
}

function messageText(firstName: string, body: string, eventName: string): string {
  return [
    `Hello ${firstName},`,
    '',
    body,
    '',
    '--',
    `You receive this message from the provider's staff about ${eventName}.`,
  ].join('\n');
}

async function messageRow(deps: AppDeps, eventId: string, messageId: string): Promise<EventMessageRow> {
  const { rows } = await messagePage(deps.db, eventId, { limit: 1, offset: 0, messageId });
  const [row] = rows.map(present);
  if (!row) throw eventNotFound();
  return row;
}

/**
 * POST /api/admin/events/:eventId/messages: one mail per recipient queued through the outbox with the
 * message's rows, in one transaction. The Idempotency-Key makes a double click or a replay answer the
 * message already sent; the same key with another request is refused (422).
 */
export async function sendMessage(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  input: EventMessageInput,
  idempotency: IdempotentRequest,
): Promise<EventMessageRow> {
  return writeOncePerKey({
    request: idempotency,
    made: () => findSentMessage(deps.db, auth.user.id, idempotency.key),
    replay: (sent) => messageRow(deps, sent.eventId, sent.id),
    write: () =>
      deps.db.transaction(async (tx) => {
        const { event, audience, label } = await audienceOf(tx, eventId, input);
        const people = await recipients(tx, eventId, audience);
        if (people.length === 0) throw badRequest(eventMessageTexts.noRecipients);
        const id = await insertMessage(tx, {
          eventId,
          audience: input.audience,
          applicationStatus: audience.audience === 'APPLICANTS' ? audience.applicationStatus : null,
          sectionId: audience.audience === 'SECTION' ? audience.sectionId : null,
          audienceLabel: label,
          subject: input.subject,
          body: input.body,
          recipientCount: people.length,
          sentById: auth.user.id,
          idempotencyKey: idempotency.key,
          idempotencyFingerprint: idempotency.fingerprint,
          createdAt: deps.clock(),
        });
        const mails = await queueMails(tx, people, (person) => ({
          to: person.email,
          subject: input.subject,
          text: messageText(person.firstName, input.body, event.name),
        }));
        await insertRecipients(
          tx,
          mails.map(({ item, mailId }) => ({ messageId: id, userId: item.id, mailId })),
        );
        await audit(tx, {
          ...actorOf(auth),
          action: 'event.message.sent',
          subjectType: 'event',
          subjectId: eventId,
          data: { messageId: id, recipients: people.length },
        });
        return id;
      }),
    answer: (messageId) => messageRow(deps, eventId, messageId),
    // Two requests with one key raced: the loser hit the unique index and answers the winner's message.
    mayBeRace: (error) => violatedUniqueIndex(error) === 'event_messages_idempotency',
  });
}

function present(row: Awaited<ReturnType<typeof messagePage>>['rows'][number]): EventMessageRow {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    audienceLabel: row.audienceLabel,
    sentBy: displayName({ firstName: row.senderFirstName, lastName: row.senderLastName }),
    sentAt: row.createdAt.toISOString(),
    recipientCount: row.recipientCount,
    delivered: row.delivered,
    failed: row.failed,
    pending: row.recipientCount - row.delivered - row.failed,
  };
}

/** GET /api/admin/events/:eventId/messages: the event's messages, newest first, with their delivery. */
export async function listMessages(
  deps: AppDeps,
  eventId: string,
  query: { page: number; pageSize: number },
): Promise<EventMessagePage> {
  if (!(await findEventName(deps.db, eventId))) throw eventNotFound();
  const { rows, total } = await messagePage(deps.db, eventId, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(present), page: query.page, pageSize: query.pageSize, total };
}
