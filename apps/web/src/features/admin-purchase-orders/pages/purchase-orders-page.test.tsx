import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { purchaseOrderMessages } from '@portal/domain/commerce/purchase-orders.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aPurchaseOrder, aPurchaseOrderPage } from '../test-fixtures.ts';
import { staff } from '../../../test/users.ts';

const list = '/api/admin/purchase-orders';
const submitted = aPurchaseOrder();
const approved = aPurchaseOrder({
  id: 'po-2',
  number: 'PO-0999',
  status: 'APPROVED',
  totalCents: 14900,
  submittedTotalCents: 10000,
  paymentTotalCents: 14900,
});

/** The list as the server filters it by ?status= (none: all). */
function byStatus(url: URL) {
  const status = url.searchParams.get('status');
  return jsonResponse(200, aPurchaseOrderPage([submitted, approved].filter((po) => !status || po.status === status)));
}

async function openPage(path = '/admin/purchase-orders', mantineEnv: 'default' | 'test' = 'default') {
  const app = renderApp(path, { mantineEnv });
  await screen.findByRole('heading', { name: 'Purchase orders', level: 1 }, { timeout: 5000 });
  return app;
}

describe('staff console: purchase orders', { timeout: 20_000 }, () => {
  // Toasts live in a store of their own, outside the rendered tree: start each test without any.
  beforeEach(() => notifications.clean());

  it('lists the submitted purchase orders first, with the PDF to download', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: (_body, url) => byStatus(url),
    });
    await openPage();

    const row = (await screen.findByRole('rowheader', { name: 'PO-1001' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Lincoln Elementary School')).toBeInTheDocument();
    expect(within(row).getByText('Olivia Owens')).toBeInTheDocument();
    expect(within(row).getByText('(518) 555-0199')).toBeInTheDocument();
    expect(within(row).getAllByText('$298.00')).toHaveLength(2);
    expect(within(row).getByText('Conference day')).toBeInTheDocument();
    expect(within(row).getByText('Submitted')).toBeInTheDocument();
    expect(within(row).getByText('05/01/2026')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Download PDF of purchase order PO-1001' })).toHaveAttribute(
      'href',
      '/api/admin/purchase-orders/po-1/file',
    );
    expect(screen.queryByRole('rowheader', { name: 'PO-0999' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.path.startsWith(list))?.path).toBe(`${list}?status=SUBMITTED&page=1&pageSize=20`);
    expect(screen.getByRole('link', { name: 'Purchase orders' })).toHaveAttribute('aria-current', 'page');
  });

  it('filters by status, and shows every status under All', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: (_body, url) => byStatus(url),
    });
    const app = await openPage();
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('rowheader', { name: 'PO-1001' });

    const filter = screen.getByRole('combobox', { name: /^Status/ });
    expect(filter).toHaveValue('Submitted');
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Approved', hidden: true }));
    await waitFor(() => expect(app.location()).toBe('/admin/purchase-orders?status=APPROVED'));
    const row = (await screen.findByRole('rowheader', { name: 'PO-0999' })).closest('tr') as HTMLElement;
    expect(screen.queryByRole('rowheader', { name: 'PO-1001' })).not.toBeInTheDocument();
    expect(within(row).getByText('Differs from the payment')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe(`${list}?status=APPROVED&page=1&pageSize=20`);

    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'All', hidden: true }));
    await screen.findByRole('rowheader', { name: 'PO-1001' });
    expect(screen.getByRole('rowheader', { name: 'PO-0999' })).toBeInTheDocument();
    expect(calls.at(-1)?.path).toBe(`${list}?page=1&pageSize=20`);
  });

  it('draws each status badge in dark text: the light green and red ones fall below 4.5:1 in their own colour', async () => {
    const voided = aPurchaseOrder({ id: 'po-3', number: 'PO-0998', status: 'VOIDED' });
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, aPurchaseOrderPage([submitted, approved, voided])),
    });
    await openPage('/admin/purchase-orders?status=ALL');

    for (const [number, label] of [
      ['PO-1001', 'Submitted'],
      ['PO-0999', 'Approved'],
      ['PO-0998', 'Voided'],
    ] as const) {
      const row = (await screen.findByRole('rowheader', { name: number })).closest('tr') as HTMLElement;
      const badge = within(row).getByText(label).closest('.mantine-Badge-root');
      expect(badge, label).toHaveStyle({ color: 'var(--mantine-color-dark-text)' });
    }
  });

  it('keeps the status filter while searching', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: (_body, url) => byStatus(url),
    });
    const app = await openPage('/admin/purchase-orders?status=VOIDED');
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('No purchase orders')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search purchase orders'), 'Lincoln');
    await waitFor(() => expect(app.location()).toBe('/admin/purchase-orders?status=VOIDED&search=Lincoln'));
    await waitFor(() => expect(calls.at(-1)?.path).toBe(`${list}?status=VOIDED&search=Lincoln&page=1&pageSize=20`));
  });

  it('approves after confirming, says so and reads the list again', async () => {
    let decided = false;
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, aPurchaseOrderPage(decided ? [] : [submitted])),
      [`POST ${list}/po-1/approve`]: () => {
        decided = true;
        return jsonResponse(200, { ...submitted, status: 'APPROVED' });
      },
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Approve purchase order PO-1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve purchase order PO-1001?' });
    expect(within(dialog).getByText(purchaseOrderMessages.approveConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText(purchaseOrderMessages.approved)).toBeInTheDocument();
    const approve = calls.find((call) => call.method === 'POST');
    expect(approve?.path).toBe(`${list}/po-1/approve`);
    expect(approve?.headers['x-requested-with']).toBe('portal');
    expect(await screen.findByText('No purchase orders')).toBeInTheDocument();
  });

  it('voids nothing when the confirmation is cancelled', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, aPurchaseOrderPage([submitted])),
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Void purchase order PO-1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void purchase order PO-1001?' });
    expect(within(dialog).getByText(purchaseOrderMessages.voidConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('voids after confirming', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, aPurchaseOrderPage([submitted])),
      [`POST ${list}/po-1/void`]: () => jsonResponse(200, { ...submitted, status: 'VOIDED' }),
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Void purchase order PO-1001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void purchase order PO-1001?' });
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));

    expect(await screen.findByText(purchaseOrderMessages.voided)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`${list}/po-1/void`]);
  });

  it('issue 41: shows the quote a purchase order names beside it, flagged by the server when they differ', async () => {
    const matching = aPurchaseOrder({
      id: 'po-5',
      number: 'PO-5005',
      quote: {
        id: 'quote-1',
        number: 'Q-000007',
        totalCents: 29800,
        validUntil: '2026-06-01T15:00:00.000Z',
        differs: false,
      },
    });
    const differing = aPurchaseOrder({
      id: 'po-6',
      number: 'PO-6006',
      submittedTotalCents: 29800,
      quote: {
        id: 'quote-2',
        number: 'Q-000008',
        totalCents: 31000,
        validUntil: '2026-06-01T15:00:00.000Z',
        differs: true,
      },
    });
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, aPurchaseOrderPage([matching, differing, submitted])),
    });
    await openPage();

    const first = (await screen.findByRole('rowheader', { name: 'PO-5005' })).closest('tr') as HTMLElement;
    expect(within(first).getByText('Q-000007')).toBeInTheDocument();
    expect(within(first).queryByText('Differs from the quote')).not.toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Download quote Q-000007' })).toHaveAttribute(
      'href',
      '/api/admin/quotes/quote-1/pdf',
    );
    const second = screen.getByRole('rowheader', { name: 'PO-6006' }).closest('tr') as HTMLElement;
    expect(within(second).getByText('$310.00')).toBeInTheDocument();
    expect(within(second).getByText('Differs from the quote')).toBeInTheDocument();
    const none = screen.getByRole('rowheader', { name: submitted.number }).closest('tr') as HTMLElement;
    expect(within(none).getByText('None named')).toBeInTheDocument();
  });

  it('issue 10: shows a typed total that differs from the payment’s, and offers Void but not Approve', async () => {
    const oneCent = aPurchaseOrder({
      id: 'po-4',
      number: 'PO-0001',
      submittedTotalCents: 1,
      totalCents: 14900,
      paymentTotalCents: 14900,
    });
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, aPurchaseOrderPage([oneCent])),
    });
    await openPage();

    const row = (await screen.findByRole('rowheader', { name: 'PO-0001' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('$0.01')).toBeInTheDocument();
    expect(within(row).getByText('$149.00')).toBeInTheDocument();
    expect(within(row).getByText('Differs from the payment')).toBeInTheDocument();
    const approve = within(row).getByRole('button', { name: 'Approve purchase order PO-0001' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(
      'The totals differ: void it and ask the buyer for a corrected purchase order.',
    );
    expect(within(row).getByRole('button', { name: 'Void purchase order PO-0001' })).toBeEnabled();
  });

  it("shows the server's reason when the approval is refused", async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, aPurchaseOrderPage([submitted])),
      [`POST ${list}/po-1/approve`]: () =>
        problemResponse(409, 'Conflict', { detail: purchaseOrderMessages.seatsGone }),
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Approve purchase order PO-1001' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(purchaseOrderMessages.seatsGone)).toBeInTheDocument();
    expect(screen.queryByText(purchaseOrderMessages.approved)).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => problemResponse(500, 'Internal Server Error', { detail: 'Something broke' }),
    });
    await openPage();
    expect(await screen.findByText('Something broke', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows what a package and an institute purchase order pay for, and approves a package one', async () => {
    const pkg = aPurchaseOrder({
      id: 'po-p',
      number: 'PKG-1',
      type: 'PACKAGE',
      eventPaymentId: null,
      paysFor: 'Literacy Partnership',
      submittedTotalCents: 1_250_000,
      paymentTotalCents: 1_250_000,
      totalCents: 1_250_000,
    });
    const institute = aPurchaseOrder({
      id: 'po-i',
      number: 'INS-1',
      type: 'EVENT',
      eventPaymentId: null,
      paysFor: 'Summer Institute: 2 applicants',
      submittedTotalCents: 190_000,
      paymentTotalCents: 190_000,
      totalCents: 190_000,
    });
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, aPurchaseOrderPage([pkg, institute])),
      'POST /api/admin/purchase-orders/po-p/approve': () => jsonResponse(200, { ...pkg, status: 'APPROVED' }),
    });
    await openPage();
    const packageRow = (await screen.findByRole('rowheader', { name: 'PKG-1' })).closest('tr') as HTMLElement;
    expect(within(packageRow).getByText('Package')).toBeInTheDocument();
    expect(within(packageRow).getByText('Literacy Partnership')).toBeInTheDocument();
    const instituteRow = screen.getByRole('rowheader', { name: 'INS-1' }).closest('tr') as HTMLElement;
    expect(within(instituteRow).getByText('Summer Institute: 2 applicants')).toBeInTheDocument();
    await userEvent.click(within(packageRow).getByRole('button', { name: 'Approve purchase order PKG-1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.method === 'POST' && call.path === '/api/admin/purchase-orders/po-p/approve'),
      ).toBe(true),
    );
  });
});

describe('staff console: purchase orders export', { timeout: 20_000 }, () => {
  it('offers CSV and Excel, each a download of the list under its current status and search', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: (_body, url) => byStatus(url),
    });
    await openPage('/admin/purchase-orders?status=APPROVED&search=PO-09', 'test');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Export purchase orders' }));

    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByRole('menuitem', { name: 'CSV' })).toHaveAttribute(
      'href',
      `${list}/export?status=APPROVED&search=PO-09&format=csv`,
    );
    expect(within(menu).getByRole('menuitem', { name: 'Excel' })).toHaveAttribute(
      'href',
      `${list}/export?status=APPROVED&search=PO-09&format=xlsx`,
    );
    expect(within(menu).getByRole('menuitem', { name: 'CSV' })).toHaveAttribute('download');
  });
});
