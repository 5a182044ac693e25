import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffEventMessages } from '@portal/domain/events/admin-contracts.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aCoupon, aCouponPage, anEventPage, eventId, eventRows } from '../test-fixtures.ts';
import { staff } from '../../../test/users.ts';

const list = '/api/admin/coupons';
const welcome = aCoupon();
const save25 = aCoupon({
  id: 'coupon-2',
  code: 'SAVE25',
  type: 'FIXED',
  discountAmount: 2500,
  discountPercentage: null,
  maxUses: 50,
  timesUsed: 7,
  eventId,
  eventName: 'Fall Leadership Conference Day',
  active: false,
});

function routes(extra: Record<string, () => Response> = {}) {
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, staff),
    [`GET ${list}`]: () => jsonResponse(200, aCouponPage([welcome, save25])),
    'GET /api/admin/events': () => jsonResponse(200, anEventPage(eventRows)),
    ...extra,
  });
}

async function openPage() {
  renderApp('/admin/coupons');
  await screen.findByRole('heading', { name: 'Coupons', level: 1 }, { timeout: 5000 });
  return userEvent.setup({ delay: null });
}

async function openNewCouponForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'New coupon' }));
  return screen.findByRole('form', { name: 'New coupon' }, { timeout: 5000 });
}

describe('staff console: coupons', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('lists coupons with their discount, uses, event and whether they are active', async () => {
    routes();
    await openPage();

    const percent = (await screen.findByRole('rowheader', { name: 'WELCOME10' })).closest('tr') as HTMLElement;
    expect(within(percent).getByText('10%')).toBeInTheDocument();
    expect(within(percent).getByText('3 / no limit')).toBeInTheDocument();
    expect(within(percent).getByText('Every event')).toBeInTheDocument();
    expect(within(percent).getByText('Always')).toBeInTheDocument();
    expect(within(percent).getByText('Active')).toBeInTheDocument();
    // Dark text: green-9 on the light variant's green tint is 3.8:1, below AA.
    expect(within(percent).getByText('Active').closest('.mantine-Badge-root')).toHaveStyle({
      color: 'var(--mantine-color-dark-text)',
    });

    const fixed = screen.getByRole('rowheader', { name: 'SAVE25' }).closest('tr') as HTMLElement;
    expect(within(fixed).getByText('$25.00')).toBeInTheDocument();
    expect(within(fixed).getByText('7 / 50')).toBeInTheDocument();
    expect(within(fixed).getByText('Fall Leadership Conference Day')).toBeInTheDocument();
    expect(within(fixed).getByText('Inactive')).toBeInTheDocument();
  });

  it('says when there are no coupons', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, aCouponPage([])),
    });
    await openPage();
    expect(await screen.findByText('No coupons')).toBeInTheDocument();
  });

  it('checks a coupon before sending it', async () => {
    const calls = routes();
    const user = await openPage();
    const form = await openNewCouponForm(user);

    await user.click(within(form).getByRole('button', { name: 'Save coupon' }));
    expect(await within(form).findByText('Code is required')).toBeInTheDocument();
    expect(within(form).getByText(staffEventMessages.couponAmountInvalid)).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/^Code/), 'spring 26');
    await user.type(within(form).getByLabelText(/^Valid from/), '05/10/2026');
    await user.type(within(form).getByLabelText(/^Valid until/), '05/01/2026');
    await user.type(within(form).getByLabelText(/^Maximum uses/), '0');
    await user.click(within(form).getByRole('button', { name: 'Save coupon' }));
    expect(await within(form).findByText('Letters, digits, - and _ only')).toBeInTheDocument();
    expect(within(form).getByText(staffEventMessages.couponValidityOrder)).toBeInTheDocument();
    expect(within(form).getByText(/^Enter a whole number of 1 or more/)).toBeInTheDocument();

    await user.click(within(form).getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Percentage', hidden: true }));
    await user.type(within(form).getByLabelText(/^Percentage/), '150');
    await user.click(within(form).getByRole('button', { name: 'Save coupon' }));
    expect(await within(form).findByText(staffEventMessages.couponPercentInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates a coupon with its amount in cents; a taken code is said on the code field', async () => {
    let taken = true;
    const calls = routes({
      [`POST ${list}`]: () =>
        taken
          ? problemResponse(409, 'Conflict', { detail: staffEventMessages.couponCodeTaken })
          : jsonResponse(201, aCoupon({ id: 'coupon-3', code: 'SPRING-26' })),
    });
    const user = await openPage();
    const form = await openNewCouponForm(user);

    await user.type(within(form).getByLabelText(/^Code/), 'spring-26');
    await user.type(within(form).getByLabelText(/^Amount/), '15.50');
    await user.type(within(form).getByLabelText(/^Maximum uses/), '100');
    await user.click(within(form).getByRole('button', { name: 'Save coupon' }));
    expect(await within(form).findByText(staffEventMessages.couponCodeTaken)).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Code/)).toHaveAttribute('aria-invalid', 'true');

    taken = false;
    await user.click(within(form).getByRole('button', { name: 'Save coupon' }));
    expect(await screen.findByText(staffEventMessages.couponSaved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New coupon' })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      code: 'SPRING-26',
      type: 'FIXED',
      discountAmount: 1550,
      discountPercentage: null,
      validFrom: null,
      validUntil: null,
      maxUses: 100,
      eventId: null,
      active: true,
    });
  });

  it('edits a coupon', async () => {
    const calls = routes({ 'PUT /api/admin/coupons/coupon-2': () => jsonResponse(200, { ...save25, active: true }) });
    const user = await openPage();

    await user.click(await screen.findByRole('button', { name: 'Edit coupon SAVE25' }));
    const form = await screen.findByRole('form', { name: 'Coupon SAVE25' }, { timeout: 5000 });
    expect(within(form).getByLabelText(/^Amount/)).toHaveValue('25.00');
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: /^Event/ })).toHaveValue('Fall Leadership Conference Day'),
    );
    await user.click(within(form).getByRole('checkbox', { name: /^Active/ }));
    await user.click(within(form).getByRole('button', { name: 'Save coupon' }));

    expect(await screen.findByText(staffEventMessages.couponSaved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      code: 'SAVE25',
      discountAmount: 2500,
      maxUses: 50,
      eventId,
      active: true,
    });
  });
});
