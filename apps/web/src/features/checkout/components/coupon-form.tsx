import { useState } from 'react';
import { cartMessages, type CouponReply } from '@portal/domain/commerce/cart.ts';
import { CouponField } from '../../../shared/commerce/coupon-field.tsx';
import { couponRefusal, useApplyCoupon, useRemoveCoupon } from '../api/cart.ts';

/**
 * The cart's coupon: the applied one and Remove coupon, or a code field and Apply. A refused code is
 * said under the field it was typed in (not in a toast), until the code is edited.
 */
export function CouponForm({ coupon }: { coupon: CouponReply | null }) {
  const apply = useApplyCoupon();
  const remove = useRemoveCoupon();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <CouponField
      coupon={coupon}
      formLabel="Coupon"
      requiredMessage={cartMessages.couponRequired}
      pending={apply.isPending || remove.isPending}
      refusal={refusal}
      onEdit={() => setRefusal(null)}
      onApply={(code, applied) =>
        apply.mutate(code, {
          onSuccess: () => {
            setRefusal(null);
            applied();
          },
          onError: (error) => setRefusal(couponRefusal(error)),
        })
      }
      onRemove={() => remove.mutate()}
    />
  );
}
