import { Alert, Button, NumberInput, Radio, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { cancellationPolicy } from '@portal/domain/commerce/cancellation-policy.ts';
import {
  cancellationPolicyText,
  maxCancellationDays,
  type CancellationFeeType,
  type CancellationPolicy,
  type PurchaseOrderRefundMode,
} from '@portal/domain/commerce/refunds.ts';
import { dollarsToCents } from '@portal/domain/money.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { cancellationPolicyQuery, useSaveCancellationPolicy } from '../api/cancellation-policy.ts';

const feeOptions: { value: CancellationFeeType; label: string }[] = [
  { value: 'NONE', label: 'No fee' },
  { value: 'FIXED', label: 'A fixed amount per ticket' },
  { value: 'PERCENT', label: 'A percentage of what was paid' },
];

interface Values {
  online: boolean;
  days: number | string;
  feeType: CancellationFeeType;
  /** Dollars for FIXED, whole percent for PERCENT. */
  fee: string;
  purchaseOrderRefund: PurchaseOrderRefundMode;
}

function valuesOf(policy: CancellationPolicy): Values {
  return {
    online: policy.buyerCancelDaysBefore !== null,
    days: policy.buyerCancelDaysBefore ?? 7,
    feeType: policy.feeType,
    fee:
      policy.feeType === 'FIXED'
        ? (policy.feeValue / 100).toFixed(2)
        : policy.feeType === 'PERCENT'
          ? String(policy.feeValue)
          : '',
    purchaseOrderRefund: policy.purchaseOrderRefund,
  };
}

/** The typed values as the API's policy, or the message of the field that is wrong. */
function policyOf(values: Values): { policy: CancellationPolicy } | { errors: Record<string, string> } {
  const feeValue =
    values.feeType === 'NONE'
      ? 0
      : values.feeType === 'FIXED'
        ? dollarsToCents(values.fee)
        : /^\d+$/.test(values.fee.trim())
          ? Number(values.fee.trim())
          : null;
  if (feeValue === null) return { errors: { feeValue: 'Enter the fee' } };
  const parsed = cancellationPolicy.safeParse({
    buyerCancelDaysBefore: values.online ? (typeof values.days === 'number' ? values.days : Number.NaN) : null,
    feeType: values.feeType,
    feeValue,
    purchaseOrderRefund: values.purchaseOrderRefund,
  });
  if (parsed.success) return { policy: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  if (errors.buyerCancelDaysBefore && !values.online) delete errors.buyerCancelDaysBefore;
  return { errors };
}

function PolicyForm({ eventId, policy }: { eventId: string; policy: CancellationPolicy }) {
  const save = useSaveCancellationPolicy(eventId);
  const [values, setValues] = useState<Values>(() => valuesOf(policy));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const typed = policyOf(values);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if ('errors' in typed) {
      setErrors(typed.errors);
      return;
    }
    setErrors({});
    save.mutate(typed.policy);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Cancellation policy">
      <Stack gap="md" maw={560}>
        <Switch
          label="Buyers may cancel their tickets online"
          checked={values.online}
          onChange={(event) => set('online', event.currentTarget.checked)}
        />
        {values.online ? (
          <NumberInput
            label="Until how many days before the event starts"
            description="0: until the day it starts"
            min={0}
            max={maxCancellationDays}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={values.days}
            onChange={(value) => set('days', value)}
            error={errors.buyerCancelDaysBefore}
            maw={320}
          />
        ) : (
          <Text size="sm">Buyers can request a cancellation, which staff approve or decline.</Text>
        )}
        <Select
          label="Cancellation fee"
          allowDeselect={false}
          data={feeOptions}
          value={values.feeType}
          onChange={(value) => set('feeType', value ?? 'NONE')}
          maw={320}
        />
        {values.feeType !== 'NONE' ? (
          <TextInput
            label={values.feeType === 'FIXED' ? 'Fee per ticket ($)' : 'Fee (% of what was paid)'}
            inputMode="decimal"
            value={values.fee}
            onChange={(event) => set('fee', event.currentTarget.value)}
            error={errors.feeValue}
            maw={320}
          />
        ) : null}
        <Radio.Group
          label="Purchase-order payments"
          value={values.purchaseOrderRefund}
          onChange={(value) => set('purchaseOrderRefund', value)}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="CREDIT_NOTE" label="Refunded by a credit note the finance office settles" />
            <Radio value="REQUEST" label="Refunded on request only (staff decide)" />
          </Stack>
        </Radio.Group>
        {'policy' in typed ? (
          <Alert variant="light" color="gray" title="Buyers read">
            <Text size="sm">{cancellationPolicyText(typed.policy)}</Text>
          </Alert>
        ) : null}
        <div>
          <Button type="submit" loading={save.isPending}>
            Save cancellation policy
          </Button>
        </div>
        {save.isError ? (
          <Text size="sm" c="red.9" role="alert">
            {errorMessage(save.error)}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

/** The event's cancellation policy (issue 38): until when buyers cancel, the fee, purchase orders. */
export function CancellationPolicySection({ eventId }: { eventId: string }) {
  const policy = useQuery(cancellationPolicyQuery(eventId));
  if (policy.isPending) return <PageLoader label="Loading the cancellation policy" />;
  if (policy.isError) return <ErrorState message={errorMessage(policy.error)} onRetry={() => void policy.refetch()} />;
  return <PolicyForm eventId={eventId} policy={policy.data} />;
}
