import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { staffEventMessages } from '@portal/domain/events/admin-contracts.ts';
import { notifyError } from '../../../lib/errors.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useCreateEvent } from '../api/events.ts';
import { EventFields } from './event-fields.tsx';
import type { Bind } from './part-form.tsx';
import {
  emptyNewEventValues,
  eventInputOf,
  ticketTypeInputOf,
  validateNewEvent,
  type EventFormValues,
  type NewEventFormValues,
} from './form-values.ts';

/** "New event": the event and its first ticket type; once created, its editor opens. */
export function NewEventForm({ onCancel }: { onCancel: () => void }) {
  const create = useCreateEvent();
  const navigate = useNavigate();
  const form = useForm<NewEventFormValues>({ initialValues: emptyNewEventValues, validate: validateNewEvent });
  const bind: Bind<EventFormValues> = (field, options) => form.getInputProps(field, options);

  const submit = form.onSubmit((values) => {
    create.mutate(
      {
        event: eventInputOf(values),
        ticketType: ticketTypeInputOf({ name: values.ticketTypeName, price: values.ticketPrice }),
      },
      {
        onSuccess: ({ id, ticketTypeError }) => {
          notifications.show({ color: 'green', message: staffEventMessages.created });
          if (ticketTypeError) notifyError(ticketTypeError);
          void navigate(`/admin/events/${id}`);
        },
        onError: (error) => showSubmitError(form, error),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="New event">
      <Stack gap="md">
        <EventFields bind={bind} />
        <Title order={3} size="h4">
          First ticket type
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Ticket type name" withAsterisk {...form.getInputProps('ticketTypeName')} />
          <TextInput
            label="Ticket price"
            description="In dollars, e.g. 149.00"
            leftSection="$"
            withAsterisk
            inputMode="decimal"
            {...form.getInputProps('ticketPrice')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create event
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
