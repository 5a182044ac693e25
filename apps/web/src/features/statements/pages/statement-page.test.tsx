import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvoiceRow, StatementReply } from '@portal/domain/commerce/invoices.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const organizationId = '00000000-0000-4000-8000-000000000002';
const path = `/members/organization/${organizationId}/statement`;
const paid: InvoiceRow = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 42,
  organizationId,
  organizationName: 'Lincoln Elementary School',
  purchaseOrderNumber: 'PO-1001',
  eventPaymentId: '00000000-0000-4000-8000-000000000003',
  issuedOn: '2026-11-22',
  dueOn: '2026-12-22',
  termsDays: 30,
  totalCents: 44_700,
  paidCents: 44_700,
  openCents: 0,
  status: 'PAID',
  billingEmail: 'bursar@lincoln.test',
  receiptNumber: 7,
  creditAppliedCents: 0,
};

function statement(items: InvoiceRow[], balanceCents: number): StatementReply {
  return {
    organizationId,
    organizationName: 'Lincoln Elementary School',
    asOf: '2026-12-01',
    totals: {
      invoicedCents: 44_700,
      appliedCents: 44_700,
      creditCents: -balanceCents,
      balanceCents,
      openInvoiceCount: 0,
    },
    invoices: { items, total: items.length, page: 1, pageSize: 20 },
    payments: items.map((invoice) => ({
      id: '00000000-0000-4000-8000-000000000004',
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      method: 'CHECK' as const,
      reference: '1042',
      receivedOn: '2026-11-30',
      amountCents: 44_700 - balanceCents,
      appliedCents: 44_700,
      creditCents: -balanceCents,
      recordedAt: '2026-11-30T12:00:00.000Z',
    })),
    credits: [],
  };
}

async function openPage() {
  renderApp(path);
  await screen.findByRole('heading', { name: 'Statement of account', level: 1 }, { timeout: 5000 });
}

describe('statement of account', { timeout: 20_000 }, () => {
  it('shows the balance, each invoice with its payments, its PDF and receipt, and the statement files', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET /api/statements/${organizationId}`]: () => jsonResponse(200, statement([paid], -500)),
    });
    await openPage();
    expect(await screen.findByText('Credit on account: $5.00')).toBeInTheDocument();
    const row = screen.getByRole('rowheader', { name: 'I-000042' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Paid')).toBeInTheDocument();
    expect(within(row).getByText('Check 1042, 11/30/2026: $452.00')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Download invoice I-000042' })).toHaveAttribute(
      'href',
      `/api/statements/${organizationId}/invoices/${paid.id}/file`,
    );
    expect(within(row).getByRole('link', { name: 'Download receipt R-000007' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download statement (CSV)' })).toHaveAttribute(
      'href',
      `/api/statements/${organizationId}/file?format=csv`,
    );
  });

  it("shows the credit an earlier invoice's overpayment applied to a later one", async () => {
    const later: InvoiceRow = {
      ...paid,
      id: '00000000-0000-4000-8000-000000000005',
      number: 43,
      purchaseOrderNumber: 'PO-1002',
      totalCents: 14_900,
      paidCents: 500,
      openCents: 14_400,
      status: 'OPEN',
      receiptNumber: null,
      creditAppliedCents: 500,
    };
    const reply = statement([paid], 14_400);
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET /api/statements/${organizationId}`]: () =>
        jsonResponse(200, {
          ...reply,
          invoices: { ...reply.invoices, items: [later, paid], total: 2 },
          credits: [
            {
              id: '00000000-0000-4000-8000-000000000006',
              invoiceId: later.id,
              invoiceNumber: 43,
              sourceInvoiceNumber: 42,
              appliedOn: '2026-12-01',
              amountCents: 500,
            },
          ],
        }),
    });
    await openPage();
    const row = (await screen.findByRole('rowheader', { name: 'I-000043' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Credit from I-000042, 12/01/2026: $5.00')).toBeInTheDocument();
    expect(within(row).queryByText('None yet')).not.toBeInTheDocument();
    expect(within(row).getByText('$144.00')).toBeInTheDocument();
  });

  it('says when there is no invoice yet', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET /api/statements/${organizationId}`]: () => jsonResponse(200, statement([], 0)),
    });
    await openPage();
    expect(
      await screen.findByText('No invoices yet. An invoice is issued when staff approve a purchase order.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Balance: nothing is owed')).toBeInTheDocument();
  });

  it('answers not found for an organization the member does not manage', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET /api/statements/${organizationId}`]: () => problemResponse(404, 'Not Found'),
    });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Page not found', level: 1 })).toBeInTheDocument();
  });
});
