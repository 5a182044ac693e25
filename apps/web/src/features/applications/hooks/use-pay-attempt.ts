import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/errors.ts';
import { followRedirect } from '../../../shared/commerce/follow-redirect.ts';
import { newIdempotencyKey } from '../../../shared/commerce/idempotency-key.ts';
import { applicationListKeys, usePayApplication, type PayKind } from '../api/applications.ts';

/**
 * What is being paid. `signature` names what the payment would be (another payment option, coupon or
 * amount is a new attempt; the same again is a retry).
 */
export interface PayTarget {
  kind: PayKind;
  id: string;
  signature: string;
}

/**
 * Pay for one accepted application (or one of the previous system's), as the cart's checkout does: one Idempotency-Key per attempt,
 * kept when the answer is lost (network, 5xx) so a retry cannot pay twice, dropped when the server
 * refuses (the next click is a new attempt). A click while one is on its way does nothing; after
 * success the button stays busy while the next page opens.
 */
export function usePayAttempt(target: PayTarget) {
  const pay = usePayApplication();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const inFlight = useRef(false);
  const [paying, setPaying] = useState(false);

  const start = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    const { signature } = target;
    const key = attempt.current?.signature === signature ? attempt.current.key : newIdempotencyKey();
    attempt.current = { signature, key };
    setPaying(true);

    pay.mutate(
      { kind: target.kind, id: target.id, idempotencyKey: key },
      {
        onSuccess: (reply) => followRedirect(reply.redirectUrl, navigate),
        onError: (error) => {
          inFlight.current = false;
          setPaying(false);
          notifyError(error);
          if (!isApiError(error) || error.status >= 500) return;
          attempt.current = null;
          // Refused (sold out, already paid, no longer accepted): show the application as it is now.
          if (error.status === 409) void queryClient.invalidateQueries({ queryKey: applicationListKeys.all });
        },
      },
    );
  };

  return { pay: start, paying };
}
