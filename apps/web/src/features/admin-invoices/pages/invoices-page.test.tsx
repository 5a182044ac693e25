import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceRow } from '@portal/domain/commerce/invoices.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { staff } from '../../../test/users.ts';

const list = '/api/admin/invoices';
const invoice: InvoiceRow = {
  id: '00000000-0000-4000-8000-000000000001',
  number: 42,
  organizationId: '00000000-0000-4000-8000-000000000002',
  organizationName: 'Lincoln Elementary School',
  purchaseOrderNumber: 'PO-1001',
  eventPaymentId: '00000000-0000-4000-8000-000000000003',
  issuedOn: '2026-11-22',
  dueOn: '2026-12-22',
  termsDays: 30,
  totalCents: 44_700,
  paidCents: 0,
  openCents: 44_700,
  status: 'OPEN',
  billingEmail: 'bursar@lincoln.test',
  receiptNumber: null,
  creditAppliedCents: 0,
};
const page = (items: InvoiceRow[]) => jsonResponse(200, { items, total: items.length, page: 1, pageSize: 20 });

async function openPage() {
  renderApp('/admin/invoices');
  await screen.findByRole('heading', { name: 'Invoices', level: 1 }, { timeout: 5000 });
}

describe('staff console: invoices', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('lists unpaid invoices with their PDF, and records a check once per opening of the form', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => page([invoice]),
      [`POST ${list}/${invoice.id}/payments`]: () =>
        jsonResponse(201, {
          invoice: { ...invoice, paidCents: 44_700, openCents: 0, status: 'PAID', receiptNumber: 7 },
          payment: {
            id: '00000000-0000-4000-8000-000000000004',
            invoiceId: invoice.id,
            invoiceNumber: 42,
            method: 'CHECK',
            reference: '1042',
            receivedOn: '2026-11-30',
            amountCents: 44_700,
            appliedCents: 44_700,
            creditCents: 0,
            recordedAt: '2026-11-30T12:00:00.000Z',
          },
        }),
    });
    await openPage();
    const user = userEvent.setup({ delay: null });
    const row = (await screen.findByRole('rowheader', { name: 'I-000042' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('12/22/2026')).toBeInTheDocument();
    expect(within(row).getAllByText('$447.00')).toHaveLength(2);
    expect(within(row).getByRole('link', { name: 'Download invoice I-000042' })).toHaveAttribute(
      'href',
      `/api/admin/invoices/${invoice.id}/file`,
    );
    expect(calls.find((call) => call.path.startsWith(list))?.path).toBe(`${list}?status=UNPAID&page=1&pageSize=20`);

    await user.click(within(row).getByRole('button', { name: 'Record payment of I-000042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment of I-000042' });
    expect(within(dialog).getByRole('textbox', { name: /^Amount/ })).toHaveValue('447.00');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Enter the check number or transfer reference.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Check number/ }), '1042');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await screen.findByText('Payment recorded. The invoice is paid in full and its receipt was sent.'),
    ).toBeInTheDocument();
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body).toMatchObject({ method: 'CHECK', reference: '1042', amountCents: 44_700 });
    expect(posted[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a refusal as a toast', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => page([invoice]),
      [`POST ${list}/${invoice.id}/payments`]: () => problemResponse(404, 'Not Found', { detail: 'No such invoice.' }),
    });
    await openPage();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Record payment of I-000042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment of I-000042' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Check number/ }), '1042');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.getByText('No such invoice.')).toBeInTheDocument());
  });
});
