import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { redirect, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { EventPaymentReply } from '@portal/domain/payments.ts';
import { notifyError } from '../../../lib/errors.ts';
import { eventPaymentQuery } from '../../../shared/commerce/queries.ts';
import { checkoutPath } from '../api/payments.ts';

/** The eventPaymentId of the address, or null when it has none. */
export function eventPaymentIdOf(searchParams: URLSearchParams): string | null {
  const id = searchParams.get('eventPaymentId')?.trim();
  return id ? id : null;
}

/**
 * Loader of the pages under the checkout: without an eventPaymentId they send the member back to the
 * checkout (events.md §2); with one they may start reading what they need.
 */
export function paymentPageLoader(
  prefetch?: (eventPaymentId: string) => Promise<unknown>,
  idOf: (searchParams: URLSearchParams) => string | null = eventPaymentIdOf,
) {
  return async ({ request }: LoaderFunctionArgs) => {
    const eventPaymentId = idOf(new URL(request.url).searchParams);
    if (!eventPaymentId) return redirect(checkoutPath);
    if (prefetch) await prefetch(eventPaymentId);
    return null;
  };
}

interface LookupOptions {
  /** How long until the next read, from the payment as last read (false: stop). */
  pollEvery?: (payment: EventPaymentReply | undefined) => number | false;
  enabled?: boolean;
}

/** The payment the page is about; when it cannot be read the member is told why and sent to the checkout. */
export function usePaymentLookup(eventPaymentId: string, options: LookupOptions = {}) {
  const { pollEvery, enabled = true } = options;
  const payment = useQuery({
    ...eventPaymentQuery(eventPaymentId),
    enabled,
    refetchInterval: pollEvery ? (query) => pollEvery(query.state.data) : false,
  });
  useLeaveOnError(payment.isError ? payment.error : null);
  return payment;
}

/** On an error, once: a toast with the reason and the checkout. */
export function useLeaveOnError(error: unknown) {
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (!error || left.current) return;
    left.current = true;
    notifyError(error);
    void navigate(checkoutPath, { replace: true });
  }, [error, navigate]);
}
