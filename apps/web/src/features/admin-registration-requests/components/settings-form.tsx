import { Button, Group, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { dollarsToCents } from '@portal/domain/money.ts';
import {
  groupRegistrationSettingsInput,
  registrationRequestMessages as messages,
  type GroupRegistrationSettings,
} from '@portal/domain/registrations/requests.ts';
import { isApiError } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/errors.ts';
import { useSaveSettings } from '../api/registration.ts';

type Field = 'attendeeCost' | 'paidSeatsRequiredForOffer' | 'freeSeatsInOffer';
const countOf = (value: number | string) => (value === '' ? null : Number(value));

/** Whether members may request seats, what a seat costs (typed in dollars, sent in cents) and the free-seat offer. */
export function SettingsForm({ eventId, settings }: { eventId: string; settings: GroupRegistrationSettings }) {
  const save = useSaveSettings(eventId);
  const [open, setOpen] = useState(settings.open);
  const [cost, setCost] = useState((settings.attendeeCost / 100).toFixed(2));
  const [paid, setPaid] = useState<number | string>(settings.paidSeatsRequiredForOffer ?? '');
  const [free, setFree] = useState<number | string>(settings.freeSeatsInOffer ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const attendeeCost = dollarsToCents(cost);
    const parsed = groupRegistrationSettingsInput.safeParse({
      open,
      attendeeCost: attendeeCost ?? Number.NaN,
      paidSeatsRequiredForOffer: countOf(paid),
      freeSeatsInOffer: countOf(free),
    });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      if (attendeeCost === null) found.attendeeCost = 'Enter an amount in dollars, such as 125.00';
      setErrors(found);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => notifications.show({ color: 'green', message: messages.settingsSaved }),
      onError: (error) => {
        if (isApiError(error) && error.problem.errors) setErrors(error.problem.errors);
        else notifyError(error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Group registration settings">
      <Stack gap="sm" maw={420}>
        <Switch
          label="Open to group registration ('Request seats' on the event's page)"
          checked={open}
          onChange={(e) => setOpen(e.currentTarget.checked)}
        />
        <TextInput
          label="Attendee cost (per seat, in dollars)"
          value={cost}
          onChange={(e) => {
            setCost(e.currentTarget.value);
            setErrors(({ attendeeCost: _cleared, ...rest }) => rest);
          }}
          error={errors.attendeeCost}
          inputMode="decimal"
        />
        <NumberInput
          label="Paid seats required for the offer"
          description="Free seats start once a request has more seats than this. Leave both offer fields empty for no offer."
          min={1}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          value={paid}
          onChange={(value) => {
            setPaid(value);
            setErrors(({ paidSeatsRequiredForOffer: _cleared, ...rest }) => rest);
          }}
          error={errors.paidSeatsRequiredForOffer}
        />
        <NumberInput
          label="Free seats in the offer"
          min={1}
          max={100}
          allowDecimal={false}
          allowNegative={false}
          value={free}
          onChange={(value) => {
            setFree(value);
            setErrors(({ freeSeatsInOffer: _cleared, ...rest }) => rest);
          }}
          error={errors.freeSeatsInOffer}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
