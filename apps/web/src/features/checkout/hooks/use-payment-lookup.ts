import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { redirect, useNavigate, type LoaderFunctionArgs } from 'react-router';
import type { EventPaymentReply } from '@portal/domain/commerce/payments.ts';
import { notifyError } from '../../../lib/errors.ts';
import { eventPaymentQuery } from '../../../shared/commerce/queries.ts';
import { checkoutPath } from '../api/payments.ts';

/** The eventPaymentId of the address, or null when it has none. */
export function eventPaymentIdOf(searchParams: URLSearchParams): string | null {
  const id = searchParams.get('eventPaymentId')?.trim();
  return id ? id : null;
}

/**
 * Loader of the pages under the checkout: without an eventPaymentId they send the member back to
 * where the payment started — the checkout, or My Event Applications (events.md §2); with one they
 * may start reading what they need.
 */
export function paymentPageLoader(
  prefetch?: (eventPaymentId: string) => Promise<unknown>,
  idOf: (searchParams: URLSearchParams) => string | null = eventPaymentIdOf,
  homePath: string = checkoutPath,
) {
  return async ({ request }: LoaderFunctionArgs) => {
    const eventPaymentId = idOf(new URL(request.url).searchParams);
    if (!eventPaymentId) return redirect(homePath);
    if (prefetch) await prefetch(eventPaymentId);
    return null;
  };
}

interface LookupOptions {
  /** How long until the next read, from the payment as last read (false: stop). */
  pollEvery?: (payment: EventPaymentReply | undefined) => number | false;
  enabled?: boolean;
  /** Where to go when the payment cannot be read (the checkout unless said otherwise). */
  homePath?: string;
}

/** The payment the page is about; when it cannot be read the member is told why and sent back. */
export function usePaymentLookup(eventPaymentId: string, options: LookupOptions = {}) {
  const { pollEvery, enabled = true, homePath = checkoutPath } = options;
  const payment = useQuery({
    ...eventPaymentQuery(eventPaymentId),
    enabled,
    refetchInterval: pollEvery ? (query) => pollEvery(query.state.data) : false,
  });
  useLeaveOnError(payment.isError ? payment.error : null, homePath);
  return payment;
}

/** On an error, once: a toast with the reason, and back to where the payment started. */
export function useLeaveOnError(error: unknown, homePath: string = checkoutPath) {
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (!error || left.current) return;
    left.current = true;
    notifyError(error);
    void navigate(homePath, { replace: true });
  }, [error, navigate, homePath]);
}
