import { Anchor, Button } from '@mantine/core';
import { receiptMessages, receiptNumberLabel } from '@portal/domain/commerce/receipts.ts';

/** GET /api/event-payments/{id}/receipt: the receipt PDF (its buyer, a manager of its organization, or staff). */
export const receiptUrl = (eventPaymentId: string) =>
  `/api/event-payments/${encodeURIComponent(eventPaymentId)}/receipt`;

/**
 * 'Download receipt' for a payment that has one: a plain link the browser saves (the server answers
 * with Content-Disposition attachment), named with the receipt's number for screen readers.
 */
export function ReceiptDownload({
  eventPaymentId,
  receiptNumber,
  variant = 'link',
}: {
  eventPaymentId: string;
  receiptNumber: number;
  variant?: 'link' | 'button';
}) {
  const label = `${receiptMessages.download} ${receiptNumberLabel(receiptNumber)}`;
  if (variant === 'button') {
    return (
      <Button component="a" href={receiptUrl(eventPaymentId)} download variant="default" aria-label={label}>
        {receiptMessages.download}
      </Button>
    );
  }
  return (
    <Anchor href={receiptUrl(eventPaymentId)} download size="sm" aria-label={label}>
      {receiptMessages.download}
    </Anchor>
  );
}
