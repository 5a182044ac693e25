import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { formatCents } from '@portal/domain/money.ts';

export interface AppliedCoupon {
  code: string;
  type: 'FIXED' | 'PERCENTAGE';
  discountAmount: number | null;
  discountPercentage: number | null;
}

function couponValue(coupon: AppliedCoupon): string {
  return coupon.type === 'PERCENTAGE'
    ? `${coupon.discountPercentage ?? 0}% off`
    : `${formatCents(coupon.discountAmount ?? 0)} off`;
}

interface CouponFieldProps {
  /** The coupon applied now, or null to offer the code field. */
  coupon: AppliedCoupon | null;
  /** The form's accessible name. */
  formLabel: string;
  /** Shown, without asking the server, when Apply is pressed with no code. */
  requiredMessage: string;
  pending: boolean;
  /** Why the server refused the last code, shown on the field until the code is edited. */
  refusal?: string | null;
  onEdit?: () => void;
  /** `applied` empties the field once the server took the code. */
  onApply: (code: string, applied: () => void) => void;
  onRemove: () => void;
  /** The applied coupon's line, in the surrounding text's size. */
  size?: 'sm' | 'md';
}

/** The applied coupon and Remove coupon, or a code field and Apply: the cart's and an application's. */
export function CouponField({
  coupon,
  formLabel,
  requiredMessage,
  pending,
  refusal = null,
  onEdit,
  onApply,
  onRemove,
  size = 'md',
}: CouponFieldProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (coupon) {
    return (
      <Group gap="sm">
        <Text size={size}>
          Coupon <strong>{coupon.code}</strong> applied ({couponValue(coupon)})
        </Text>
        <Button variant="default" size="compact-sm" onClick={onRemove} loading={pending}>
          Remove coupon
        </Button>
      </Group>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError(requiredMessage);
      return;
    }
    onApply(trimmed, () => setCode(''));
  };

  return (
    <form onSubmit={submit} noValidate aria-label={formLabel}>
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Coupon code"
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(null);
            onEdit?.();
          }}
          error={error ?? refusal}
          maxLength={50}
          w={240}
        />
        <Button type="submit" variant="default" mt={25} loading={pending}>
          Apply
        </Button>
      </Group>
    </form>
  );
}
