import { Button, FileInput, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { phoneDigits } from '@portal/domain/contact.ts';
import { dollarsToCents, formatCents } from '@portal/domain/money.ts';
import type { EventPaymentReply } from '@portal/domain/commerce/payments.ts';
import type { Profile } from '@portal/domain/people/profile.ts';
import {
  purchaseOrderMessages,
  validatePurchaseOrderForm,
  type PurchaseOrderFormValues,
} from '@portal/domain/commerce/purchase-orders.ts';
import { notifyError } from '../../../lib/errors.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { PhoneInput } from '../../../ui/phone-input.tsx';
import { useSubmitPurchaseOrder } from '../api/payments.ts';
import { useCancelOrder } from '../hooks/use-cancel-order.ts';
import type { CheckoutFlavour } from './checkout-flavour.ts';
import { checkoutTexts } from './payment-texts.ts';

type Memberships = Profile['memberships'];

interface PurchaseOrderFormProps {
  payment: EventPaymentReply;
  memberships: Memberships;
  flavour: CheckoutFlavour;
}

/** "149.00": the payment's total as dollars typed in the form. */
function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** One option per organization, whatever the number of memberships in it. */
function organizationOptions(memberships: Memberships) {
  const seen = new Map<string, string>();
  for (const membership of memberships) seen.set(membership.organizationId, membership.organizationName);
  return [...seen].map(([value, label]) => ({ value, label }));
}

/**
 * The multipart body of POST /api/purchase-orders. The fields come before the file: the server reads
 * the stream in order and knows the fields once it reaches the file.
 */
function toFormData(values: PurchaseOrderFormValues, payment: EventPaymentReply, file: File): FormData {
  const body = new FormData();
  body.append('eventPaymentId', payment.id);
  body.append('filename', values.filename.trim());
  body.append('contactEmail', values.contactEmail.trim());
  body.append('contactName', values.contactName.trim());
  body.append('contactPhone', phoneDigits(values.contactPhone));
  body.append('number', values.number.trim());
  body.append('organizationId', values.organizationId ?? '');
  body.append('total', String(dollarsToCents(values.total) ?? ''));
  const couponCode = payment.couponUse?.coupon.code;
  if (couponCode) body.append('couponCode', couponCode);
  body.append('file', file, file.name);
  return body;
}

/** The names of the events the payment is for, once each: an application's institute. */
function instituteOf(payment: EventPaymentReply): string {
  return [...new Set(payment.items.map((item) => item.eventName))].join(', ');
}

/**
 * The purchase order form of events.md §3 and §5, for a cart payment or an application's. The server
 * derives the type and what is owed from the payment; the total typed here is kept for staff, who
 * cannot approve a purchase order whose total differs from the payment's.
 */
export function PurchaseOrderForm({ payment, memberships, flavour }: PurchaseOrderFormProps) {
  const navigate = useNavigate();
  const submitOrder = useSubmitPurchaseOrder(payment.id);
  const cancelOrder = useCancelOrder(payment.id, flavour);
  const options = organizationOptions(memberships);
  const form = useForm<PurchaseOrderFormValues>({
    mode: 'controlled',
    initialValues: {
      file: null,
      filename: '',
      contactEmail: '',
      contactName: '',
      contactPhone: '',
      number: '',
      organizationId: payment.organizationId ?? (options.length === 1 ? (options[0]?.value ?? null) : null),
      total: dollars(payment.total),
    },
    validate: validatePurchaseOrderForm,
  });

  const chooseFile = (file: File | null) => {
    const previous = form.getValues().file;
    form.setFieldValue('file', file);
    // The filename follows the file until the member writes one of their own.
    const filename = form.getValues().filename;
    if (file && (!filename.trim() || filename === previous?.name)) form.setFieldValue('filename', file.name);
  };

  const submit = form.onSubmit((values) => {
    if (!values.file) return;
    submitOrder.mutate(toFormData(values, payment, values.file), {
      onSuccess: () => {
        notifications.show({ color: 'green', message: purchaseOrderMessages.submitted });
        void navigate(flavour.successPath(payment.id, 'purchase-order'));
      },
      onError: (error) => {
        // Field errors go onto the fields; the toast says what the server said either way.
        if (showSubmitError(form, error)) notifyError(error);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="purchase-order-form-heading">
      <Stack gap="sm">
        {flavour.showsInstitute ? <TextInput label={checkoutTexts.institute} value={instituteOf(payment)} readOnly /> : null}
        <FileInput
          label="Purchase order (PDF)"
          description="A PDF of at most 10 MB"
          accept="application/pdf,.pdf"
          clearable
          // Mantine's clear button is an icon only: name it for screen readers.
          clearButtonProps={{ 'aria-label': 'Clear file' }}
          withAsterisk
          {...form.getInputProps('file')}
          onChange={chooseFile}
        />
        <TextInput label="Filename" withAsterisk {...form.getInputProps('filename')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Purchase order number" withAsterisk {...form.getInputProps('number')} />
          <TextInput
            label="Purchase order total"
            description={`In dollars. This order comes to ${formatCents(payment.total)}.`}
            inputMode="decimal"
            leftSection="$"
            withAsterisk
            {...form.getInputProps('total')}
          />
        </SimpleGrid>
        <NativeSelect
          label="Organization"
          data={[{ value: '', label: 'Choose an organization' }, ...options]}
          withAsterisk
          {...form.getInputProps('organizationId')}
          value={form.values.organizationId ?? ''}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Contact name" autoComplete="name" withAsterisk {...form.getInputProps('contactName')} />
          <TextInput label="Contact email" type="email" autoComplete="email" withAsterisk {...form.getInputProps('contactEmail')} />
        </SimpleGrid>
        <PhoneInput label="Contact phone" withAsterisk {...form.getInputProps('contactPhone')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={cancelOrder.cancel} loading={cancelOrder.pending} disabled={submitOrder.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={submitOrder.isPending} disabled={cancelOrder.pending}>
            Submit purchase order
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
