import { Button, Group, Stack } from '@mantine/core';
import { useForm, type GetInputPropsReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { staffEventMessages } from '@portal/domain/events/admin-contracts.ts';
import { isApiError } from '../../../lib/api.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useEventChange, type EventChange } from '../api/events.ts';

export type Bind<V> = (field: keyof V & string, options?: { type: 'checkbox' }) => GetInputPropsReturnType;

/** "Capacity cannot be below the " — the start of every capacityBelowSold message. */
const capacityBelowSold = staffEventMessages.capacityBelowSold(0).split('0')[0] ?? '';

interface FormWithErrors {
  setErrors: (errors: Record<string, string>) => void;
  getValues: () => object;
}

/**
 * A refused save: a capacity below what is already sold (409) belongs to the capacity field;
 * per-field problems go onto their fields; anything else (409 inUse) is a toast with the server's detail.
 */
export function showEventSaveError(form: FormWithErrors, error: unknown): void {
  const detail = isApiError(error, 409) ? error.problem.detail : undefined;
  if (detail?.startsWith(capacityBelowSold) && 'maxTickets' in form.getValues()) {
    form.setErrors({ maxTickets: detail });
    return;
  }
  showSubmitError(form, error);
}

interface PartFormProps<V> {
  /** The form's accessible name: "Ticket type", "Section". */
  label: string;
  eventId: string;
  initialValues: V;
  validate: (values: V) => Record<string, string>;
  /** The call that saves these values. */
  toChange: (values: V) => EventChange;
  onDone: () => void;
  children: (bind: Bind<V>) => ReactNode;
}

/** The form of one part of an event (ticket type, path, grouping, section), shown in a modal. */
export function PartForm<V extends object>({
  label,
  eventId,
  initialValues,
  validate,
  toChange,
  onDone,
  children,
}: PartFormProps<V>) {
  const change = useEventChange(eventId);
  const form = useForm<V>({ initialValues, validate });
  const bind: Bind<V> = (field, options) => form.getInputProps(field, options);

  const submit = form.onSubmit((values) => {
    change.mutate(toChange(values), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: staffEventMessages.saved });
        onDone();
      },
      onError: (error) => showEventSaveError(form, error),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        {children(bind)}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
