import { cartMessages, type CouponReply } from '@portal/domain/commerce/cart.ts';
import { CouponField } from '../../../shared/commerce/coupon-field.tsx';
import { useApplyCoupon, useRemoveCoupon } from '../api/cart.ts';

/** The cart's coupon: the applied one and Remove coupon, or a code field and Apply. */
export function CouponForm({ coupon }: { coupon: CouponReply | null }) {
  const apply = useApplyCoupon();
  const remove = useRemoveCoupon();
  return (
    <CouponField
      coupon={coupon}
      formLabel="Coupon"
      requiredMessage={cartMessages.couponRequired}
      pending={apply.isPending || remove.isPending}
      onApply={(code, applied) => apply.mutate(code, { onSuccess: applied })}
      onRemove={() => remove.mutate()}
    />
  );
}
