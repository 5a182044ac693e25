import { Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { staffEventMessages, type StaffEventDetail } from '@portal/domain/events/admin-contracts.ts';
import { eventChanges, useEventChange } from '../api/events.ts';
import { EventFields } from './event-fields.tsx';
import { eventInputOf, eventValuesOf, validateEvent, type EventFormValues } from './form-values.ts';
import { showEventSaveError, type Bind } from './part-form.tsx';

/** The event's own fields; a capacity below what is sold is refused by the server (409) on the field. */
export function EventEditForm({ event }: { event: StaffEventDetail }) {
  const change = useEventChange(event.id);
  const form = useForm<EventFormValues>({ initialValues: eventValuesOf(event), validate: validateEvent });
  const bind: Bind<EventFormValues> = (field, options) => form.getInputProps(field, options);

  const submit = form.onSubmit((values) => {
    change.mutate(eventChanges.updateEvent(event.id, eventInputOf(values)), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: staffEventMessages.saved });
        form.resetDirty();
      },
      onError: (error) => showEventSaveError(form, error),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Event details">
      <Stack gap="md">
        <EventFields bind={bind} />
        <Group justify="flex-end">
          <Button
            type="button"
            variant="default"
            onClick={() => form.setValues(eventValuesOf(event))}
            disabled={!form.isDirty()}
          >
            Undo changes
          </Button>
          <Button type="submit" loading={change.isPending}>
            Save event
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
