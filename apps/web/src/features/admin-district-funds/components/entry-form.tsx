import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { dollarsToCents, formatCents } from '@portal/domain/money.ts';
import { districtFundEntryInput } from '@portal/domain/organizations/district-funds.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useRecordEntry } from '../api/admin-district-funds.ts';

type Kind = 'DEPOSIT' | 'ADJUSTMENT';
type Field = 'amount' | 'reference' | 'reason';

const kindOptions = [
  { value: 'DEPOSIT', label: 'Deposit' },
  { value: 'ADJUSTMENT', label: 'Adjustment' },
];

/** A signed dollar amount ("-25.00" for an adjustment down) in cents, or null when it is not one. */
function signedCents(text: string): number | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const cents = dollarsToCents(negative ? trimmed.slice(1) : trimmed);
  return cents === null ? null : negative ? -cents : cents;
}

/** "Record money": a deposit (a district PO, a check) or an adjustment, with its reference and why. */
export function EntryForm({ districtId }: { districtId: string }) {
  const record = useRecordEntry(districtId);
  const [kind, setKind] = useState<Kind>('DEPOSIT');
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const amountCents = signedCents(amount);
    if (amountCents === null) {
      setErrors({ amount: 'Enter an amount in dollars, such as 5,000 or -25.50' });
      return;
    }
    const parsed = districtFundEntryInput.safeParse({ kind, amountCents, reference, reason });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'amountCents' ? 'amount' : (issue.path[0] as Field);
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    record.mutate(parsed.data, {
      onSuccess: (fund) => {
        notifications.show({
          color: 'green',
          message: `${formatCents(amountCents)} recorded; the fund holds ${formatCents(fund.balanceCents)}.`,
        });
        setAmount('');
        setReference('');
        setReason('');
      },
      onError: (failure) =>
        isApiError(failure, 409)
          ? setErrors({ amount: failure.message })
          : notifications.show({ color: 'red', message: errorMessage(failure) }),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Record money">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Kind"
            data={kindOptions}
            value={kind}
            onChange={(value) => setKind(value === 'ADJUSTMENT' ? 'ADJUSTMENT' : 'DEPOSIT')}
            allowDeselect={false}
            withAsterisk
          />
          <TextInput
            label="Amount (USD)"
            description="An adjustment down starts with a minus sign."
            inputMode="decimal"
            withAsterisk
            value={amount}
            onChange={(event) => setAmount(event.currentTarget.value)}
            error={errors.amount}
          />
          <TextInput
            label="Reference"
            description="The district PO's or the check's number."
            withAsterisk
            maxLength={100}
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={errors.reference}
          />
          <TextInput
            label="Why"
            withAsterisk
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={record.isPending}>
            Record
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
