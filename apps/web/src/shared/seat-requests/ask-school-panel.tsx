import { Alert, Button, Group, Modal, NativeSelect, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import type { CatalogueEventDetail } from '@portal/domain/events/catalogue.ts';
import { seatRequestTexts } from '@portal/domain/tickets/seat-requests.ts';
import { isApiError } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/current-user.ts';
import { notifyError } from '../../lib/errors.ts';
import { WaitingListPanel } from '../waiting-lists/waiting-list-panel.tsx';
import { useAskForSeat } from './queries.ts';

function sectionsOf(event: CatalogueEventDetail) {
  return event.paths.flatMap((path) =>
    path.groupings.flatMap((grouping) =>
      grouping.sections.map((section) => ({ value: section.id, label: `${grouping.name}: ${section.title}` })),
    ),
  );
}

/**
 * On an event a member of a school may buy for, "Ask my school" instead: the school (when she belongs to
 * several), the section (when the event has them) and a note go to its owner and admins. A section the
 * server finds full (and the school holds no ticket for) turns the dialog into its waiting list.
 */
export function AskSchoolPanel({ event }: { event: CatalogueEventDetail }) {
  const user = useCurrentUser();
  const organizations = [
    ...new Map((user?.memberships ?? []).map((m) => [m.organizationId, m.organizationName])).entries(),
  ];
  const sections = sectionsOf(event);
  const [opened, setOpened] = useState(false);
  const [organizationId, setOrganizationId] = useState(organizations.length === 1 ? organizations[0]?.[0] : '');
  const [sectionId, setSectionId] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The section the server answered full for (null: the event counted whole); undefined while none is.
  const [full, setFull] = useState<string | null | undefined>(undefined);
  const ask = useAskForSeat();
  if (organizations.length === 0 || event.acceptsApplications || !event.purchaseOpen) return null;

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    const missing: Record<string, string> = {};
    if (!organizationId) missing.organizationId = 'Choose your school';
    if (sections.length > 0 && !sectionId) missing.sectionId = seatRequestTexts.sectionRequired;
    setErrors(missing);
    if (Object.keys(missing).length > 0 || !organizationId) return;
    ask.mutate(
      { eventId: event.id, organizationId, sectionId: sectionId || null, note },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: seatRequestTexts.sent });
          setOpened(false);
          setNote('');
        },
        onError: (failure) => {
          if (isApiError(failure, 409) && failure.problem.detail === seatRequestTexts.sectionFull) {
            setFull(sectionId || null);
            return;
          }
          notifyError(failure);
          if (isApiError(failure) && failure.problem.errors) setErrors(failure.problem.errors);
        },
      },
    );
  };

  const close = () => {
    setOpened(false);
    setFull(undefined);
  };
  const fullLabel = sections.find((section) => section.value === full)?.label ?? event.name;

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="ask-school-heading">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h3" id="ask-school-heading">
          Ask your school
        </Title>
        <Text size="sm">Rather than buying a ticket, ask your school to give you one of its tickets.</Text>
        <Button variant="light" onClick={() => setOpened(true)}>
          {seatRequestTexts.ask}
        </Button>
      </Stack>
      <Modal opened={opened} onClose={close} title={`${seatRequestTexts.ask}: ${event.name}`}>
        {full !== undefined ? (
          <Stack gap="sm">
            <Alert color="yellow" variant="light">
              <Text size="sm" fw={700}>
                {fullLabel} is full
              </Text>
              <Text size="sm">{seatRequestTexts.sectionFull}</Text>
            </Alert>
            <WaitingListPanel
              eventId={event.id}
              sectionId={full}
              itemName={fullLabel}
              ticketTypes={event.ticketTypes}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Done
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              {organizations.length > 1 ? (
                <NativeSelect
                  label="School"
                  required
                  data={[
                    { value: '', label: 'Choose your school' },
                    ...organizations.map(([value, label]) => ({ value, label })),
                  ]}
                  value={organizationId}
                  onChange={(e) => setOrganizationId(e.currentTarget.value)}
                  error={errors.organizationId}
                />
              ) : (
                <Text size="sm">
                  School: <strong>{organizations[0]?.[1]}</strong>
                </Text>
              )}
              {sections.length > 0 ? (
                <NativeSelect
                  label="Section"
                  required
                  data={[{ value: '', label: 'Choose a section' }, ...sections]}
                  value={sectionId}
                  onChange={(e) => setSectionId(e.currentTarget.value)}
                  error={errors.sectionId}
                />
              ) : null}
              <Textarea
                label={seatRequestTexts.noteLabel}
                value={note}
                maxLength={1000}
                autosize
                minRows={2}
                onChange={(e) => setNote(e.currentTarget.value)}
                error={errors.note}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" loading={ask.isPending}>
                  Send request
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
    </Paper>
  );
}
