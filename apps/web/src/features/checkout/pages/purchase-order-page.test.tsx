import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { cancelCheckoutMessages, paymentMessages } from '@portal/domain/commerce/payments.ts';
import { purchaseOrderMessages } from '@portal/domain/commerce/purchase-orders.ts';
import { aCart, anEventPayment, eventPaymentId } from '../../../test/commerce.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { aProfile } from '../../../test/profile.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const checkoutPath = '/members/event-cart/checkout';
const pagePath = `${checkoutPath}/purchase-order?eventPaymentId=${eventPaymentId}`;
const awaiting = anEventPayment({
  status: 'AWAITING_PO',
  method: 'PURCHASE_ORDER',
  provider: null,
  couponUse: { coupon: { code: 'SAVE25', type: 'FIXED', discountAmount: 2500, discountPercentage: null } },
  discount: 2500,
  total: 27300,
});

function stubPayment(payment = awaiting, routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, aUser()),
    'GET /api/profile': () => jsonResponse(200, aProfile()),
    'GET /api/cart': () => jsonResponse(200, aCart({ items: [] })),
    [`GET /api/event-payments/${eventPaymentId}`]: () => jsonResponse(200, payment),
    'POST /api/purchase-orders': () => jsonResponse(201, { purchaseOrderId: 'po-1' }),
    ...routes,
  });
}

/** Lincoln and Washington; a second membership in Lincoln is still one choice. */
function twoOrganizations() {
  const lincoln = aProfile().memberships[0];
  if (!lincoln) throw new Error('the test profile has a membership');
  return aProfile({
    memberships: [
      lincoln,
      { ...lincoln, id: 'membership-2', organizationId: 'org-2', organizationName: 'Washington Middle School' },
      { ...lincoln, id: 'membership-3' },
    ],
  });
}

const aPdf = (name = 'PO-2026-001.pdf') => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });
const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function openPage() {
  const app = renderApp(pagePath);
  await screen.findByRole('button', { name: 'Submit purchase order' }, { timeout: 5000 });
  return { app, user: userEvent.setup({ delay: null, applyAccept: false }) };
}

