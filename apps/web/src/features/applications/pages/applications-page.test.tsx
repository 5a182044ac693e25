import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { applicationMessages, legacyPaymentHelp, paymentDueText } from '@portal/domain/applications/rules.ts';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import type { ApplicationRow } from '@portal/domain/applications/contracts.ts';
import { browserWindow } from '../../../shared/commerce/follow-redirect.ts';
import {
  aLegacyPage,
  aLegacyRow,
  anAcceptedRow,
  anApplicationPage,
  anApplicationPayment,
  anApplicationRow,
  applicationPaymentId,
  rowIds,
  rowInstituteId,
  rowPaymentOptions,
} from '../../../test/application-rows.ts';
import { jsonResponse, problemResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub.ts';
import { aProfile } from '../../../test/profile.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';
import { tryAgainSoonMessage } from '@portal/domain/problems/messages.ts';

const listPath = '/members/events/applications';
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const payApi = `/api/event-applications/${rowIds.accepted}/pay`;

function stubList(rows: ApplicationRow[], routes: Parameters<typeof stubFetch>[0] = {}, legacy = aLegacyPage()) {
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, aUser()),
    'GET /api/event-applications': () => jsonResponse(200, anApplicationPage(rows)),
    'GET /api/legacy-event-applications': () => jsonResponse(200, legacy),
    'GET /api/payments/options': () => jsonResponse(200, { card: { available: true, unavailableReason: null } }),
    ...routes,
  });
}

async function openList() {
  const app = renderApp(listPath);
  expect(
    await screen.findByRole('heading', { level: 1, name: 'My Event Applications' }, { timeout: 5000 }),
  ).toBeInTheDocument();
  return { app, user: userEvent.setup({ delay: null }) };
}

const card = (name = 'Coaching Institute') => screen.findByRole('article', { name });
const calledWith = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

