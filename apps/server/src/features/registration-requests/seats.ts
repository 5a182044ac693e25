import {
  attendeeProblems,
  registrationRequestMessages as messages,
  requestAbilities,
  type RegistrationRequestDetail,
  type SaveAttendeesInput,
} from '@portal/domain/registrations/requests.ts';
import type { AppDeps } from '../../app-deps.ts';
import { personByEmailOrNew } from '../../core/assignable-users.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { attendeeMail } from './mails.ts';
import {
  groupSettings,
  insertSimplifiedApplication,
  nameOfUser,
  replaceSeats,
  requestedParts,
  seatsOf,
  updateRequest,
  usersByEmail,
  usersWithApplication,
  voidSimplifiedApplications,
} from './repository.ts';
import { cancelOpenPayment, detailOf, requirePriceChangeable, withOwnRequest } from './service.ts';

/**
 * A registration request's seats (events.md §2 'Registration requests', §5): how many, and who sits
 * on each — an attendee gets a simplified application to the event, and loses it with the seat.
 */

/**
 * PUT /api/event-registration-requests/:id/seats. Allowed until paid (409 after, and while a purchase
 * order is under review). Attendees on seats past the new number lose them.
 */
export async function updateSeats(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
  seatsRequested: number,
): Promise<RegistrationRequestDetail> {
  const now = deps.clock();
  return withOwnRequest(deps, auth, requestId, async (tx, request) => {
    const payment = await requirePriceChangeable(tx, request);
    if (seatsRequested !== request.seatsRequested) {
      await cancelOpenPayment(tx, auth, payment, request.id, now);
      const seats = await seatsOf(tx, request.id);
      const kept = seats.filter((seat) => seat.position <= seatsRequested);
      const dropped = seats.filter((seat) => seat.position > seatsRequested);
      if (dropped.length > 0) {
        await replaceSeats(tx, request.id, kept);
        await voidSimplifiedApplications(
          tx,
          dropped.flatMap((seat) => (seat.applicationId ? [seat.applicationId] : [])),
          now,
        );
      }
      await updateRequest(tx, request.id, { seatsRequested });
      await audit(tx, {
        ...actorOf(auth),
        action: 'registration-request.seats',
        subjectType: 'event_registration_request',
        subjectId: request.id,
        data: { from: request.seatsRequested, to: seatsRequested },
      });
    }
    return detailOf(tx, request.id, auth.user.id);
  });
}

/**
 * PUT /api/event-registration-requests/:id/attendees: one email per seat (§5). A person without an
 * account gets one without a password and an invitation mail; each new attendee gets a simplified
 * application with the requested sections and groupings; an attendee who lost their seat has theirs
 * voided. Someone already applying to the event is refused on their seat.
 */
export async function saveAttendees(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
  input: SaveAttendeesInput,
): Promise<RegistrationRequestDetail> {
  try {
    return await writeAttendees(deps, auth, requestId, input);
  } catch (error) {
    // Another request (or the attendee) started an application to the event meanwhile: the database's
    // one-open-application index decided.
    if (violatedUniqueIndex(error) === 'event_applications_one_open') throw badRequest(messages.alreadyApplied);
    throw error;
  }
}

async function writeAttendees(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
  input: SaveAttendeesInput,
): Promise<RegistrationRequestDetail> {
  const now = deps.clock();
  const namesByEmail = new Map((input.names ?? []).map((name) => [name.email, name]));
  return withOwnRequest(deps, auth, requestId, async (tx, request) => {
    if (!requestAbilities({ status: request.status, paymentStatus: null }).assignAttendees)
      throw conflict(messages.isCancelled);
    const emails = input.emails.map((email) => email.trim().toLowerCase());
    const padded = Array.from({ length: request.seatsRequested }, (_, index) => emails[index] ?? '');
    const problems = attendeeProblems(padded);
    const errors = Object.fromEntries(
      Object.entries(problems.seats).map(([index, message]) => [`emails.${index}`, message]),
    );
    if (emails.length > request.seatsRequested) errors.emails = messages.seatsRange;
    if (problems.form !== null || Object.keys(errors).length > 0)
      throw badRequest(problems.form ?? 'Please correct the highlighted seats.', errors);

    const current = await seatsOf(tx, request.id);
    const currentByEmail = new Map(current.map((seat) => [seat.email.toLowerCase(), seat]));
    const newcomers = emails.filter((email) => !currentByEmail.has(email));
    const known = await usersByEmail(tx, newcomers);
    const knownByEmail = new Map(known.map((user) => [user.email.toLowerCase(), user]));
    const applying = await usersWithApplication(
      tx,
      request.eventId,
      known.map((user) => user.id),
    );
    const refused = Object.fromEntries(
      emails.flatMap((email, index) => {
        const user = knownByEmail.get(email);
        return user && applying.has(user.id) ? [[`emails.${index}`, messages.alreadyApplied]] : [];
      }),
    );
    if (Object.keys(refused).length > 0) throw badRequest(messages.alreadyApplied, refused);

    const parts = await requestedParts(tx, request.id);
    const event = await groupSettings(tx, request.eventId);
    const requester = await nameOfUser(tx, auth.user.id);
    const seats = [];
    for (const [index, email] of emails.entries()) {
      const existing = currentByEmail.get(email);
      if (existing) {
        seats.push({ ...existing, position: index + 1 });
        continue;
      }
      const named = namesByEmail.get(email);
      const person =
        knownByEmail.get(email) ??
        (
          await personByEmailOrNew(tx, {
            email,
            firstName: named?.firstName ?? '',
            lastName: named?.lastName ?? '',
          })
        ).person;
      const applicationId = await insertSimplifiedApplication(
        tx,
        { userId: person.id, eventId: request.eventId },
        parts,
      );
      seats.push({ position: index + 1, userId: person.id, email, applicationId });
      await queueMail(
        tx,
        attendeeMail({
          to: person.email,
          firstName: person.firstName,
          newUser: person.passwordHash === null,
          eventName: event?.eventName ?? 'an event',
          requesterName: `${requester?.firstName ?? ''} ${requester?.lastName ?? ''}`.trim(),
          publicUrl: deps.config.publicUrl,
        }),
      );
    }
    const leaving = current.filter((seat) => !emails.includes(seat.email.toLowerCase()));
    await replaceSeats(tx, request.id, seats);
    await voidSimplifiedApplications(
      tx,
      leaving.flatMap((seat) => (seat.applicationId ? [seat.applicationId] : [])),
      now,
    );
    await audit(tx, {
      ...actorOf(auth),
      action: 'registration-request.attendees',
      subjectType: 'event_registration_request',
      subjectId: request.id,
      data: { added: newcomers, removed: leaving.map((seat) => seat.email) },
    });
    return detailOf(tx, request.id, auth.user.id);
  });
}
