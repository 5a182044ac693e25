import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AllocationReply } from '@portal/domain/tickets/allocation.ts';
import {
  refundReasonLabels,
  type AdminEventPaymentPage,
  type AdminEventPaymentRow,
} from '@portal/domain/commerce/payments.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { receiptMessages } from '@portal/domain/commerce/receipts.ts';
import type { CancellationReply, CancellationView } from '@portal/domain/commerce/refunds.ts';
import { eventPaymentMessages } from './event-payment-page.tsx';
import { refundDialogMessages } from '../components/refund-dialog.tsx';
import { staff } from '../../../test/users.ts';

const list = '/api/admin/event-payments';
const paymentId = '0a1b2c3d-0000-4000-8000-000000000001';

function aPayment(overrides: Partial<AdminEventPaymentRow> = {}): AdminEventPaymentRow {
  return {
    id: paymentId,
    status: 'PAID',
    method: 'CARD',
    buyerName: 'Olivia Owens',
    buyerEmail: 'owner@example.test',
    organizationName: 'Lincoln Elementary School',
    events: ['Fall Literacy Conference'],
    numberOfTickets: 3,
    allocatedTickets: 2,
    total: 44_700,
    refundReason: null,
    createdAt: '2026-05-01T15:00:00.000Z',
    applicationId: null,
    registrationRequestId: null,
    attendeesNamed: null,
    receiptNumber: null,
    ...overrides,
  };
}
const pagesOf = (items: AdminEventPaymentRow[]): AdminEventPaymentPage => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
});

const paid = aPayment();
const pending = aPayment({
  id: '9f8e7d6c-0000-4000-8000-000000000002',
  status: 'PENDING',
  buyerName: 'Pat Pending',
  organizationName: null,
});

const allocation: AllocationReply = {
  eventPaymentId: paymentId,
  organizationId: 'org-1',
  organizationName: 'Lincoln Elementary School',
  assigneeScope: 'ORGANIZATION',
  buyer: { id: 'user-olivia', firstName: 'Olivia', lastName: 'Owens', email: 'owner@example.test', isPending: false },
  kind: 'CONFERENCE_DAY',
  blocked: null,
  events: [
    {
      eventId: 'event-1',
      name: 'Fall Literacy Conference',
      startDate: '2026-12-10',
      endDate: '2026-12-10',
      daysBeforePurchaseClose: 14,
      closedMessage: null,
      sections: [
        {
          itemId: 'item-1',
          sectionId: 'section-1',
          title: 'Coaching Writing',
          dates: ['2026-12-10'],
          locationName: 'Room 101',
          maxTickets: 40,
          grouping: null,
          numberOfTickets: 3,
          assignedUsers: [
            { id: 'u-1', firstName: 'Sam', lastName: 'Seller', email: 'sam@example.test', isPending: false },
            { id: 'u-2', firstName: 'Nina', lastName: 'New', email: 'nina@example.test', isPending: true },
          ],
        },
      ],
    },
  ],
};

function byStatus(url: URL) {
  const status = url.searchParams.get('status');
  return jsonResponse(200, pagesOf([paid, pending].filter((row) => !status || row.status === status)));
}

