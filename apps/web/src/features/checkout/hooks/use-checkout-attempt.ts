import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CartReply } from '@portal/domain/commerce/cart.ts';
import type { EventPaymentMethod } from '@portal/domain/commerce/enums.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { followRedirect } from '../../../shared/commerce/follow-redirect.ts';
import { newIdempotencyKey } from '../../../shared/commerce/idempotency-key.ts';
import { commerceKeys } from '../../../shared/commerce/queries.ts';
import { useCheckout } from '../api/cart.ts';

/** What is being bought, and for whom: a changed cart is a new attempt, the same cart paid the same way is a retry. */
function cartSignature(cart: CartReply, organizationId: string | null): string {
  const lines = cart.items.map((item) => `${item.id}:${item.ticketType.id}:${item.numberOfTickets}`).join(',');
  return `${lines}|${cart.couponUse?.coupon.code ?? ''}|${cart.total}|${organizationId ?? ''}`;
}

interface Attempt {
  method: EventPaymentMethod;
  signature: string;
  key: string;
}

/**
 * Pay by card or by purchase order. One Idempotency-Key per attempt: made on the first click, kept
 * when the answer is lost (network, 5xx) so a retry cannot buy twice, dropped when the server
 * refuses (the next click is a new attempt) or the cart changes. A click while one is on its way
 * does nothing; after success the buttons stay disabled while the next page opens. A 409 (sold out,
 * a line no longer sold, the coupon gone) is shown with the cart read again, so the buyer sees the
 * new total and confirms it by paying again.
 */
export function useCheckoutAttempt(cart: CartReply, organizationId: string | null) {
  const checkout = useCheckout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const attempt = useRef<Attempt | null>(null);
  const inFlight = useRef(false);
  const [submitting, setSubmitting] = useState<EventPaymentMethod | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const pay = (method: EventPaymentMethod) => {
    if (inFlight.current) return;
    inFlight.current = true;
    const signature = cartSignature(cart, organizationId);
    const current = attempt.current;
    const key =
      current && current.method === method && current.signature === signature ? current.key : newIdempotencyKey();
    attempt.current = { method, signature, key };
    setSubmitting(method);
    setRefusal(null);
    setFieldErrors({});

    checkout.mutate(
      { input: organizationId ? { method, organizationId } : { method }, idempotencyKey: key },
      {
        onSuccess: (reply) => followRedirect(reply.redirectUrl, navigate),
        onError: (error) => {
          inFlight.current = false;
          setSubmitting(null);
          if (!isApiError(error) || error.status >= 500) {
            notifyError(error);
            return;
          }
          attempt.current = null;
          if (error.status === 409) {
            // Sold out, no longer sold, or the coupon gone since the cart was shown: say which, and show the cart as it
            // is now.
            setRefusal(errorMessage(error));
            void queryClient.invalidateQueries({ queryKey: commerceKeys.cart });
          } else {
            setFieldErrors(error.problem.errors ?? {});
            notifyError(error);
          }
        },
      },
    );
  };

  return { pay, submitting, refusal, fieldErrors };
}
