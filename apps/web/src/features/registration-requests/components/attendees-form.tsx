import { Alert, Badge, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { pastedListMessages } from '@portal/domain/people/pasted-list.ts';
import {
  attendeeProblems,
  registrationRequestMessages as messages,
  type RegistrationRequestDetail,
} from '@portal/domain/registrations/requests.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import {
  LazyPasteListModal,
  preloadPasteList,
  type SeatedPerson,
} from '../../../shared/pasted-list/lazy-paste-list-modal.tsx';
import { useSaveAttendees, type AttendeeName } from '../api/requests.ts';

/** The seats' emails as saved (an empty seat is ''). */
const emailsOf = (detail: RegistrationRequestDetail) => detail.seats.map((seat) => seat.attendee?.email ?? '');

/** Per-seat messages from the server's `emails.N` fields. */
function serverSeatErrors(error: unknown): Record<number, string> {
  if (!isApiError(error) || !error.problem.errors) return {};
  return Object.fromEntries(
    Object.entries(error.problem.errors).flatMap(([field, message]) => {
      const match = /^emails\.(\d+)$/.exec(field);
      return match ? [[Number(match[1]), message]] : [];
    }),
  );
}

/**
 * One attendee email per seat (events.md §5): Save needs every seat filled ('Please fill all the
 * seats'), a valid email on each and no email twice; the server checks the same again.
 */
export function AttendeesForm({ detail }: { detail: RegistrationRequestDetail }) {
  const save = useSaveAttendees(detail.id);
  const [emails, setEmails] = useState<string[]>(() => emailsOf(detail));
  const [formError, setFormError] = useState<string | null>(null);
  const [seatErrors, setSeatErrors] = useState<Record<number, string>>({});
  const [pasting, setPasting] = useState(false);
  // Names a pasted list gave, by email: the server names people who have no account yet with them.
  const [names, setNames] = useState<Map<string, AttendeeName>>(() => new Map());
  const editable = detail.abilities.assignAttendees;
  // The seats follow the request when its number of seats changes.
  const values = detail.seats.map((_, index) => emails[index] ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = attendeeProblems(values);
    setFormError(problems.form);
    setSeatErrors(problems.seats);
    if (problems.form || Object.keys(problems.seats).length > 0) return;
    const listed = values.flatMap((email) => names.get(email.trim().toLowerCase()) ?? []);
    save.mutate(listed.length > 0 ? { emails: values, names: listed } : { emails: values }, {
      onSuccess: (saved) => {
        setEmails(emailsOf(saved));
        notifications.show({ color: 'green', message: messages.attendeesSaved });
      },
      onError: (error) => {
        const onSeats = serverSeatErrors(error);
        setSeatErrors(onSeats);
        setFormError(Object.keys(onSeats).length > 0 && isApiError(error) ? (error.problem.detail ?? null) : null);
        if (Object.keys(onSeats).length === 0) notifications.show({ color: 'red', message: errorMessage(error) });
      },
    });
  };

  const fillFromList = (people: SeatedPerson[]) => {
    const bySeat = new Map(people.map((person) => [person.seat, person.email]));
    setEmails(detail.seats.map((_, i) => bySeat.get(i) ?? values[i] ?? ''));
    setNames((current) => {
      const next = new Map(current);
      for (const person of people)
        if (person.firstName || person.lastName)
          next.set(person.email, { email: person.email, firstName: person.firstName, lastName: person.lastName });
      return next;
    });
    setSeatErrors({});
    setFormError(null);
    return true;
  };

  return (
    <Stack component="section" gap="sm" aria-labelledby="attendees-heading">
      <Title order={2} size="h3" id="attendees-heading">
        Seats and attendees
      </Title>
      <form onSubmit={submit} noValidate aria-label="Attendees">
        <Stack gap="sm">
          {formError ? (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          ) : null}
          {detail.seats.map((seat, index) => (
            <Group key={seat.position} align="flex-end" gap="sm" wrap="nowrap">
              <TextInput
                label={`Seat ${seat.position} attendee email`}
                type="email"
                value={values[index] ?? ''}
                onChange={(changed) => {
                  const value = changed.currentTarget.value;
                  setEmails((current) => detail.seats.map((_, i) => (i === index ? value : (current[i] ?? ''))));
                  setSeatErrors(({ [index]: _cleared, ...rest }) => rest);
                  setFormError(null);
                }}
                error={seatErrors[index]}
                disabled={!editable}
                maxLength={254}
                style={{ flex: 1, minWidth: 0 }}
                description={seat.attendee?.isPending ? 'Invited: no account yet' : undefined}
              />
              {seat.free ? (
                <Badge color="green" variant="light" c="dark" mb="xs">
                  Free seat
                </Badge>
              ) : null}
            </Group>
          ))}
          {editable ? (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save attendees
              </Button>
              <Button variant="default" onClick={() => setPasting(true)} {...preloadPasteList}>
                {pastedListMessages.paste}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
      {editable ? (
        <LazyPasteListModal
          opened={pasting}
          onClose={() => setPasting(false)}
          freeSeats={values.flatMap((email, index) => (email.trim() === '' ? [index] : []))}
          taken={values}
          seatLabel={(index) => `Seat ${index + 1}`}
          onConfirm={fillFromList}
        />
      ) : null}
    </Stack>
  );
}
