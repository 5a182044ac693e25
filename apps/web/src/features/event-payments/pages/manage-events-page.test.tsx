import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { eventPaymentStatusLabels } from '@portal/domain/commerce/payments.ts';
import { districtFundMessages } from '@portal/domain/organizations/district-funds.ts';
import { aTicket } from '../../../test/allocation.ts';
import { anEventPaymentPage, anEventPaymentRow, seriesEventId } from '../../../test/commerce.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';
import { noTickets } from '../components/my-tickets.tsx';
import type { CancellationView } from '@portal/domain/commerce/refunds.ts';
import { cancelDialogMessages } from '../components/cancel-tickets-dialog.tsx';
import { noEventPayments } from '../components/manage-events-rest.tsx';

const signedIn = {
  'GET /api/me': () => jsonResponse(200, aUser()),
  'GET /api/my-tickets': () => jsonResponse(200, { items: [] }),
  'GET /api/organizations/managed': () => jsonResponse(200, { items: [] }),
  'GET /api/event-payments/unfinished': () => jsonResponse(200, { items: [], page: 1, pageSize: 20, total: 0 }),
  'GET /api/seat-requests/mine': () => jsonResponse(200, { items: [] }),
};
const awaitingId = '00000000-0000-4000-8000-0000000a0002';

function rowOf(text: string) {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`${text} is not in a table row`);
  return row;
}

