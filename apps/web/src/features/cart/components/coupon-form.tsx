import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { cartMessages, type CouponReply } from '@portal/domain/cart.ts';
import { formatCents } from '@portal/domain/money.ts';
import { useApplyCoupon, useRemoveCoupon } from '../api/cart.ts';

function couponValue(coupon: CouponReply): string {
  return coupon.type === 'PERCENTAGE' ? `${coupon.discountPercentage ?? 0}% off` : `${formatCents(coupon.discountAmount ?? 0)} off`;
}

/** The applied coupon and Remove coupon, or a code field and Apply. */
export function CouponForm({ coupon }: { coupon: CouponReply | null }) {
  const apply = useApplyCoupon();
  const remove = useRemoveCoupon();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (coupon) {
    return (
      <Group gap="sm">
        <Text>
          Coupon <strong>{coupon.code}</strong> applied ({couponValue(coupon)})
        </Text>
        <Button variant="default" size="compact-sm" onClick={() => remove.mutate()} loading={remove.isPending}>
          Remove coupon
        </Button>
      </Group>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(cartMessages.couponRequired);
      return;
    }
    apply.mutate(trimmed, { onSuccess: () => setCode('') });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Coupon">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Coupon code"
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={50}
          w={240}
        />
        <Button type="submit" variant="default" mt={25} loading={apply.isPending}>
          Apply
        </Button>
      </Group>
    </form>
  );
}