describe('staff console: event payments list', { timeout: 20_000 }, () => {
  it('lists every payment with its buyer, allocation progress and status, linking to its page', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: (_body, url) => byStatus(url),
    });
    renderApp('/admin/event-payments');
    await screen.findByRole('heading', { name: 'Event payments', level: 1 }, { timeout: 5000 });

    const link = await screen.findByRole('link', { name: 'Payment 0a1b2c3d by Olivia Owens' });
    expect(link).toHaveAttribute('href', `/admin/event-payments/${paymentId}`);
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('owner@example.test')).toBeInTheDocument();
    expect(within(row).getByText('Lincoln Elementary School')).toBeInTheDocument();
    expect(within(row).getByText('Fall Literacy Conference')).toBeInTheDocument();
    expect(within(row).getByText('2 / 3')).toBeInTheDocument();
    expect(within(row).getByText('$447.00')).toBeInTheDocument();
    expect(within(row).getByText('Paid').closest('.mantine-Badge-root')).toHaveStyle({
      color: 'var(--mantine-color-dark-text)',
    });
    expect(screen.getByRole('link', { name: 'Payment 9f8e7d6c by Pat Pending' })).toBeInTheDocument();
    expect(calls.find((call) => call.path.startsWith(list))?.path).toBe(`${list}?page=1&pageSize=20`);
    expect(screen.getByRole('link', { name: 'Event payments' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows a payment that needs a refund, with the reason, and offers the status as a filter (issue 10)', async () => {
    const refund = aPayment({
      id: '5e5e5e5e-0000-4000-8000-000000000009',
      buyerName: 'Rita Late',
      status: 'REFUND_NEEDED',
      refundReason: 'COUPON_USED_UP',
    });
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, pagesOf([refund])),
    });
    renderApp('/admin/event-payments?status=REFUND_NEEDED');
    const row = (await screen.findByRole('link', { name: 'Payment 5e5e5e5e by Rita Late' }, { timeout: 5000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Refund needed')).toBeInTheDocument();
    expect(within(row).getByText(refundReasonLabels.COUPON_USED_UP)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Status/ })).toHaveValue('Refund needed');
    expect(calls.find((call) => call.path.startsWith(list))?.path).toBe(
      `${list}?status=REFUND_NEEDED&page=1&pageSize=20`,
    );
  });

  it('filters by status and searches, keeping the filter', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: (_body, url) => byStatus(url),
    });
    const app = renderApp('/admin/event-payments');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('link', { name: /Payment 0a1b2c3d/ }, { timeout: 5000 });

    const filter = screen.getByRole('combobox', { name: /^Status/ });
    expect(filter).toHaveValue('All');
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Payment Incomplete', hidden: true }));
    await waitFor(() => expect(app.location()).toBe('/admin/event-payments?status=PENDING'));
    await screen.findByRole('link', { name: /Payment 9f8e7d6c/ });
    await waitFor(() => expect(screen.queryByRole('link', { name: /Payment 0a1b2c3d/ })).not.toBeInTheDocument());
    expect(calls.at(-1)?.path).toBe(`${list}?status=PENDING&page=1&pageSize=20`);

    await user.type(screen.getByLabelText('Search event payments'), 'Pat');
    await waitFor(() => expect(calls.at(-1)?.path).toBe(`${list}?status=PENDING&search=Pat&page=1&pageSize=20`));
  });

  it('says when there are none, and when the list cannot be loaded', async () => {
    stubFetch({ 'GET /api/me': () => jsonResponse(200, staff), [`GET ${list}`]: () => jsonResponse(200, pagesOf([])) });
    const first = renderApp('/admin/event-payments?status=EXPIRED');
    expect(await screen.findByText('No event payments', {}, { timeout: 5000 })).toBeInTheDocument();
    first.unmount();

    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => problemResponse(500, 'Internal Server Error', { detail: 'Something broke' }),
    });
    renderApp('/admin/event-payments');
    expect(await screen.findByText('Something broke', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('staff console: one event payment', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  const detail = `${list}/${paymentId}`;

  function stubDetail(extra: Parameters<typeof stubFetch>[0] = {}, status: AdminEventPaymentRow['status'] = 'PAID') {
    let current = status;
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${detail}`]: () => jsonResponse(200, aPayment({ status: current })),
      [`GET ${detail}/allocation`]: () =>
        jsonResponse(
          200,
          current === 'CANCELLED'
            ? {
                ...allocation,
                blocked: { reason: 'voided', message: 'The event payment has been voided or cancelled.' },
              }
            : allocation,
        ),
      [`POST ${detail}/cancel`]: () => {
        current = 'CANCELLED';
        return jsonResponse(200, { status: 'CANCELLED' });
      },
      ...extra,
    });
    return calls;
  }

  async function openDetail() {
    renderApp(`/admin/event-payments/${paymentId}`);
    await screen.findByRole('heading', { name: 'Payment 0a1b2c3d', level: 1 }, { timeout: 5000 });
  }

  it("shows the payment and its allocation: each section's allocated / bought and its holders, pending ones marked", async () => {
    stubDetail();
    await openDetail();
    expect(screen.getByRole('heading', { name: 'Payment', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Allocation', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Olivia Owens · owner@example.test')).toBeInTheDocument();

    const section = await screen.findByRole('article', { name: 'Fall Literacy Conference: Coaching Writing' });
    expect(within(section).getByText('2 / 3 allocated')).toBeInTheDocument();
    const holders = within(section).getAllByRole('listitem');
    expect(holders.map((item) => item.textContent)).toEqual([
      'Sam Sellersam@example.test',
      'Nina Newnina@example.test' + 'Pending',
    ]);
    expect(screen.getByRole('heading', { name: 'Fall Literacy Conference', level: 3 })).toBeInTheDocument();
  });

  it("shows a past event's deadline once, in a card, when it is why the member cannot allocate", async () => {
    const closed = 'Ticket allocation is not available because the event deadline has passed.';
    stubDetail({
      [`GET ${detail}/allocation`]: () =>
        jsonResponse(200, {
          ...allocation,
          blocked: { reason: 'closed', message: closed },
          events: allocation.events.map((event) => ({ ...event, closedMessage: closed })),
        }),
    });
    await openDetail();
    expect(await screen.findByText('Allocation is blocked for the member')).toBeInTheDocument();
    expect(screen.getAllByText(closed, { exact: false })).toHaveLength(1);
  });

  it("loads an application's payment without an allocation: its applicant, institute and a link to the application", async () => {
    const calls = stubDetail({
      [`GET ${detail}`]: () =>
        jsonResponse(
          200,
          aPayment({
            applicationId: 'application-7',
            events: ['Coaching Institute'],
            numberOfTickets: 1,
            allocatedTickets: 0,
            total: 95_000,
          }),
        ),
    });
    await openDetail();
    expect(screen.getByRole('heading', { name: 'Institute application', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Allocation', level: 2 })).not.toBeInTheDocument();
    expect(screen.getByText('Institute seat')).toBeInTheDocument();
    expect(screen.getAllByText('Olivia Owens · owner@example.test')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Open the application' })).toHaveAttribute(
      'href',
      '/admin/applications/application-7',
    );
    expect(calls.some((call) => call.path.endsWith('/allocation'))).toBe(false);
  });

  it('says why a payment needs a refund and what staff do about it (issue 10)', async () => {
    stubDetail({
      [`GET ${detail}`]: () => jsonResponse(200, aPayment({ status: 'REFUND_NEEDED', refundReason: 'SEATS_GONE' })),
    });
    await openDetail();
    const alert = await screen.findByText(
      /refund the buyer through the payment provider, then cancel the payment here/,
    );
    expect(alert).toHaveTextContent(refundReasonLabels.SEATS_GONE);
    expect(screen.getByText('Refund needed')).toBeInTheDocument();
  });

  it('cancels nothing when the confirmation is dismissed', async () => {
    const calls = stubDetail({}, 'PENDING');
    await openDetail();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(eventPaymentMessages.cancelConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep payment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(screen.getByRole('button', { name: 'Cancel payment' })).toBeInTheDocument();
  });

  it('cancels an unpaid payment after confirming: says so, shows Cancelled and no longer offers to cancel', async () => {
    const calls = stubDetail({}, 'PENDING');
    await openDetail();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel payment' }));

    expect(await screen.findByText(eventPaymentMessages.cancelled)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([`${detail}/cancel`]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel payment' })).not.toBeInTheDocument());
    expect(screen.getByText('Cancelled', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(await screen.findByText('The event payment has been voided or cancelled.')).toBeInTheDocument();
  });

  it('offers the receipt: downloads it, and re-sends it to the buyer after a confirmation, with a toast', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${detail}`]: () => jsonResponse(200, aPayment({ receiptNumber: 42 })),
      [`GET ${detail}/allocation`]: () => jsonResponse(200, allocation),
      [`POST ${detail}/receipt/resend`]: () => jsonResponse(200, { sentTo: 'owner@example.test' }),
    });
    await openDetail();
    const user = userEvent.setup({ delay: null });

    expect(screen.getByText('Receipt R-000042')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download receipt R-000042' })).toHaveAttribute(
      'href',
      `/api/event-payments/${paymentId}/receipt`,
    );
    await user.click(screen.getByRole('button', { name: receiptMessages.resend }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(receiptMessages.resendConfirm('owner@example.test'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: receiptMessages.resend }));

    expect(await screen.findByText(receiptMessages.resent('owner@example.test'))).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `${detail}/receipt/resend`,
    ]);
  });

  it('offers no receipt for a payment that has none', async () => {
    stubDetail();
    await openDetail();
    expect(screen.queryByRole('button', { name: receiptMessages.resend })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download receipt/ })).not.toBeInTheDocument();
  });

  it("shows the server's reason when cancelling fails", async () => {
    stubDetail(
      {
        [`POST ${detail}/cancel`]: () => problemResponse(409, 'Conflict', { detail: 'The payment is being changed.' }),
      },
      'PENDING',
    );
    await openDetail();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Cancel payment' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByText('The payment is being changed.')).toBeInTheDocument();
    expect(screen.queryByText(eventPaymentMessages.cancelled)).not.toBeInTheDocument();
  });

  it('refunds a paid payment: every ticket left, the refund the server computes, a required reason, a toast', async () => {
    const view: CancellationView = {
      paymentId,
      status: 'PAID',
      method: 'CARD',
      totalCents: 44_700,
      refundedCents: 0,
      lines: [
        {
          itemId: 'item-1',
          title: 'Fall Literacy Conference — Coaching Writing',
          eventName: 'Fall Literacy Conference',
          startDate: '2026-10-14',
          priceCents: 14_900,
          activeTickets: 3,
          cancelledTickets: 0,
          tickets: [{ id: 'ticket-1', holderName: 'Tara Thompson', holderEmail: 'tara@example.test' }],
          unassigned: 2,
          cancellable: true,
          policyText: 'Cancellation: …',
        },
      ],
      refunds: [],
      openRequest: null,
    };
    const reply: CancellationReply = {
      cancelledTickets: 3,
      refund: {
        id: 'refund-1',
        paymentId,
        amountCents: 44_700,
        status: 'SETTLED',
        method: 'CARD',
        reason: 'The venue flooded',
        creditNoteNumber: 7,
        createdAt: '2026-05-02T15:00:00.000Z',
        settledAt: '2026-05-02T15:00:00.000Z',
      },
    };
    const calls = stubDetail({
      [`GET ${detail}/cancellation`]: () => jsonResponse(200, view),
      [`POST ${detail}/refund/preview`]: () =>
        jsonResponse(200, {
          tickets: 3,
          faceCents: 44_700,
          paidCents: 44_700,
          feeCents: 0,
          refundCents: 44_700,
          leftCents: 44_700,
        }),
      [`POST ${detail}/refund`]: () => jsonResponse(200, reply),
    });
    await openDetail();
    const user = userEvent.setup({ delay: null });
    expect(screen.queryByRole('button', { name: 'Cancel payment' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: refundDialogMessages.title });
    expect(await within(dialog).findByText('Refund: $447.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(refundDialogMessages.reasonMissing)).toBeInTheDocument();
    expect(calls.some((call) => call.path === `${detail}/refund`)).toBe(false);

    await user.type(within(dialog).getByLabelText(/Reason/), 'The venue flooded');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(refundDialogMessages.done(3, 44_700, 7))).toBeInTheDocument();
    const sent = calls.find((call) => call.path === `${detail}/refund`);
    expect(sent?.body).toEqual({ refund: 'FULL', reason: 'The venue flooded' });
  });
});