describe('Manage Events', { timeout: 20_000 }, () => {
  it('lists the event payments with events, organization, tickets, total, status and purchase orders', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/event-payments': () =>
        jsonResponse(
          200,
          anEventPaymentPage([
            anEventPaymentRow(),
            anEventPaymentRow({
              id: awaitingId,
              status: 'PO_SUBMITTED',
              method: 'PURCHASE_ORDER',
              canAllocate: false,
              events: [
                { id: seriesEventId, name: 'Reading Workshop Series', startDate: '2026-09-21', endDate: '2026-11-30' },
              ],
              numberOfTickets: 5,
              total: 44500,
              purchaseOrders: [
                {
                  id: 'po-1',
                  number: 'PO-2026-001',
                  status: 'SUBMITTED',
                  totalCents: 44500,
                  createdAt: '2026-09-02T09:00:00.000Z',
                },
              ],
            }),
            anEventPaymentRow({
              id: '00000000-0000-4000-8000-0000000a0003',
              status: 'AWAITING_PO',
              method: 'PURCHASE_ORDER',
              canAllocate: false,
              events: [{ id: 'e3', name: 'Summer Writing Institute', startDate: '2027-03-01', endDate: '2027-03-05' }],
            }),
          ]),
        ),
    });
    renderApp('/members/manage-events');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage Events' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await screen.findByRole('table', {}, { timeout: 5000 });

    const paid = rowOf('Fall Leadership Conference Day');
    expect(within(paid).getByText('10/14/2026')).toBeInTheDocument();
    expect(within(paid).getByText('Lincoln Elementary School')).toBeInTheDocument();
    expect(within(paid).getByText('$298.00')).toBeInTheDocument();
    expect(within(paid).getByText(eventPaymentStatusLabels.PAID)).toBeInTheDocument();
    expect(within(paid).getByText('1 of 2')).toBeInTheDocument();
    expect(within(paid).getByRole('link', { name: /^Allocate tickets/ })).toHaveAttribute(
      'href',
      `/members/event/assign-tickets?eventPaymentId=${anEventPaymentRow().id}`,
    );

    const submitted = rowOf('Reading Workshop Series');
    expect(within(submitted).getByText('09/21/2026 – 11/30/2026')).toBeInTheDocument();
    expect(within(submitted).getByText('5')).toBeInTheDocument();
    expect(within(submitted).getByText(eventPaymentStatusLabels.PO_SUBMITTED)).toBeInTheDocument();
    expect(within(submitted).getByText('PO-2026-001: Submitted')).toBeInTheDocument();
    expect(within(submitted).queryByRole('link')).not.toBeInTheDocument();

    const awaiting = rowOf('Summer Writing Institute');
    expect(within(awaiting).getByText(eventPaymentStatusLabels.AWAITING_PO)).toBeInTheDocument();
    expect(within(awaiting).getByRole('link', { name: /^Upload purchase order/ })).toHaveAttribute(
      'href',
      '/members/event-cart/checkout/purchase-order?eventPaymentId=00000000-0000-4000-8000-0000000a0003',
    );
  });

  it("draws a row's actions in one size: allocate, receipt, credit note and cancel alike (issue 39)", async () => {
    stubFetch({
      ...signedIn,
      'GET /api/event-payments': () =>
        jsonResponse(
          200,
          anEventPaymentPage([
            anEventPaymentRow({
              receiptNumber: 12,
              refundedCents: 14900,
              creditNotes: [{ refundId: '00000000-0000-4000-8000-0000000c0001', number: 3 }],
              mayCancel: true,
            }),
          ]),
        ),
    });
    renderApp('/members/manage-events');

    await screen.findByRole('table', {}, { timeout: 5000 });
    const row = rowOf('Fall Leadership Conference Day');
    const actions = [
      within(row).getByRole('link', { name: /^Allocate tickets/ }),
      within(row).getByRole('link', { name: /^Download receipt/ }),
      within(row).getByRole('link', { name: /^Download credit note/ }),
      within(row).getByRole('button', { name: /^Cancel tickets/ }),
    ];
    const sizes = actions.map((action) => action.style.getPropertyValue('--text-fz'));
    expect(sizes).toEqual(actions.map(() => 'var(--mantine-font-size-sm)'));
  });

  it("draws a ticket's actions in one size, its certificate among them (issue 39)", async () => {
    stubFetch({
      ...signedIn,
      'GET /api/my-tickets': () => jsonResponse(200, { items: [aTicket({ dates: ['2026-09-14'] })] }),
      'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([])),
      'GET /api/certificates': () =>
        jsonResponse(200, {
          items: [
            {
              id: '00000000-0000-4000-8000-0000000d0001',
              eventId: aTicket().eventId,
              eventName: aTicket().eventName,
              code: 'ABCD-EFGH',
              minutesAttended: 360,
              dates: ['2026-09-14'],
              awaitingEvaluation: null,
            },
          ],
        }),
    });
    renderApp('/members/manage-events');

    const certificate = await screen.findByRole('link', { name: /^Download certificate/ }, { timeout: 5000 });
    const row = certificate.closest('tr');
    if (!row) throw new Error('the certificate link is not in a table row');
    const actions = [
      within(row).getByRole('button', { name: /^Show ticket code/ }),
      within(row).getByRole('button', { name: /^Add to calendar/ }),
      within(row).getByRole('link', { name: /^Resources/ }),
      certificate,
    ];
    const sizes = actions.map((action) => action.style.getPropertyValue('--button-height'));
    expect(sizes).toEqual(actions.map(() => 'var(--button-height-xs)'));
  });

  it('does not offer allocation for a paid payment whose purchase order was voided', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/event-payments': () =>
        jsonResponse(
          200,
          anEventPaymentPage([
            anEventPaymentRow({
              canAllocate: false,
              purchaseOrders: [
                {
                  id: 'po-1',
                  number: 'PO-9',
                  status: 'VOIDED',
                  totalCents: 29800,
                  createdAt: '2026-09-02T09:00:00.000Z',
                },
              ],
            }),
          ]),
        ),
    });
    renderApp('/members/manage-events');

    await screen.findByRole('table', {}, { timeout: 5000 });
    const row = rowOf('Fall Leadership Conference Day');
    expect(within(row).getByText('PO-9: Voided')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /Allocate tickets/ })).not.toBeInTheDocument();
  });

  it("offers no allocation for a past event's payment (the server says it cannot be done), still showing its progress", async () => {
    stubFetch({
      ...signedIn,
      'GET /api/event-payments': () =>
        jsonResponse(
          200,
          anEventPaymentPage([
            anEventPaymentRow({
              canAllocate: false,
              events: [{ id: 'past', name: 'Spring Institute 2024', startDate: '2024-04-02', endDate: '2024-04-04' }],
            }),
          ]),
        ),
    });
    renderApp('/members/manage-events');

    await screen.findByRole('table', { name: 'Event payments' }, { timeout: 5000 });
    const row = rowOf('Spring Institute 2024');
    expect(within(row).getByText('1 of 2')).toBeInTheDocument();
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a paid application as an institute seat in the payments and in My tickets, leading to the application', async () => {
    const institute = { id: 'institute-1', name: 'Coaching Institute', startDate: '2027-01-20', endDate: '2027-01-22' };
    stubFetch({
      ...signedIn,
      'GET /api/my-tickets': () =>
        jsonResponse(200, {
          items: [
            aTicket({
              id: 'payment-9',
              kind: 'INSTITUTE_SEAT',
              applicationId: 'application-9',
              eventId: institute.id,
              eventName: institute.name,
              sectionId: null,
              sectionTitle: null,
              dates: ['2027-01-20', '2027-01-21', '2027-01-22'],
              startDate: institute.startDate,
              endDate: institute.endDate,
              locationName: 'Teachers College, New York',
            }),
          ],
        }),
      'GET /api/event-payments': () =>
        jsonResponse(
          200,
          anEventPaymentPage([
            anEventPaymentRow({
              id: 'payment-9',
              applicationId: 'application-9',
              canAllocate: false,
              events: [institute],
              numberOfTickets: 1,
              allocatedTickets: 0,
              total: 95_000,
            }),
          ]),
        ),
    });
    renderApp('/members/manage-events');

    const tickets = await screen.findByRole('table', { name: 'My tickets' }, { timeout: 5000 });
    const seat = within(tickets).getByText('Coaching Institute').closest('tr');
    if (!seat) throw new Error('no row');
    expect(within(seat).getByText('Institute seat')).toBeInTheDocument();
    expect(within(seat).getByText('01/20/2027 – 01/22/2027')).toBeInTheDocument();
    expect(within(seat).getByRole('link', { name: 'Resources: Coaching Institute' })).toHaveAttribute(
      'href',
      '/members/events/institute-1/resources?eaId=application-9',
    );

    const payments = await screen.findByRole('table', { name: 'Event payments' });
    const row = within(payments).getByText('Coaching Institute').closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Institute seat')).toBeInTheDocument();
    expect(within(row).getByText('$950.00')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /Allocate tickets/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View application: Coaching Institute' })).toHaveAttribute(
      'href',
      '/members/events/applications',
    );
  });

  it("shows a registration request's payment with its seats and attendees, leading to the request, and the attendee's seat in My tickets", async () => {
    const retreat = { id: 'retreat-1', name: 'Team Literacy Retreat', startDate: '2027-02-10', endDate: '2027-02-11' };
    stubFetch({
      ...signedIn,
      'GET /api/my-tickets': () =>
        jsonResponse(200, {
          items: [
            aTicket({
              id: 'request-7',
              kind: 'REGISTRATION_SEAT',
              applicationId: null,
              eventId: retreat.id,
              eventName: retreat.name,
              sectionId: null,
              sectionTitle: null,
              dates: ['2027-02-10', '2027-02-11'],
              startDate: retreat.startDate,
              endDate: retreat.endDate,
              organizationName: 'Washington Middle School',
            }),
          ],
        }),
      'GET /api/event-payments': () =>
        jsonResponse(
          200,
          anEventPaymentPage([
            anEventPaymentRow({
              id: 'payment-7',
              registrationRequestId: 'request-7',
              attendeesNamed: 11,
              canAllocate: false,
              organizationName: 'Washington Middle School',
              events: [retreat],
              numberOfTickets: 12,
              allocatedTickets: 0,
              total: 125_000,
            }),
          ]),
        ),
    });
    renderApp('/members/manage-events');

    const tickets = await screen.findByRole('table', { name: 'My tickets' }, { timeout: 5000 });
    const seat = within(tickets).getByText('Team Literacy Retreat').closest('tr');
    if (!seat) throw new Error('no row');
    expect(within(seat).getByText('Group registration seat')).toBeInTheDocument();
    expect(within(seat).getByText('Washington Middle School')).toBeInTheDocument();

    const payments = await screen.findByRole('table', { name: 'Event payments' });
    const row = within(payments).getByText('Team Literacy Retreat').closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('11 of 12 attendees named')).toBeInTheDocument();
    expect(within(row).getByText('Washington Middle School')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: /Allocate tickets/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View registration: Team Literacy Retreat' })).toHaveAttribute(
      'href',
      '/members/events/registration/requests/request-7',
    );
  });

  it('lists a ticket of an accepted package as a package ticket in My tickets', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/my-tickets': () =>
        jsonResponse(200, {
          items: [
            aTicket({
              id: 'assignment-1',
              kind: 'PACKAGE',
              applicationId: null,
              eventId: 'conference-1',
              eventName: 'Fall Leadership Conference Day',
              sectionId: null,
              sectionTitle: null,
              dates: ['2026-10-14'],
              startDate: '2026-10-14',
              endDate: '2026-10-14',
              organizationName: 'Washington Middle School',
            }),
          ],
        }),
      'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([])),
    });
    renderApp('/members/manage-events');

    const tickets = await screen.findByRole('table', { name: 'My tickets' }, { timeout: 5000 });
    const row = within(tickets).getByText('Fall Leadership Conference Day').closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('Package ticket')).toBeInTheDocument();
    expect(within(row).getByText('Washington Middle School')).toBeInTheDocument();
  });

  it('offers the receipt of a payment that has one, and none for one that has not', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/event-payments': () =>
        jsonResponse(
          200,
          anEventPaymentPage([
            anEventPaymentRow({ receiptNumber: 12 }),
            anEventPaymentRow({ id: awaitingId, status: 'PO_SUBMITTED', canAllocate: false }),
          ]),
        ),
    });
    renderApp('/members/manage-events');
    const link = await screen.findByRole('link', { name: 'Download receipt R-000012' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', `/api/event-payments/${anEventPaymentRow().id}/receipt`);
    expect(screen.getAllByRole('link', { name: /Download receipt/ })).toHaveLength(1);
  });

  it("offers the invoice of an order whose purchase order was invoiced, through the organization's statement", async () => {
    const invoice = { id: '00000000-0000-4000-8000-0000000a0003', number: 42, organizationId: 'org-1' };
    stubFetch({
      ...signedIn,
      'GET /api/event-payments': () =>
        jsonResponse(200, anEventPaymentPage([anEventPaymentRow({ method: 'PURCHASE_ORDER', invoice })])),
    });
    renderApp('/members/manage-events');
    const link = await screen.findByRole('link', { name: 'Download invoice I-000042' }, { timeout: 5000 });
    expect(link).toHaveAttribute('href', `/api/statements/org-1/invoices/${invoice.id}/file`);
    expect(link).toHaveTextContent('Download invoice');
  });

  it('withdraws an order waiting for the district administrator after confirming, with its toast', async () => {
    const id = anEventPaymentRow().id;
    let status: 'AWAITING_APPROVAL' | 'CANCELLED' = 'AWAITING_APPROVAL';
    const calls = stubFetch({
      ...signedIn,
      'GET /api/cart': () => jsonResponse(200, { items: [], subtotal: 0, discount: 0, total: 0, coupon: null }),
      'GET /api/event-payments': () =>
        jsonResponse(
          200,
          anEventPaymentPage([
            anEventPaymentRow({
              status,
              method: 'DISTRICT_FUNDS',
              canAllocate: false,
              mayWithdraw: status === 'AWAITING_APPROVAL',
            }),
          ]),
        ),
      [`POST /api/event-payments/${id}/withdraw`]: () => {
        status = 'CANCELLED';
        return jsonResponse(200, { status: 'CANCELLED', message: districtFundMessages.withdrawn });
      },
    });
    renderApp('/members/manage-events');
    const user = userEvent.setup({ delay: null });
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Withdraw request: Fall Leadership Conference Day' },
        { timeout: 5000 },
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: districtFundMessages.withdrawConfirmTitle });
    expect(within(dialog).getByText('Fall Leadership Conference Day: $298.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: districtFundMessages.withdrawKeep }));
    expect(calls.some((call) => call.path === `/api/event-payments/${id}/withdraw`)).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Withdraw request: Fall Leadership Conference Day' }));
    const again = await screen.findByRole('dialog', { name: districtFundMessages.withdrawConfirmTitle });
    await user.click(within(again).getByRole('button', { name: districtFundMessages.withdrawConfirm }));
    expect(await screen.findByText(districtFundMessages.withdrawn)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Withdraw request/ })).not.toBeInTheDocument());
  });

  it('cancels one ticket within the policy: the refund the server computes shown first, then the credit note beside the receipt', async () => {
    const id = anEventPaymentRow().id;
    let cancelled = false;
    const view: CancellationView = {
      paymentId: id,
      status: 'PAID',
      method: 'CARD',
      totalCents: 29_800,
      refundedCents: 0,
      lines: [
        {
          itemId: 'item-1',
          title: 'Fall Leadership Conference Day — Coaching Writing',
          eventName: 'Fall Leadership Conference Day',
          startDate: '2026-10-14',
          priceCents: 14_900,
          activeTickets: 2,
          cancelledTickets: 0,
          tickets: [{ id: 'ticket-1', holderName: 'Cora Cruz', holderEmail: 'cora@example.test' }],
          unassigned: 1,
          cancellable: true,
          policyText:
            'Cancellation: tickets can be cancelled until 7 days before the event starts for a refund of what was paid, less a fee of $5.00 per ticket.',
        },
      ],
      refunds: [],
      openRequest: null,
    };
    const calls = stubFetch({
      ...signedIn,
      'GET /api/event-payments': () =>
        jsonResponse(
          200,
          anEventPaymentPage([
            anEventPaymentRow({
              receiptNumber: 12,
              mayCancel: true,
              ...(cancelled ? { refundedCents: 14_400, creditNotes: [{ refundId: 'refund-1', number: 3 }] } : {}),
            }),
          ]),
        ),
      [`GET /api/event-payments/${id}/cancellation`]: () => jsonResponse(200, view),
      [`POST /api/event-payments/${id}/cancellation/preview`]: () =>
        jsonResponse(200, {
          tickets: 1,
          faceCents: 14_900,
          paidCents: 14_900,
          feeCents: 500,
          refundCents: 14_400,
          leftCents: 29_800,
        }),
      [`POST /api/event-payments/${id}/cancellation`]: () => {
        cancelled = true;
        return jsonResponse(200, {
          cancelledTickets: 1,
          refund: {
            id: 'refund-1',
            paymentId: id,
            amountCents: 14_400,
            status: 'SETTLED',
            method: 'CARD',
            reason: 'Tickets cancelled by the buyer',
            creditNoteNumber: 3,
            createdAt: '2026-09-03T10:00:00.000Z',
            settledAt: '2026-09-03T10:00:00.000Z',
          },
        });
      },
    });
    renderApp('/members/manage-events');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Cancel tickets/ }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(view.lines[0]?.policyText ?? '')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel tickets' })).toBeDisabled();
    await user.click(within(dialog).getByLabelText("Cora Cruz's ticket (cora@example.test)"));
    expect(await within(dialog).findByText('Refund: $144.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Cancellation fee: $5.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel 1 ticket' }));

    expect(await screen.findByText(cancelDialogMessages.done(1, 14_400, 3))).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST' && call.path === `/api/event-payments/${id}/cancellation`);
    expect(sent?.body).toEqual({ items: [{ itemId: 'item-1', ticketIds: ['ticket-1'], unassigned: 0 }] });
    const note = await screen.findByRole('link', { name: 'Download credit note C-000003' });
    expect(note).toHaveAttribute('href', `/api/event-payments/${id}/credit-notes/refund-1`);
    expect(screen.getByText('$144.00 refunded')).toBeInTheDocument();
  });

  it('outside the policy asks for a cancellation request with a reason', async () => {
    const id = anEventPaymentRow().id;
    const view: CancellationView = {
      paymentId: id,
      status: 'PAID',
      method: 'CARD',
      totalCents: 29_800,
      refundedCents: 0,
      lines: [
        {
          itemId: 'item-1',
          title: 'Fall Leadership Conference Day — Coaching Writing',
          eventName: 'Fall Leadership Conference Day',
          startDate: '2026-10-14',
          priceCents: 14_900,
          activeTickets: 2,
          cancelledTickets: 0,
          tickets: [],
          unassigned: 2,
          cancellable: false,
          policyText:
            'Cancellation: tickets cannot be cancelled online; you can request a cancellation, which staff review.',
        },
      ],
      refunds: [],
      openRequest: null,
    };
    const calls = stubFetch({
      ...signedIn,
      'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([anEventPaymentRow({ mayCancel: true })])),
      [`GET /api/event-payments/${id}/cancellation`]: () => jsonResponse(200, view),
      [`POST /api/event-payments/${id}/cancellation-requests`]: () =>
        jsonResponse(200, { id: 'request-1', status: 'OPEN' }),
    });
    renderApp('/members/manage-events');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: /^Cancel tickets/ }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Send cancellation request' }));
    expect(await within(dialog).findByText('Choose at least one ticket to cancel.')).toBeInTheDocument();
    const count = within(dialog).getByLabelText('Tickets not allocated yet to cancel');
    await user.clear(count);
    await user.type(count, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Send cancellation request' }));
    expect(await within(dialog).findByText('Say why you want to cancel')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Why do you want to cancel/), 'Our trip moved');
    await user.click(within(dialog).getByRole('button', { name: 'Send cancellation request' }));
    expect(await screen.findByText(cancelDialogMessages.requestSent)).toBeInTheDocument();
    const sent = calls.find((call) => call.path === `/api/event-payments/${id}/cancellation-requests`);
    expect(sent?.body).toEqual({
      items: [{ itemId: 'item-1', ticketIds: [], unassigned: 1 }],
      reason: 'Our trip moved',
    });
  });

  it('says when there are no event payments yet', async () => {
    stubFetch({ ...signedIn, 'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([])) });
    renderApp('/members/manage-events');

    expect(await screen.findByText(noEventPayments, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('lists the member’s own tickets above the payments, with event, dates, section and location', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/my-tickets': () =>
        jsonResponse(200, {
          items: [
            aTicket(),
            aTicket({
              id: 'ticket-2',
              eventId: seriesEventId,
              eventName: 'Reading Workshop Series',
              sectionId: null,
              sectionTitle: null,
              dates: ['2026-09-21', '2026-09-22'],
              startDate: '2026-09-21',
              endDate: '2026-11-30',
              locationName: null,
            }),
          ],
        }),
      'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([])),
    });
    renderApp('/members/manage-events');

    const tickets = await screen.findByRole('table', { name: 'My tickets' }, { timeout: 5000 });
    // What is below the first screen is drawn after it.
    await screen.findByRole('heading', { name: 'Event payments' });
    const headings = screen.getAllByRole('heading').map((heading) => [heading.tagName, heading.textContent]);
    expect(headings.slice(-4)).toEqual([
      ['H1', 'Manage Events'],
      ['H2', 'My tickets'],
      ['H2', 'Unfinished orders'],
      ['H2', 'Event payments'],
    ]);
    const conference = within(tickets).getByText('Fall Leadership Conference Day').closest('tr');
    if (!conference) throw new Error('no row');
    expect(within(conference).getByText('10/14/2026')).toBeInTheDocument();
    expect(within(conference).getByText('Coaching Writing')).toBeInTheDocument();
    expect(within(conference).getByText('Room 101')).toBeInTheDocument();
    const series = within(tickets).getByText('Reading Workshop Series').closest('tr');
    if (!series) throw new Error('no row');
    expect(within(series).getByText('09/21/2026 – 11/30/2026')).toBeInTheDocument();
    expect(await screen.findByText(noEventPayments)).toBeInTheDocument();

    // The calendar download: the ticket's days as an .ics file.
    const blobs: Blob[] = [];
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:ticket';
    });
    const revokeUrl = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.setup().click(
      within(conference).getByRole('button', {
        name: 'Add to calendar: Fall Leadership Conference Day: Coaching Writing',
      }),
    );
    expect(click).toHaveBeenCalledTimes(1);
    expect(blobs[0]?.type).toBe('text/calendar');
    const text = await blobs[0]?.text();
    expect(text).toContain('DTSTART;VALUE=DATE:20261014');
    expect(text).toContain('SUMMARY:Fall Leadership Conference Day: Coaching Writing');
    // The ticket's QR code travels in the calendar file too.
    expect(text?.replace(/\r\n /g, '')).toContain('X-FILENAME=ticket-qr.png:iVBORw0KGgo=');
    for (const spy of [click, createUrl, revokeUrl]) spy.mockRestore();

    // The ticket's QR code, in a dialog, for the attendance taker to scan.
    await userEvent.click(
      within(conference).getByRole('button', {
        name: 'Show ticket code: Fall Leadership Conference Day: Coaching Writing',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Fall Leadership Conference Day: Coaching Writing' });
    expect(within(dialog).getByRole('img', { name: 'Ticket code: Fall Leadership Conference Day' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
  });

  it('says when the member holds no tickets', async () => {
    stubFetch({ ...signedIn, 'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([])) });
    renderApp('/members/manage-events');

    expect(await screen.findByText(noTickets, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows a failed load with Retry', async () => {
    stubFetch({ ...signedIn, 'GET /api/event-payments': () => problemResponse(500, 'Internal Server Error') });
    renderApp('/members/manage-events');

    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 8000 })).toBeInTheDocument();
  });

  it('turns pages through the address', async () => {
    const calls = stubFetch({
      ...signedIn,
      'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([anEventPaymentRow()], 45)),
    });
    const app = renderApp('/members/manage-events');

    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Page 3' }, { timeout: 5000 }));
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/event-payments?page=3&pageSize=20')).toBe(true),
    );
    expect(app.location()).toBe('/members/manage-events?page=3');
  });

  it('offers an OWNER or ADMIN the export of each managed organization’s ticket holders, and nobody else', async () => {
    const organizationId = '00000000-0000-4000-8000-00000000e001';
    stubFetch({
      ...signedIn,
      'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([])),
      'GET /api/organizations/managed': () =>
        jsonResponse(200, {
          items: [{ id: organizationId, name: 'Lincoln Elementary School', districtName: null, role: 'OWNER' }],
        }),
    });
    renderApp('/members/manage-events', { mantineEnv: 'test' });
    const menu = await screen.findByRole('button', { name: 'Export ticket holders of Lincoln Elementary School' });
    await userEvent.click(menu);
    expect(await screen.findByRole('menuitem', { name: 'CSV' })).toHaveAttribute(
      'href',
      `/api/organizations/${organizationId}/ticket-holders/export?format=csv`,
    );
  });

  it('draws its first screen in one commit with every read in, and what is below it in a later one', async () => {
    const organizationId = '00000000-0000-4000-8000-00000000e001';
    stubFetch({
      ...signedIn,
      'GET /api/my-tickets': () => jsonResponse(200, { items: [aTicket(), aTicket({ id: 'ticket-2' })] }),
      'GET /api/certificates': () => jsonResponse(200, { items: [] }),
      'GET /api/evaluations': () => jsonResponse(200, { items: [] }),
      'GET /api/attendance/events': () =>
        jsonResponse(200, {
          items: [
            { id: seriesEventId, name: 'Reading Workshop Series', startDate: '2026-09-21', endDate: '2026-11-30' },
          ],
        }),
      'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([anEventPaymentRow()])),
      'GET /api/organizations/managed': () =>
        jsonResponse(200, {
          items: [{ id: organizationId, name: 'Lincoln Elementary School', districtName: null, role: 'OWNER' }],
        }),
    });
    // What each commit of the page showed: its section headings, and whether anything still loaded.
    const commits: { headings: string[]; loading: string[] }[] = [];
    renderApp('/members/manage-events', {
      onCommit: () => {
        if (document.querySelector('h1')?.textContent !== 'Manage Events') return;
        commits.push({
          headings: [...document.querySelectorAll('h2')].map((heading) => heading.textContent),
          loading: [...document.querySelectorAll('[role="status"]')].map((status) => status.ariaLabel ?? ''),
        });
      },
    });
    expect(
      await screen.findByRole(
        'button',
        { name: 'Export ticket holders of Lincoln Elementary School' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    const tickets = screen.getByRole('table', { name: 'My tickets' });
    expect(within(tickets).getAllByText('Fall Leadership Conference Day')).toHaveLength(2);

    // The first screen at once, with every read of it in: no section drawn as loading and then again when it settles.
    expect(commits[0]).toEqual({
      headings: ['My tickets', 'Attendance'],
      loading: ['Loading your orders and payments'],
    });
    const below = commits.findIndex((commit) => commit.headings.includes('Event payments'));
    expect(below).toBeGreaterThan(0);
    expect(commits[below]?.headings).toEqual([
      'My tickets',
      'Attendance',
      'Unfinished orders',
      'Event payments',
      'Your organizations’ ticket holders',
    ]);
    expect(commits[below]?.loading).toEqual([]);
  });

  it('shows no organization export to a member who manages none', async () => {
    stubFetch({ ...signedIn, 'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([])) });
    renderApp('/members/manage-events');
    expect(await screen.findByText(noEventPayments)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your organizations’ ticket holders' })).not.toBeInTheDocument();
  });
});
