import { useQuery } from '@tanstack/react-query';
import { NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { formatCents } from '@portal/domain/money.ts';
import type { EventPaymentReply } from '@portal/domain/commerce/payments.ts';
import type { Profile } from '@portal/domain/people/profile.ts';
import {
  purchaseOrderMessages,
  validatePurchaseOrderForm,
  type PurchaseOrderFormValues,
} from '@portal/domain/commerce/purchase-orders.ts';
import { notifyError } from '../../../lib/errors.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import {
  appendCommonFields,
  purchaseOrderContactQuery,
  emptyPurchaseOrderValues,
  organizationOptions,
  PurchaseOrderButtons,
  PurchaseOrderFields,
} from '../../../shared/commerce/purchase-order-fields.tsx';
import { useSubmitPurchaseOrder } from '../api/payments.ts';
import { useCancelOrder } from '../hooks/use-cancel-order.ts';
import { quoteDownloadMessages } from '@portal/domain/commerce/quotes.ts';
import type { CheckoutFlavour } from './checkout-flavour.ts';
import { checkoutTexts } from './payment-texts.ts';

type Memberships = Profile['memberships'];

/** The shared purchase-order fields, and the quote it was raised against (optional; the server checks it). */
type FormValues = PurchaseOrderFormValues & { quoteNumber: string };

interface PurchaseOrderFormProps {
  payment: EventPaymentReply;
  memberships: Memberships;
  flavour: CheckoutFlavour;
}

/** "149.00": the payment's total as dollars typed in the form. */
function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * The multipart body of POST /api/purchase-orders. The fields come before the file: the server reads
 * the stream in order and knows the fields once it reaches the file.
 */
function toFormData(values: FormValues, payment: EventPaymentReply, file: File): FormData {
  const body = new FormData();
  body.append('eventPaymentId', payment.id);
  appendCommonFields(body, values);
  if (values.quoteNumber.trim()) body.append('quoteNumber', values.quoteNumber.trim());
  const couponCode = payment.couponUse?.coupon.code;
  if (couponCode) body.append('couponCode', couponCode);
  body.append('file', file, file.name);
  return body;
}

/** The names of the events the payment is for, once each: an application's institute. */
function instituteOf(payment: EventPaymentReply): string {
  if (payment.legacyApplication) return payment.legacyApplication.eventName;
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
  const contact = useQuery(purchaseOrderContactQuery).data;
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      ...emptyPurchaseOrderValues,
      quoteNumber: '',
      ...contact,
      organizationId: payment.organizationId ?? (options.length === 1 ? (options[0]?.value ?? null) : null),
      total: dollars(payment.total),
    },
    validate: validatePurchaseOrderForm,
  });

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
        {flavour.showsInstitute ? (
          <TextInput label={checkoutTexts.institute} value={instituteOf(payment)} readOnly />
        ) : null}
        <PurchaseOrderFields
          form={form}
          totalDescription={`In dollars. This order comes to ${formatCents(payment.total)}.`}
          organization={
            <NativeSelect
              label="Organization"
              data={[{ value: '', label: 'Choose an organization' }, ...options]}
              withAsterisk
              {...form.getInputProps('organizationId')}
              value={form.values.organizationId ?? ''}
            />
          }
        />
        <TextInput
          label={quoteDownloadMessages.fieldLabel}
          description={quoteDownloadMessages.fieldDescription}
          autoComplete="off"
          {...form.getInputProps('quoteNumber')}
        />
        <PurchaseOrderButtons
          pending={submitOrder.isPending}
          onCancel={cancelOrder.cancel}
          cancelling={cancelOrder.pending}
        />
      </Stack>
    </form>
  );
}
