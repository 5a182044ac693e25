import { Button, Checkbox, Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import {
  maxDaysBefore,
  paymentDueSoonDays,
  reminderTexts,
  unallocatedDaysBefore,
  type ReminderSettings,
} from '@portal/domain/events/reminders.ts';
import { isApiError } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/errors.ts';
import { useSaveReminderSettings } from '../api/reminders.ts';

/** Staff turn each reminder on or off for the event and choose how many days before each day it leaves. */
export function ReminderSettingsForm({ eventId, settings }: { eventId: string; settings: ReminderSettings }) {
  const [values, setValues] = useState({ ...settings, onlineUrl: settings.onlineUrl ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveReminderSettings(eventId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { ...values, onlineUrl: values.onlineUrl.trim() === '' ? null : values.onlineUrl.trim() },
      {
        onSuccess: () => {
          setErrors({});
          notifications.show({ color: 'green', message: reminderTexts.saved });
        },
        onError: (failure) => {
          notifyError(failure);
          if (isApiError(failure) && failure.problem.errors) setErrors(failure.problem.errors);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={560}>
        <Checkbox
          label="Remind ticket holders before each event day"
          checked={values.dayReminders}
          onChange={(e) => setValues({ ...values, dayReminders: e.currentTarget.checked })}
        />
        <NumberInput
          label="Days before each event day"
          description={`At 8 AM, 0 to ${maxDaysBefore} days before (0: the morning of the day)`}
          min={0}
          max={maxDaysBefore}
          allowDecimal={false}
          value={values.daysBefore}
          onChange={(value) => setValues({ ...values, daysBefore: typeof value === 'number' ? value : 0 })}
          error={errors.daysBefore}
          disabled={!values.dayReminders}
          maw={240}
        />
        <TextInput
          label="Online link (optional)"
          description="Sent with the day reminders of an event held online"
          placeholder="https://"
          value={values.onlineUrl}
          onChange={(e) => setValues({ ...values, onlineUrl: e.currentTarget.value })}
          error={errors.onlineUrl}
        />
        <Checkbox
          label={`Remind accepted applicants ${paymentDueSoonDays} days before their payment is due`}
          checked={values.paymentReminders}
          onChange={(e) => setValues({ ...values, paymentReminders: e.currentTarget.checked })}
        />
        <Checkbox
          label={`Remind owners of unassigned tickets ${unallocatedDaysBefore} days before the event`}
          checked={values.unallocatedReminders}
          onChange={(e) => setValues({ ...values, unallocatedReminders: e.currentTarget.checked })}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save reminders
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
