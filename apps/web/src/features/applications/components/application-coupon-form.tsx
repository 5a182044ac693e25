import { Button, Group, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { applicationMessages } from '@portal/domain/application-rules.ts';
import type { ApplicationRow } from '@portal/domain/applications.ts';
import { formatCents } from '@portal/domain/money.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useApplicationCoupon } from '../api/applications.ts';

type Coupon = NonNullable<ApplicationRow['coupon']>;

function couponValue(coupon: Coupon): string {
  return coupon.type === 'PERCENTAGE' ? `${coupon.discountPercentage ?? 0}% off` : `${formatCents(coupon.discountAmount ?? 0)} off`;
}

/** The server's reason (unknown, expired, used up, another event) is in errors.code; its detail is the §8 text. */
function couponRefusal(error: unknown): string | null {
  return isApiError(error) ? (error.problem.errors?.code ?? null) : null;
}

/** The application's coupon and Remove coupon, or a code field and Apply (events.md §7: an empty code removes). */
export function ApplicationCouponForm({ row }: { row: ApplicationRow }) {
  const coupon = useApplicationCoupon();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = (sent: string) =>
    coupon.mutate(
      { applicationId: row.id, code: sent },
      {
        onSuccess: () => {
          setCode('');
          notifications.show({ color: 'green', message: sent ? applicationMessages.couponApplied : applicationMessages.couponRemoved });
        },
        onError: (failure) => {
          const reason = couponRefusal(failure);
          setError(reason);
          // No toast title: Mantine dims a titled toast's text below 4.5:1 (docs/decisions.md).
          notifications.show({
            color: 'red',
            message: isApiError(failure) && failure.status < 500 ? applicationMessages.couponError : errorMessage(failure),
          });
        },
      },
    );

  if (row.coupon) {
    return (
      <Group gap="sm">
        <Text size="sm">
          Coupon <strong>{row.coupon.code}</strong> applied ({couponValue(row.coupon)})
        </Text>
        <Button variant="default" size="compact-sm" onClick={() => send('')} loading={coupon.isPending}>
          Remove coupon
        </Button>
      </Group>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(applicationMessages.couponRequired);
      return;
    }
    send(trimmed);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`Coupon for ${row.event.name}`}>
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Coupon code"
          size="sm"
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={50}
          w={220}
        />
        <Button type="submit" variant="default" size="sm" mt={25} loading={coupon.isPending}>
          Apply
        </Button>
      </Group>
    </form>
  );
}
