import { Anchor } from '@mantine/core';
import { creditNoteNumberLabel } from '@portal/domain/commerce/refunds.ts';

/** GET /api/event-payments/{id}/credit-notes/{refundId}: its buyer, her organization's managers, or staff. */
export const creditNoteUrl = (eventPaymentId: string, refundId: string) =>
  `/api/event-payments/${encodeURIComponent(eventPaymentId)}/credit-notes/${encodeURIComponent(refundId)}`;

/** 'Download credit note C-000001', beside the receipt it corrects. */
export function CreditNoteDownload({
  eventPaymentId,
  refundId,
  number,
}: {
  eventPaymentId: string;
  refundId: string;
  number: number;
}) {
  return (
    <Anchor href={creditNoteUrl(eventPaymentId, refundId)} download size="sm">
      Download credit note {creditNoteNumberLabel(number)}
    </Anchor>
  );
}