describe('purchase order page', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('sends a visit without an eventPaymentId to the checkout', async () => {
    stubPayment();
    const app = renderApp(`${checkoutPath}/purchase-order`);

    await waitFor(() => expect(app.location()).toBe(checkoutPath), { timeout: 5000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Event Cart' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('sends the member to the checkout when the payment cannot be read', async () => {
    stubPayment(awaiting, {
      [`GET /api/event-payments/${eventPaymentId}`]: () =>
        problemResponse(404, 'Not Found', { detail: paymentMessages.notFound }),
    });
    const app = renderApp(pagePath);

    await waitFor(() => expect(app.location()).toBe(checkoutPath), { timeout: 5000 });
    expect(await screen.findByText(paymentMessages.notFound)).toBeInTheDocument();
  });

  it('shows the cart summary: each item, the coupon and the total', async () => {
    stubPayment();
    await openPage();

    const summary = screen.getByRole('region', { name: 'Order summary' });
    const row = within(summary).getByText('Fall Leadership Conference Day — Coaching Writing').closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('$298.00')).toBeInTheDocument();
    expect(within(summary).getByText('Coupon SAVE25')).toBeInTheDocument();
    expect(within(summary).getByText('−$25.00')).toBeInTheDocument();
    expect(within(summary).getByText('$273.00')).toBeInTheDocument();
    // The total field starts at the payment's total, in dollars.
    expect(field('Purchase order total')).toHaveValue('273.00');
    // The contact starts as the member's own; they change it for the purchasing office.
    expect(field('Contact name')).toHaveValue(`${aProfile().firstName} ${aProfile().lastName}`);
    expect(field('Contact email')).toHaveValue(aProfile().email);
    expect(field('Contact phone')).toHaveValue('(518) 555-0100');
  });

  it('shows every validation message of events.md §5', async () => {
    const calls = stubPayment(awaiting, {
      'GET /api/profile': () => jsonResponse(200, twoOrganizations()),
    });
    const { user } = await openPage();

    await user.clear(field('Purchase order total'));
    // The contact starts as the member's own (contactFromProfile): emptied, each field says it is needed.
    await user.clear(field('Contact name'));
    await user.clear(field('Contact email'));
    await user.clear(field('Contact phone'));
    await user.click(screen.getByRole('button', { name: 'Submit purchase order' }));

    for (const message of [
      purchaseOrderMessages.fileRequired,
      purchaseOrderMessages.filenameRequired,
      purchaseOrderMessages.emailRequired,
      purchaseOrderMessages.nameRequired,
      'Phone is required',
      purchaseOrderMessages.numberRequired,
      purchaseOrderMessages.organizationRequired,
      purchaseOrderMessages.totalRequired,
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }

    await user.upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.clear(field('Contact email'));
    await user.type(field('Contact email'), 'not-an-email');
    await user.clear(field('Contact phone'));
    await user.type(field('Contact phone'), '518555');
    await user.type(field('Purchase order total'), 'twelve');
    await user.click(screen.getByRole('button', { name: 'Submit purchase order' }));

    expect(await screen.findByText(purchaseOrderMessages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText('Phone is invalid')).toBeInTheDocument();
    expect(screen.getByText(purchaseOrderMessages.fileRequired)).toBeInTheDocument();
    expect(screen.getByText(purchaseOrderMessages.totalRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('fills the filename from the chosen file, and keeps a filename the member wrote', async () => {
    stubPayment();
    const { user } = await openPage();

    await user.upload(fileInput(), aPdf('district-po.pdf'));
    expect(field('Filename')).toHaveValue('district-po.pdf');

    await user.clear(field('Filename'));
    await user.type(field('Filename'), 'Lincoln PO');
    await user.upload(fileInput(), aPdf('other.pdf'));
    expect(field('Filename')).toHaveValue('Lincoln PO');
  });

  it('offers to clear the chosen file with a named button', async () => {
    stubPayment();
    const { user } = await openPage();

    await user.upload(fileInput(), aPdf('district-po.pdf'));
    await user.click(screen.getByRole('button', { name: 'Clear file' }));

    expect(screen.queryByText('district-po.pdf')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear file' })).not.toBeInTheDocument();
  });

  it('submits the form as multipart, phone as digits and total in cents, then thanks the member', async () => {
    const calls = stubPayment();
    const { app, user } = await openPage();

    await user.upload(fileInput(), aPdf());
    await user.type(field('Purchase order number'), 'PO-2026-001');
    await user.clear(field('Purchase order total'));
    await user.type(field('Purchase order total'), '1,234.5');
    await user.clear(field('Contact name'));
    await user.type(field('Contact name'), 'Fran Finance');
    await user.clear(field('Contact email'));
    await user.type(field('Contact email'), 'fran@lincoln.test');
    await user.clear(field('Contact phone'));
    await user.type(field('Contact phone'), '5185550123');
    await user.click(screen.getByRole('button', { name: 'Submit purchase order' }));

    await waitFor(() =>
      expect(app.location()).toBe(`${checkoutPath}/success?eventPaymentId=${eventPaymentId}&source=purchase-order`),
    );
    expect(await screen.findByText(purchaseOrderMessages.submitted)).toBeInTheDocument();
    expect(await screen.findByText(paymentMessages.purchaseOrderThanks)).toBeInTheDocument();

    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/purchase-orders');
    expect(post?.headers['x-requested-with']).toBe('portal');
    expect(post?.headers['content-type']).toBeUndefined();
    const body = post?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'file'))).toEqual({
      eventPaymentId,
      filename: 'PO-2026-001.pdf',
      contactEmail: 'fran@lincoln.test',
      contactName: 'Fran Finance',
      contactPhone: '5185550123',
      number: 'PO-2026-001',
      organizationId: 'org-1',
      total: '123450',
      couponCode: 'SAVE25',
    });
    expect((body.get('file') as File).name).toBe('PO-2026-001.pdf');
    expect([...body.keys()].at(-1)).toBe('file');
  });

  it("lists each of the member's organizations once and sends the one chosen", async () => {
    const calls = stubPayment(awaiting, { 'GET /api/profile': () => jsonResponse(200, twoOrganizations()) });
    const { user } = await openPage();
    const organization = screen.getByRole('combobox', { name: /^Organization/ });

    expect(organization).toHaveValue('');
    expect(
      within(organization)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose an organization', 'Lincoln Elementary School', 'Washington Middle School']);
    await user.selectOptions(organization, 'Washington Middle School');
    await user.upload(fileInput(), aPdf());
    await user.type(field('Purchase order number'), 'PO-7');
    await user.clear(field('Contact name'));
    await user.type(field('Contact name'), 'Fran Finance');
    await user.clear(field('Contact email'));
    await user.type(field('Contact email'), 'fran@lincoln.test');
    await user.clear(field('Contact phone'));
    await user.type(field('Contact phone'), '5185550123');
    await user.click(screen.getByRole('button', { name: 'Submit purchase order' }));

    await waitFor(() =>
      expect((calls.find((call) => call.method === 'POST')?.body as FormData | undefined)?.get('organizationId')).toBe(
        'org-2',
      ),
    );
  });

  it("shows the server's message when the purchase order is refused", async () => {
    stubPayment(awaiting, {
      'POST /api/purchase-orders': () =>
        problemResponse(409, 'Conflict', { detail: purchaseOrderMessages.notAwaiting }),
    });
    const { app, user } = await openPage();

    await user.upload(fileInput(), aPdf());
    await user.type(field('Purchase order number'), 'PO-1');
    await user.clear(field('Contact name'));
    await user.type(field('Contact name'), 'Fran Finance');
    await user.clear(field('Contact email'));
    await user.type(field('Contact email'), 'fran@lincoln.test');
    await user.clear(field('Contact phone'));
    await user.type(field('Contact phone'), '5185550123');
    await user.click(screen.getByRole('button', { name: 'Submit purchase order' }));

    expect(await screen.findByText(purchaseOrderMessages.notAwaiting)).toBeInTheDocument();
    expect(app.location()).toBe(pagePath);
  });

  it('explains that a purchase order needs an organization when the member has none', async () => {
    stubPayment(awaiting, { 'GET /api/profile': () => jsonResponse(200, aProfile({ memberships: [] })) });
    renderApp(pagePath);

    expect(
      await screen.findByRole('link', { name: 'Add an affiliation on your profile' }, { timeout: 5000 }),
    ).toHaveAttribute('href', '/members/profile');
    expect(screen.queryByRole('button', { name: 'Submit purchase order' })).not.toBeInTheDocument();
  });

  it('lets a member without an organization cancel the order too, back to the checkout with the tickets in the cart', async () => {
    const calls = stubPayment(awaiting, {
      'GET /api/profile': () => jsonResponse(200, aProfile({ memberships: [] })),
      [`POST /api/checkout/${eventPaymentId}/cancel`]: () =>
        jsonResponse(200, { status: 'CANCELLED', redirectUrl: checkoutPath }),
    });
    const app = renderApp(pagePath);

    await userEvent
      .setup({ delay: null })
      .click(await screen.findByRole('button', { name: 'Cancel' }, { timeout: 5000 }));
    await waitFor(() => expect(app.location()).toBe(checkoutPath));
    expect(calls.some((call) => call.method === 'POST' && call.path === `/api/checkout/${eventPaymentId}/cancel`)).toBe(
      true,
    );
  });

  it('cancels the order on Cancel (its tickets go back into the cart) and returns to the checkout', async () => {
    const calls = stubPayment(awaiting, {
      [`POST /api/checkout/${eventPaymentId}/cancel`]: () =>
        jsonResponse(200, { status: 'CANCELLED', redirectUrl: checkoutPath }),
    });
    const { app, user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.location()).toBe(checkoutPath));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/checkout/${eventPaymentId}/cancel`,
    ]);
  });

  it('stays on the page and says why when the order cannot be cancelled', async () => {
    stubPayment(awaiting, {
      [`POST /api/checkout/${eventPaymentId}/cancel`]: () =>
        problemResponse(409, cancelCheckoutMessages.purchaseOrderSubmitted),
    });
    const { app, user } = await openPage();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(cancelCheckoutMessages.purchaseOrderSubmitted)).toBeInTheDocument();
    expect(app.location()).toBe(pagePath);
  });

  it('offers no form once the purchase order is in', async () => {
    stubPayment({ ...awaiting, status: 'PO_SUBMITTED' });
    renderApp(pagePath);

    expect(await screen.findByText(paymentMessages.purchaseOrderThanks, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit purchase order' })).not.toBeInTheDocument();
  });
});
