import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { formatPhone } from '@portal/domain/contact.ts';
import { formatCents } from '@portal/domain/money.ts';
import {
  purchaseOrderStatusLabels,
  purchaseOrderTotalMismatch,
  purchaseOrderTypeLabels,
  type AdminPurchaseOrderRow,
} from '@portal/domain/commerce/purchase-orders.ts';
import { purchaseOrderFileUrl, type PurchaseOrderDecision } from '../api/purchase-orders.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { purchaseOrderTones, StatusBadge } from '../../../ui/status-badge.tsx';
import { formatMomentDay } from '@portal/domain/dates.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { quoteMessages, type PurchaseOrderQuote } from '@portal/domain/commerce/quotes.ts';

/** GET /api/admin/quotes/{id}/pdf: the quote a purchase order names, drawn as its school got it. */
const quotePdfUrl = (quoteId: string) => `/api/admin/quotes/${encodeURIComponent(quoteId)}/pdf`;

/** The quote beside the purchase order: its number, total and validity, the PDF, and the server's flag. */
function QuoteCell({ quote, timeZone }: { quote: PurchaseOrderQuote | null; timeZone: string }) {
  if (!quote)
    return (
      <Text size="sm" c="dimmed">
        None named
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm">{quote.number}</Text>
      <Text size="sm">{formatCents(quote.totalCents)}</Text>
      <Text size="xs" c="dimmed">
        Valid until {formatMomentDay(quote.validUntil, timeZone)}
      </Text>
      {quote.differs ? (
        <Text size="xs" c="red.9" fw={700}>
          {quoteMessages.differs}
        </Text>
      ) : null}
      <Anchor href={quotePdfUrl(quote.id)} download size="sm" aria-label={`Download quote ${quote.number}`}>
        Download quote
      </Anchor>
    </Stack>
  );
}

interface PurchaseOrdersTableProps {
  purchaseOrders: readonly AdminPurchaseOrderRow[];
  onDecide: (purchaseOrder: AdminPurchaseOrderRow, decision: PurchaseOrderDecision) => void;
  /** The purchase order whose decision is being sent, if any. */
  busyId: string | null;
}

/** Why Approve is off for a purchase order whose typed total is not the payment's (the server refuses it too). */
const mismatchReason = 'The totals differ: void it and ask the buyer for a corrected purchase order.';

/**
 * Purchase orders as staff review them: who sent what for which payment, the PDF, and the decision.
 * The total the buyer typed sits beside the payment's; when they differ it is said in words and
 * Approve is off. The quote the buyer named sits beside them, flagged when the purchase order's
 * amount is not the quote's.
 */
export function PurchaseOrdersTable({ purchaseOrders, onDecide, busyId }: PurchaseOrdersTableProps) {
  const timeZone = useProviderTimeZone();
  return (
    <ResponsiveTable minWidth={1220} striped withTableBorder verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Number</Table.Th>
          <Table.Th scope="col">Organization</Table.Th>
          <Table.Th scope="col">Buyer</Table.Th>
          <Table.Th scope="col">Contact</Table.Th>
          <Table.Th scope="col">Typed total</Table.Th>
          <Table.Th scope="col">Payment total</Table.Th>
          <Table.Th scope="col">Quote</Table.Th>
          <Table.Th scope="col">Type</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <Table.Th scope="col">Submitted</Table.Th>
          <Table.Th scope="col">Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {purchaseOrders.map((po) => {
          const busy = busyId === po.id;
          const mismatch = purchaseOrderTotalMismatch(po);
          const reasonId = `po-${po.id}-mismatch`;
          return (
            <Table.Tr key={po.id}>
              <Table.Th scope="row" style={{ whiteSpace: 'nowrap' }}>
                {po.number}
              </Table.Th>
              <Table.Td>{po.organizationName}</Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{po.buyerName}</Text>
                  <Text size="sm" c="dimmed">
                    <EmailAddress email={po.buyerEmail} />
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{po.contactName}</Text>
                  <Text size="sm" c="dimmed">
                    <EmailAddress email={po.contactEmail} />
                  </Text>
                  <Text size="sm" c="dimmed">
                    {formatPhone(po.contactPhone)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{formatCents(po.submittedTotalCents)}</Text>
                  {mismatch ? (
                    <Text size="xs" c="red.9">
                      Differs from the payment
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>{formatCents(po.paymentTotalCents)}</Table.Td>
              <Table.Td>
                <QuoteCell quote={po.quote} timeZone={timeZone} />
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{purchaseOrderTypeLabels[po.type]}</Text>
                  {po.paysFor ? (
                    <Text size="sm" c="dimmed">
                      {po.paysFor}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <StatusBadge tone={purchaseOrderTones[po.status]}>{purchaseOrderStatusLabels[po.status]}</StatusBadge>
              </Table.Td>
              <Table.Td>{formatMomentDay(po.createdAt, timeZone)}</Table.Td>
              <Table.Td>
                <Stack gap="xs" align="flex-start">
                  {po.status === 'SUBMITTED' ? (
                    <Group gap="xs" wrap="nowrap" preventGrowOverflow={false}>
                      <Button
                        size="xs"
                        onClick={() => onDecide(po, 'approve')}
                        loading={busy}
                        disabled={mismatch || (busyId !== null && !busy)}
                        aria-label={`Approve purchase order ${po.number}`}
                        aria-describedby={mismatch ? reasonId : undefined}
                      >
                        Approve
                      </Button>
                      <Button
                        size="xs"
                        color="red.9"
                        variant="outline"
                        onClick={() => onDecide(po, 'void')}
                        disabled={busyId !== null}
                        aria-label={`Void purchase order ${po.number}`}
                      >
                        Void
                      </Button>
                    </Group>
                  ) : null}
                  {po.status === 'SUBMITTED' && mismatch ? (
                    <Text id={reasonId} size="xs" c="red.9" maw={220}>
                      {mismatchReason}
                    </Text>
                  ) : null}
                  <Anchor
                    href={purchaseOrderFileUrl(po.id)}
                    download
                    size="sm"
                    style={{ whiteSpace: 'nowrap' }}
                    aria-label={`Download PDF of purchase order ${po.number}`}
                  >
                    Download PDF
                  </Anchor>
                </Stack>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ResponsiveTable>
  );
}
