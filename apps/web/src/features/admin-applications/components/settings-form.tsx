import '@mantine/core/styles/Switch.css';
import { Button, Group, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { staffApplicationMessages, type ApplicationSettingsReply } from '@portal/domain/applications/contracts.ts';
import { formatCents } from '@portal/domain/money.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useSaveApplicationSettings } from '../api/application-settings.ts';
import { paymentMethodLabels } from './labels.ts';
import {
  newPaymentOption,
  settingsInputOf,
  settingsValuesOf,
  validateSettings,
  type SettingsFormValues,
} from './settings-values.ts';

const methodOptions = (['CARD', 'PURCHASE_ORDER'] as const).map((method) => ({
  value: method,
  label: paymentMethodLabels[method],
}));

/** Whether the event takes applications, what applicants pay and how long they have, and how they may pay. */
export function SettingsForm({ eventId, settings }: { eventId: string; settings: ApplicationSettingsReply }) {
  const save = useSaveApplicationSettings(eventId);
  const form = useForm<SettingsFormValues>({ initialValues: settingsValuesOf(settings), validate: validateSettings });

  const ticketTypeOptions = settings.ticketTypes.map((ticketType) => ({
    value: ticketType.id,
    label: `${ticketType.name} · ${formatCents(ticketType.priceCents)}`,
  }));

  const submit = form.onSubmit((values) => {
    save.mutate(settingsInputOf(values), {
      onSuccess: (reply) => {
        notifications.show({ color: 'green', message: staffApplicationMessages.settingsSaved });
        // New payment options come back with their ids: the next save must send them, or they would be added twice.
        const saved = settingsValuesOf(reply);
        form.setInitialValues(saved);
        form.setValues(saved);
      },
      onError: (error) => showSubmitError(form, error),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Application settings">
      <Stack gap="md">
        <Switch
          label="Accepts applications"
          description="Members see an Apply button on the event"
          {...form.getInputProps('acceptsApplications', { type: 'checkbox' })}
        />
        <Group align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <Select
            label="Ticket type"
            description={
              ticketTypeOptions.length === 0
                ? 'Add a ticket type to the event first'
                : 'Accepted applicants pay its price'
            }
            placeholder="None"
            clearable
            data={ticketTypeOptions}
            miw={260}
            {...form.getInputProps('ticketTypeId')}
          />
          <NumberInput
            label="Payment due days"
            description="Days an accepted applicant has to pay; empty for none"
            allowDecimal={false}
            allowNegative={false}
            min={0}
            max={365}
            miw={220}
            {...form.getInputProps('dueDays')}
          />
        </Group>
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={500} size="sm">
            Payment options
          </Text>
          {form.values.paymentOptions.length === 0 ? (
            <Text size="sm">No payment options: applicants are not asked how they pay.</Text>
          ) : null}
          {form.values.paymentOptions.map((option, index) => (
            <Group key={option.key} align="flex-start" wrap="wrap">
              <TextInput
                label={`Label of payment option ${index + 1}`}
                placeholder="e.g. Credit Card"
                withAsterisk
                w={260}
                {...form.getInputProps(`paymentOptions.${index}.label`)}
              />
              <Select
                label={`Method of payment option ${index + 1}`}
                allowDeselect={false}
                data={methodOptions}
                w={200}
                {...form.getInputProps(`paymentOptions.${index}.method`)}
              />
              <Button
                variant="outline"
                color="red.9"
                mt={25}
                aria-label={`Remove payment option ${index + 1}`}
                onClick={() => form.removeListItem('paymentOptions', index)}
              >
                Remove
              </Button>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              size="xs"
              disabled={form.values.paymentOptions.length >= 10}
              onClick={() => form.insertListItem('paymentOptions', newPaymentOption())}
            >
              Add payment option
            </Button>
          </Group>
        </Stack>
        <Group justify="flex-end">
          <Button type="button" variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
            Undo changes
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
