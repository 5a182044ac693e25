import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { applicationMessages } from '@portal/domain/applications/rules.ts';
import type { ApplicationRow } from '@portal/domain/applications/contracts.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { CouponField } from '../../../shared/commerce/coupon-field.tsx';
import { useApplicationCoupon } from '../api/applications.ts';

/** The server's reason (unknown, expired, used up, another event) is in errors.code; its detail is the §8 text. */
function couponRefusal(error: unknown): string | null {
  return isApiError(error) ? (error.problem.errors?.code ?? null) : null;
}

/** The application's coupon and Remove coupon, or a code field and Apply (events.md §7: an empty code removes). */
export function ApplicationCouponForm({ row }: { row: ApplicationRow }) {
  const coupon = useApplicationCoupon();
  const [refusal, setRefusal] = useState<string | null>(null);

  const send = (sent: string, applied?: () => void) =>
    coupon.mutate(
      { applicationId: row.id, code: sent },
      {
        onSuccess: () => {
          applied?.();
          notifications.show({
            color: 'green',
            message: sent ? applicationMessages.couponApplied : applicationMessages.couponRemoved,
          });
        },
        onError: (failure) => {
          setRefusal(couponRefusal(failure));
          // No toast title: Mantine dims a titled toast's text below 4.5:1
          // (docs/decisions/0043-web-checkout-attempts-and-commerce-pages.md).
          notifications.show({
            color: 'red',
            message:
              isApiError(failure) && failure.status < 500 ? applicationMessages.couponError : errorMessage(failure),
          });
        },
      },
    );

  return (
    <CouponField
      coupon={row.coupon}
      formLabel={`Coupon for ${row.event.name}`}
      requiredMessage={applicationMessages.couponRequired}
      pending={coupon.isPending}
      refusal={refusal}
      onEdit={() => setRefusal(null)}
      onApply={send}
      onRemove={() => send('')}
      size="sm"
    />
  );
}
