import { Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { couponTypes } from '@portal/domain/commerce/enums.ts';
import { staffEventMessages, type CouponRow } from '@portal/domain/events/admin-contracts.ts';
import { isApiError } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/errors.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { useSaveCoupon } from '../api/coupons.ts';
import { adminEventsQuery } from '../api/events.ts';
import {
  couponBodyOf,
  couponFieldOf,
  couponValuesOf,
  emptyCouponValues,
  validateCoupon,
  type CouponFormValues,
} from './coupon-values.ts';
import { couponTypeLabels } from './labels.ts';

const typeOptions = couponTypes.map((type) => ({ value: type, label: couponTypeLabels[type] }));
/** "The limit cannot be below the " — the start of every couponMaxUsesBelowUsed message. */
const maxUsesBelowUsed = staffEventMessages.couponMaxUsesBelowUsed(0).split('0')[0] ?? '';

/** Where a refused save belongs: a taken code on the code field, a limit below the uses on its field. */
function fieldErrorsOf(error: unknown): Partial<Record<keyof CouponFormValues, string>> | null {
  if (!isApiError(error)) return null;
  const { detail, errors } = error.problem;
  if (error.status === 409 && detail === staffEventMessages.couponCodeTaken) return { code: detail };
  if (error.status === 409 && detail?.startsWith(maxUsesBelowUsed)) return { maxUses: detail };
  if (!errors) return null;
  const onFields = Object.fromEntries(
    Object.entries(errors).flatMap(([path, message]) => {
      const field = couponFieldOf[path.split('.')[0] ?? path];
      return field ? [[field, message]] : [];
    }),
  );
  return Object.keys(onFields).length > 0 ? onFields : null;
}

/** A new coupon (coupon null) or an existing one; the amount is typed in dollars and sent in cents. */
export function CouponForm({ coupon, onDone }: { coupon: CouponRow | null; onDone: () => void }) {
  const save = useSaveCoupon();
  const timeZone = useProviderTimeZone();
  const events = useQuery(adminEventsQuery({ search: '', page: 1 }, 100));
  const form = useForm<CouponFormValues>({
    initialValues: coupon ? couponValuesOf(coupon, timeZone) : emptyCouponValues,
    validate: (values) => validateCoupon(values, timeZone),
  });

  const eventOptions = (events.data?.items ?? []).map((event) => ({ value: event.id, label: event.name }));
  // The coupon's own event stays choosable even when it is not among the events read.
  if (coupon?.eventId && coupon.eventName && !eventOptions.some((option) => option.value === coupon.eventId)) {
    eventOptions.unshift({ value: coupon.eventId, label: coupon.eventName });
  }

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: coupon?.id ?? null, body: couponBodyOf(values, timeZone) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: staffEventMessages.couponSaved });
          onDone();
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          if (fields) form.setErrors(fields);
          else notifyError(error);
        },
      },
    );
  });

  const fixed = form.values.type === 'FIXED';
  return (
    <form onSubmit={submit} noValidate aria-label={coupon ? `Coupon ${coupon.code}` : 'New coupon'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Code"
            description="Letters, digits, - and _"
            withAsterisk
            data-autofocus
            {...form.getInputProps('code')}
          />
          <Select label="Type" withAsterisk allowDeselect={false} data={typeOptions} {...form.getInputProps('type')} />
          {fixed ? (
            <TextInput
              label="Amount"
              description="In dollars, e.g. 25.00"
              leftSection="$"
              withAsterisk
              inputMode="decimal"
              {...form.getInputProps('amount')}
            />
          ) : (
            <TextInput
              label="Percentage"
              description="1 to 100"
              rightSection="%"
              withAsterisk
              inputMode="numeric"
              {...form.getInputProps('percentage')}
            />
          )}
          <TextInput
            label="Maximum uses"
            description="Empty for no limit"
            inputMode="numeric"
            {...form.getInputProps('maxUses')}
          />
          <TextInput
            label="Valid from"
            description="MM/DD/YYYY; empty for now"
            placeholder="MM/DD/YYYY"
            inputMode="numeric"
            {...form.getInputProps('validFrom')}
          />
          <TextInput
            label="Valid until"
            description="MM/DD/YYYY, through that day; empty for no end"
            placeholder="MM/DD/YYYY"
            inputMode="numeric"
            {...form.getInputProps('validUntil')}
          />
          <Select
            label="Event"
            description={events.isError ? 'The events could not be loaded' : 'Empty for every event'}
            placeholder="Every event"
            searchable
            clearable
            nothingFoundMessage="No such event"
            data={eventOptions}
            {...form.getInputProps('eventId')}
          />
        </SimpleGrid>
        <Checkbox
          label="Active"
          description="Members can apply it"
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save coupon
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