describe('My Event Applications', { timeout: 30_000 }, () => {
  beforeEach(() => notifications.clean());

  it('shows each application with its event, dates, status and the buttons of its state', async () => {
    stubList([
      anApplicationRow(),
      anApplicationRow({
        id: rowIds.submitted,
        status: 'SUBMITTED',
        event: { ...anApplicationRow().event, name: 'Leadership Institute' },
      }),
      anAcceptedRow({ event: { ...anApplicationRow().event, name: 'Writing Institute' } }),
    ]);
    await openList();

    const started = await card();
    expect(within(started).getByText('07/13/2026 – 07/17/2026')).toBeInTheDocument();
    expect(within(started).getByText('Albany Convention Center')).toBeInTheDocument();
    expect(within(started).getByText('Application Started')).toBeInTheDocument();
    expect(within(started).getByRole('link', { name: 'Complete Application' })).toHaveAttribute(
      'href',
      applicationPaths.step(rowIds.started, 'general-information'),
    );
    // Nothing to pay before acceptance.
    expect(within(started).queryByText('Payment Incomplete')).not.toBeInTheDocument();
    expect(within(started).queryByRole('textbox', { name: 'Coupon code' })).not.toBeInTheDocument();

    const submitted = await card('Leadership Institute');
    expect(within(submitted).getByText('Submitted')).toBeInTheDocument();
    expect(within(submitted).getByRole('link', { name: 'Review Application' })).toHaveAttribute(
      'href',
      applicationPaths.step(rowIds.submitted, 'review-and-submit'),
    );
    expect(within(submitted).queryByRole('link', { name: 'Complete Application' })).not.toBeInTheDocument();

    const accepted = await card('Writing Institute');
    expect(within(accepted).getByText('Accepted')).toBeInTheDocument();
    // §4: 'Payment Incomplete' stands on its own, without the status line.
    expect(within(accepted).getByText('Payment Incomplete')).toBeInTheDocument();
    expect(within(accepted).queryByText(/^Payment status:/)).not.toBeInTheDocument();
    expect(within(accepted).getByText('Payment method: Credit Card')).toBeInTheDocument();
    expect(within(accepted).getByText('Amount due: $950.00')).toBeInTheDocument();
    expect(within(accepted).getByText(paymentDueText(30))).toBeInTheDocument();
    expect(within(accepted).getByRole('button', { name: 'Change payment method' })).toBeInTheDocument();
    expect(within(accepted).getByRole('button', { name: 'Pay by Credit Card' })).toBeInTheDocument();
    expect(within(accepted).getByRole('link', { name: 'Resources' })).toHaveAttribute(
      'href',
      applicationPaths.resources(rowInstituteId, rowIds.accepted),
    );
    expect(within(accepted).getByRole('textbox', { name: 'Coupon code' })).toBeInTheDocument();
  });

  it('shows the payment status line, the purchase-order and free ways to pay, one due day, and Manage Registration', async () => {
    stubList([
      anAcceptedRow({ paymentOption: rowPaymentOptions.purchaseOrder, paymentStatus: 'AWAITING_PO', dueDays: 1 }),
      anAcceptedRow({
        id: rowIds.submitted,
        event: { ...anApplicationRow().event, name: 'Leadership Institute' },
        paymentStatus: 'PO_SUBMITTED',
        paymentOption: rowPaymentOptions.purchaseOrder,
        payment: {
          eventPaymentId: applicationPaymentId,
          status: 'PO_SUBMITTED',
          method: 'PURCHASE_ORDER',
          totalCents: 95000,
        },
      }),
      anAcceptedRow({
        id: rowIds.started,
        event: { ...anApplicationRow().event, name: 'Writing Institute' },
        coupon: { code: 'FULLRIDE', type: 'PERCENTAGE', discountAmount: null, discountPercentage: 100 },
        amounts: { priceCents: 95000, discountCents: 95000, amountDueCents: 0 },
        registrationRequestId: 'request-7',
      }),
    ]);
    await openList();

    const awaiting = await card();
    expect(within(awaiting).getByText('Payment status:')).toBeInTheDocument();
    expect(within(awaiting).getByText('Awaiting Purchase Order')).toBeInTheDocument();
    expect(within(awaiting).getByText(paymentDueText(1))).toBeInTheDocument();
    expect(paymentDueText(1)).toBe('Payment due in 1 day');
    expect(within(awaiting).getByRole('button', { name: 'Pay by Purchase Order' })).toBeInTheDocument();

    const underReview = await card('Leadership Institute');
    expect(within(underReview).getByText('Purchase order submitted')).toBeInTheDocument();
    expect(within(underReview).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(underReview).queryByRole('button', { name: 'Change payment method' })).not.toBeInTheDocument();
    expect(within(underReview).queryByRole('textbox', { name: 'Coupon code' })).not.toBeInTheDocument();
    expect(within(underReview).queryByText(/^Payment due/)).not.toBeInTheDocument();

    const free = await card('Writing Institute');
    expect(within(free).getByText('Price $950.00, coupon −$950.00')).toBeInTheDocument();
    expect(within(free).getByText('Amount due: $0.00')).toBeInTheDocument();
    expect(within(free).getByRole('button', { name: 'Pay' })).toBeInTheDocument();
    expect(within(free).getByRole('link', { name: 'Manage Registration' })).toHaveAttribute(
      'href',
      applicationPaths.registration('request-7'),
    );
  });

  it('shows a paid application as Paid, with its resources and nothing left to pay', async () => {
    stubList([
      anAcceptedRow({
        paymentStatus: 'PAID',
        payment: { eventPaymentId: applicationPaymentId, status: 'PAID', method: 'CARD', totalCents: 95000 },
      }),
    ]);
    await openList();

    const paid = await card();
    expect(within(paid).getByText('Payment status:')).toBeInTheDocument();
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).getByRole('link', { name: 'Resources' })).toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: 'Change payment method' })).not.toBeInTheDocument();
    expect(within(paid).queryByText(/^Amount due/)).not.toBeInTheDocument();
    expect(within(paid).queryByRole('textbox', { name: 'Coupon code' })).not.toBeInTheDocument();
  });

  it('shows a card payment that came too late as Refund needed, says it will be refunded, and offers Pay again', async () => {
    stubList([
      anAcceptedRow({
        paymentStatus: 'REFUND_NEEDED',
        payment: { eventPaymentId: applicationPaymentId, status: 'REFUND_NEEDED', method: 'CARD', totalCents: 95000 },
      }),
    ]);
    await openList();

    const refunded = await card();
    expect(within(refunded).getByText('Refund needed')).toBeInTheDocument();
    expect(within(refunded).getByText(paymentMessages.refundNeeded)).toBeInTheDocument();
    expect(within(refunded).getByText('Amount due: $950.00')).toBeInTheDocument();
    await waitFor(() => expect(within(refunded).getByRole('button', { name: 'Pay by Credit Card' })).toBeEnabled());
  });

  it('changes the payment method in a dialog, requiring a choice', async () => {
    let saved = false;
    const calls = stubList([anAcceptedRow({ paymentOption: null })], {
      'GET /api/event-applications': () =>
        jsonResponse(
          200,
          anApplicationPage([anAcceptedRow({ paymentOption: saved ? rowPaymentOptions.purchaseOrder : null })]),
        ),
      [`PUT /api/event-applications/${rowIds.accepted}/payment-method`]: () => {
        saved = true;
        return jsonResponse(200, {});
      },
    });
    const { user } = await openList();

    const accepted = await card();
    expect(within(accepted).getByText('Payment method: Not chosen yet')).toBeInTheDocument();
    // No option chosen, no amount to skip: nothing to pay with yet.
    expect(within(accepted).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    await user.click(within(accepted).getByRole('button', { name: 'Change payment method' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change payment method' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(applicationMessages.paymentOptionRequired)).toBeInTheDocument();
    expect(calledWith(calls, 'PUT', `/api/event-applications/${rowIds.accepted}/payment-method`)).toHaveLength(0);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Payment option/ }), 'Purchase Order');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(applicationMessages.paymentMethodUpdated)).toBeInTheDocument();
    expect(calledWith(calls, 'PUT', `/api/event-applications/${rowIds.accepted}/payment-method`)[0]?.body).toEqual({
      paymentOptionId: rowPaymentOptions.purchaseOrder.id,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await card()).findByText('Payment method: Purchase Order')).toBeInTheDocument();
    expect(within(await card()).getByRole('button', { name: 'Pay by Purchase Order' })).toBeInTheDocument();
  });

  it('shows the server refusal of a payment method change and keeps the dialog open', async () => {
    stubList([anAcceptedRow()], {
      [`PUT /api/event-applications/${rowIds.accepted}/payment-method`]: () =>
        problemResponse(409, 'Conflict', { detail: applicationMessages.purchaseOrderUnderReview }),
    });
    const { user } = await openList();

    await user.click(within(await card()).getByRole('button', { name: 'Change payment method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change payment method' });
    expect(within(dialog).getByRole('combobox', { name: /^Payment option/ })).toHaveValue(rowPaymentOptions.card.id);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(applicationMessages.purchaseOrderUnderReview)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Change payment method' })).toBeInTheDocument();
  });

  it('applies a coupon: an empty code is refused here, a refusal says why, a success says so, and Remove sends an empty code', async () => {
    let coupon: ApplicationRow['coupon'] = null;
    const couponApi = `/api/event-applications/${rowIds.accepted}/coupon`;
    const calls = stubList([], {
      'GET /api/event-applications': () => jsonResponse(200, anApplicationPage([anAcceptedRow({ coupon })])),
      [`POST ${couponApi}`]: (body) => {
        const code = (body as { code: string }).code;
        if (code === 'EXPIRED10') {
          return problemResponse(400, 'Bad Request', {
            detail: applicationMessages.couponError,
            errors: { code: 'This coupon has expired.' },
          });
        }
        coupon = code ? { code, type: 'FIXED', discountAmount: 10000, discountPercentage: null } : null;
        return jsonResponse(200, {});
      },
    });
    const { user } = await openList();

    const accepted = await card();
    await user.click(within(accepted).getByRole('button', { name: 'Apply' }));
    expect(await within(accepted).findByText(applicationMessages.couponRequired)).toBeInTheDocument();
    expect(calledWith(calls, 'POST', couponApi)).toHaveLength(0);

    await user.type(within(accepted).getByRole('textbox', { name: 'Coupon code' }), 'EXPIRED10');
    await user.click(within(accepted).getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText(applicationMessages.couponError, { selector: '.mantine-Notification-description' }),
    ).toBeInTheDocument();
    expect(await within(accepted).findByText('This coupon has expired.')).toBeInTheDocument();

    const field = within(accepted).getByRole('textbox', { name: 'Coupon code' });
    await user.clear(field);
    await user.type(field, ' SAVE100 ');
    await user.click(within(accepted).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(applicationMessages.couponApplied)).toBeInTheDocument();
    expect(calledWith(calls, 'POST', couponApi).at(-1)?.body).toEqual({ code: 'SAVE100' });
    expect(await within(await card()).findByText('SAVE100')).toBeInTheDocument();

    await user.click(within(await card()).getByRole('button', { name: 'Remove coupon' }));
    expect(await screen.findByText(applicationMessages.couponRemoved)).toBeInTheDocument();
    expect(calledWith(calls, 'POST', couponApi).at(-1)?.body).toEqual({ code: '' });
    expect(await within(await card()).findByRole('textbox', { name: 'Coupon code' })).toBeInTheDocument();
  });

  it('pays by card with an Idempotency-Key and leaves for the provider with a full page load', async () => {
    const assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => {});
    const stripeUrl = 'https://checkout.stripe.com/c/pay/cs_test_456';
    const calls = stubList([anAcceptedRow()], {
      [`POST ${payApi}`]: () => jsonResponse(201, { eventPaymentId: applicationPaymentId, redirectUrl: stripeUrl }),
    });
    const { app, user } = await openList();

    await user.click(within(await card()).getByRole('button', { name: 'Pay by Credit Card' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(stripeUrl));
    expect(app.location()).toBe(listPath);
    const pay = calledWith(calls, 'POST', payApi)[0];
    expect(pay?.headers['Idempotency-Key']).toMatch(uuid);
    expect(pay?.headers['x-requested-with']).toBe('portal');
    assign.mockRestore();
  });

  it('pays by purchase order: the application purchase order page opens', async () => {
    const poUrl = applicationPaths.purchaseOrder(applicationPaymentId);
    stubList([anAcceptedRow({ paymentOption: rowPaymentOptions.purchaseOrder, paymentStatus: 'AWAITING_PO' })], {
      [`POST ${payApi}`]: () => jsonResponse(201, { eventPaymentId: applicationPaymentId, redirectUrl: poUrl }),
      [`GET /api/event-payments/${applicationPaymentId}`]: () => jsonResponse(200, anApplicationPayment()),
      'GET /api/profile': () => jsonResponse(200, aProfile()),
    });
    const { app, user } = await openList();

    await user.click(within(await card()).getByRole('button', { name: 'Pay by Purchase Order' }));

    await waitFor(() => expect(app.location()).toBe(poUrl));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay by Purchase Order' })).toBeInTheDocument();
  });

  it("issue 41: downloads a quote of an accepted application's payment before paying", async () => {
    const quoteApi = `/api/event-applications/${rowIds.accepted}/quote`;
    const calls = stubList([anAcceptedRow({ paymentOption: rowPaymentOptions.purchaseOrder })], {
      [`POST ${quoteApi}`]: () =>
        jsonResponse(201, {
          quoteId: 'quote-9',
          number: 'Q-000009',
          totalCents: 95000,
          validUntil: '2026-12-31T15:00:00.000Z',
          holdsSeats: false,
          pdfUrl: '/api/quotes/quote-9/pdf',
        }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = await openList();

    await user.click(within(await card()).getByRole('button', { name: 'Download quote' }));

    expect(await within(await card()).findByText(/Quote Q-000009, valid until 12\/31\/2026\./)).toBeInTheDocument();
    expect(calledWith(calls, 'POST', quoteApi)).toHaveLength(1);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('keeps the Idempotency-Key when the answer is lost, and starts a new attempt after a refusal', async () => {
    let attempts = 0;
    const calls = stubList([anAcceptedRow()], {
      [`POST ${payApi}`]: () => {
        attempts += 1;
        if (attempts === 1) return problemResponse(503, 'Service Unavailable');
        if (attempts === 2) return problemResponse(409, 'Conflict', { detail: 'Coaching Institute is sold out.' });
        return jsonResponse(201, {
          eventPaymentId: applicationPaymentId,
          redirectUrl: applicationPaths.success(applicationPaymentId, 'free'),
        });
      },
      [`GET /api/event-payments/${applicationPaymentId}`]: () =>
        jsonResponse(200, anApplicationPayment({ status: 'PAID', total: 0 })),
    });
    const { app, user } = await openList();
    const payButton = async () => within(await card()).getByRole('button', { name: 'Pay by Credit Card' });
    const listReads = () => calledWith(calls, 'GET', '/api/event-applications?page=1&pageSize=10').length;

    await user.click(await payButton());
    expect(await screen.findByText(tryAgainSoonMessage)).toBeInTheDocument();
    await waitFor(async () => expect(await payButton()).toBeEnabled());
    const readsBefore = listReads();
    await user.click(await payButton());
    expect(await screen.findByText('Coaching Institute is sold out.')).toBeInTheDocument();
    // A refusal reads the list again: the application as it is now.
    await waitFor(() => expect(listReads()).toBeGreaterThan(readsBefore));
    await waitFor(async () => expect(await payButton()).toBeEnabled());
    await user.click(await payButton());

    await waitFor(() => expect(app.location()).toBe(applicationPaths.success(applicationPaymentId, 'free')));
    const [first, second, third] = calledWith(calls, 'POST', payApi);
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
    expect(third?.headers['Idempotency-Key']).not.toBe(second?.headers['Idempotency-Key']);
  });

  it('lists legacy applications in their own section with the labels and buttons their ids imply (§9)', async () => {
    stubList(
      [anApplicationRow()],
      {},
      aLegacyPage([
        aLegacyRow(),
        aLegacyRow({ id: 'legacy-2', eventName: 'Spring Math Institute 2018', statusId: 3, paymentStatusId: null }),
        aLegacyRow({
          id: 'legacy-3',
          eventName: 'Writing Coaches Institute 2021',
          statusId: 4,
          paymentStatusId: 1,
          paymentTypeId: 4,
          balanceCents: 45_000,
        }),
        aLegacyRow({
          id: 'legacy-4',
          eventName: 'Math Leaders Institute 2022',
          statusId: 1,
          paymentStatusId: 1,
          paymentTypeId: 5,
          balanceCents: 60_000,
        }),
        aLegacyRow({
          id: 'legacy-5',
          eventName: 'Science Institute 2017',
          statusId: 1,
          paymentStatusId: 1,
          paymentTypeId: 1,
          balanceCents: null,
        }),
        aLegacyRow({
          id: 'legacy-6',
          eventName: 'Reading Recovery Institute 2016',
          statusId: 1,
          paymentStatusId: 1,
          paymentTypeId: 3,
          balanceCents: 30_000,
          payment: {
            eventPaymentId: 'payment-legacy-6',
            status: 'PO_SUBMITTED',
            method: 'PURCHASE_ORDER',
            totalCents: 30_000,
          },
        }),
      ]),
    );
    await openList();

    const legacySection = await screen.findByRole('region', { name: 'Earlier applications' });
    const paid = within(legacySection).getByRole('article', { name: 'Summer Reading Institute 2019' });
    expect(within(paid).getByText('07/08/2019 – 07/12/2019')).toBeInTheDocument();
    expect(within(paid).getByText('Accepted')).toBeInTheDocument();
    expect(within(paid).getByText('Payment status:')).toBeInTheDocument();
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).getByRole('link', { name: 'Resources' })).toHaveAttribute(
      'href',
      applicationPaths.resources(aLegacyRow().eventId ?? '', aLegacyRow().id),
    );
    expect(within(paid).queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    const rejected = within(legacySection).getByRole('article', { name: 'Spring Math Institute 2018' });
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).queryByRole('link')).not.toBeInTheDocument();
    expect(within(rejected).queryByRole('button')).not.toBeInTheDocument();

    // Accepted (4), unpaid (1), by check (4), with the balance imported: the card button takes it.
    const byCheck = within(legacySection).getByRole('article', { name: 'Writing Coaches Institute 2021' });
    expect(within(byCheck).getByRole('button', { name: 'Pay by Credit Card' })).toBeEnabled();
    expect(within(byCheck).getByText('Payment Incomplete')).toBeInTheDocument();
    expect(within(byCheck).getByText('Amount due: $450.00')).toBeInTheDocument();
    // Accepted (1), unpaid (1), by purchase order (5).
    const byPurchaseOrder = within(legacySection).getByRole('article', { name: 'Math Leaders Institute 2022' });
    expect(within(byPurchaseOrder).getByRole('button', { name: 'Pay by Purchase Order' })).toBeEnabled();
    expect(within(byPurchaseOrder).getByText('Awaiting Purchase Order')).toBeInTheDocument();
    expect(within(byPurchaseOrder).getByText('Amount due: $600.00')).toBeInTheDocument();
    // No balance imported: the button its ids call for, off, saying how to pay instead.
    const noBalance = within(legacySection).getByRole('article', { name: 'Science Institute 2017' });
    const offButton = within(noBalance).getByRole('button', { name: 'Pay by Credit Card' });
    expect(offButton).toBeDisabled();
    expect(offButton).toHaveAccessibleDescription(legacyPaymentHelp);
    // Its purchase order under review here: no button.
    const underReview = within(legacySection).getByRole('article', { name: 'Reading Recovery Institute 2016' });
    expect(within(underReview).getByText('Purchase order submitted')).toBeInTheDocument();
    expect(within(underReview).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Applications' })).toBeInTheDocument();
  });

  it('pays a legacy application by purchase order with an Idempotency-Key: its purchase order page opens', async () => {
    const poUrl = applicationPaths.purchaseOrder(applicationPaymentId);
    const legacyPayApi = '/api/legacy-event-applications/legacy-4/pay';
    const calls = stubList(
      [],
      {
        [`POST ${legacyPayApi}`]: () => jsonResponse(200, { eventPaymentId: applicationPaymentId, redirectUrl: poUrl }),
        [`GET /api/event-payments/${applicationPaymentId}`]: () =>
          jsonResponse(
            200,
            anApplicationPayment({
              items: [],
              legacyApplication: { id: 'legacy-4', eventName: 'Math Leaders Institute 2022' },
              subtotal: 60_000,
              total: 60_000,
            }),
          ),
        'GET /api/profile': () => jsonResponse(200, aProfile()),
      },
      aLegacyPage([
        aLegacyRow({
          id: 'legacy-4',
          eventName: 'Math Leaders Institute 2022',
          statusId: 4,
          paymentStatusId: 1,
          paymentTypeId: 5,
          balanceCents: 60_000,
        }),
      ]),
    );
    const { app, user } = await openList();

    await user.click(
      within(await card('Math Leaders Institute 2022')).getByRole('button', { name: 'Pay by Purchase Order' }),
    );

    await waitFor(() => expect(app.location()).toBe(poUrl));
    expect(calledWith(calls, 'POST', legacyPayApi)[0]?.headers['Idempotency-Key']).toMatch(uuid);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pay by Purchase Order' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Math Leaders Institute 2022 — application balance')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Institute' })).toHaveValue('Math Leaders Institute 2022');
  });

  it('turns Pay by Credit Card off, saying why, when card payment is not configured; purchase orders stay', async () => {
    const calls = stubList(
      [
        anAcceptedRow(),
        anAcceptedRow({
          id: rowIds.submitted,
          event: { ...anApplicationRow().event, name: 'Writing Institute' },
          paymentOption: rowPaymentOptions.purchaseOrder,
          paymentStatus: 'AWAITING_PO',
        }),
      ],
      {
        'GET /api/payments/options': () =>
          jsonResponse(200, { card: { available: false, unavailableReason: paymentMessages.cardUnavailable } }),
      },
      aLegacyPage([
        aLegacyRow({
          id: 'legacy-3',
          eventName: 'Writing Coaches Institute 2021',
          paymentStatusId: 1,
          paymentTypeId: 4,
          balanceCents: 45_000,
        }),
      ]),
    );
    const { user } = await openList();
    // The legacy card button too.
    const legacyPay = within(await card('Writing Coaches Institute 2021')).getByRole('button', {
      name: 'Pay by Credit Card',
    });
    await waitFor(() => expect(legacyPay).toHaveAccessibleDescription(paymentMessages.cardUnavailable));
    expect(legacyPay).toBeDisabled();

    const byCard = await card();
    const pay = within(byCard).getByRole('button', { name: 'Pay by Credit Card' });
    await waitFor(() => expect(pay).toHaveAccessibleDescription(paymentMessages.cardUnavailable));
    expect(pay).toBeDisabled();
    await user.click(pay);
    expect(calledWith(calls, 'POST', payApi)).toHaveLength(0);
    const byPurchaseOrder = await card('Writing Institute');
    expect(within(byPurchaseOrder).getByRole('button', { name: 'Pay by Purchase Order' })).toBeEnabled();
    expect(within(byPurchaseOrder).queryByText(paymentMessages.cardUnavailable)).not.toBeInTheDocument();
  });

  it('says No events found when the member has neither applications nor legacy ones', async () => {
    stubList([]);
    await openList();

    expect(await screen.findByText(applicationMessages.noEvents)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Applications' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Earlier applications' })).not.toBeInTheDocument();
  });

  it('shows a failed load with Retry, and reads again', async () => {
    let fail = true;
    stubList([], {
      'GET /api/event-applications': () =>
        fail ? problemResponse(500, 'Internal Server Error') : jsonResponse(200, anApplicationPage()),
    });
    const { user } = await openList();

    expect(await screen.findByText('Internal Server Error', {}, { timeout: 8000 })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card()).toBeInTheDocument();
  });

  it('pages through the applications in the address', async () => {
    const calls = stubList([], {
      'GET /api/event-applications': (_body, url) => {
        const page = Number(url.searchParams.get('page'));
        const row = anApplicationRow({
          id: `row-${page}`,
          event: { ...anApplicationRow().event, name: `Institute ${page}` },
        });
        return jsonResponse(200, { ...anApplicationPage([row], 25), page });
      },
    });
    const { app, user } = await openList();
    expect(await screen.findByRole('article', { name: 'Institute 1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'Institute 2' })).toBeInTheDocument();
    expect(app.location()).toBe(`${listPath}?page=2`);
    expect(calls.some((call) => call.path === '/api/event-applications?page=2&pageSize=10')).toBe(true);
  });
});
