import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  DistrictApprovalPage,
  DistrictFundEntryPage,
  DistrictFundSummary,
  DistrictSchoolPage,
  DistrictSpendingPage,
} from '@portal/domain/organizations/district-funds.ts';
import type { SeatBlockPage, SeatsAheadCart } from '@portal/domain/organizations/seat-blocks.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const districtId = '00000000-0000-4000-8000-0000000d1001';
const schoolId = '00000000-0000-4000-8000-0000000d1002';
const base = `/api/district-funds/${districtId}`;
const administrator = aUser({ id: 'u-dana', firstName: 'Dana', lastName: 'District', memberships: [] });
const page = <T,>(items: T[]) => ({ items, page: 1, pageSize: 25, total: items.length });

const summary: DistrictFundSummary = {
  districtId,
  districtName: 'Capital District',
  balanceCents: 75_000,
  waitingCount: 1,
};
const schools: DistrictSchoolPage = page([
  {
    organizationId: schoolId,
    name: 'Lincoln Elementary',
    eligible: false,
    limitCents: null,
    spentCents: 0,
    leftCents: null,
  },
]);
const approvals: DistrictApprovalPage = page([
  {
    paymentId: 'p-1',
    organizationName: 'Lincoln Elementary',
    buyerName: 'Olivia Owens',
    totalCents: 44_700,
    status: 'AWAITING_APPROVAL' as const,
    items: [{ title: 'Fall Day — Coaching', numberOfTickets: 3 }],
    createdAt: '2026-11-20T15:00:00.000Z',
  },
]);
const entries: DistrictFundEntryPage = page([
  {
    id: 'e-1',
    kind: 'DEPOSIT' as const,
    amountCents: 75_000,
    organizationName: null,
    paymentId: null,
    reference: 'PO 77',
    reason: 'Title II',
    createdByName: 'Sam Staff',
    createdAt: '2026-11-01T15:00:00.000Z',
  },
]);
const noSpending: DistrictSpendingPage = page([]);
const emptyCart: SeatsAheadCart = { lines: [], totalCents: 0, balanceCents: 75_000, refusal: null };
const cartOfThree: SeatsAheadCart = {
  lines: [{ title: 'Summer Institute — Literacy', numberOfTickets: 3, priceCents: 14_900 }],
  totalCents: 44_700,
  balanceCents: 75_000,
  refusal: null,
};
const blockId = '00000000-0000-4000-8000-0000000d1003';
const blocks: SeatBlockPage = page([
  {
    id: blockId,
    title: 'Summer Institute — Literacy',
    priceCents: 14_900,
    seats: 3,
    seatsGiven: 1,
    seatsReturned: 0,
    seatsLeft: 2,
    createdByName: 'Dana District',
    createdAt: '2026-11-20T15:00:00.000Z',
  },
]);

function stubDistrict(overrides: Record<string, () => Response> = {}) {
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, administrator),
    [`GET ${base}`]: () => jsonResponse(200, summary),
    [`GET ${base}/schools`]: () => jsonResponse(200, schools),
    [`GET ${base}/approvals`]: () => jsonResponse(200, approvals),
    [`GET ${base}/entries`]: () => jsonResponse(200, entries),
    [`GET ${base}/spending`]: () => jsonResponse(200, noSpending),
    [`GET ${base}/seat-blocks`]: () => jsonResponse(200, page([])),
    [`GET ${base}/seat-blocks/cart`]: () => jsonResponse(200, emptyCart),
    ...overrides,
  });
}

describe("a district administrator's fund", { timeout: 20_000 }, () => {
  it('shows the balance, the orders waiting with their count, the schools, the ledger and an empty spending list', async () => {
    stubDistrict();
    renderApp(`/members/district-funds/${districtId}`);
    await screen.findByRole('heading', { name: 'Capital District', level: 1 }, { timeout: 5000 });
    expect(screen.getByTestId('fund-balance')).toHaveTextContent('$750.00');
    const waiting = await screen.findByRole('region', { name: 'Waiting for approval (1)' });
    expect(await within(waiting).findByText('3 × Fall Day — Coaching')).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    const school = await screen.findByRole('region', { name: 'Schools' });
    expect(await within(school).findByText('May not spend')).toBeInTheDocument();
    expect(await screen.findByText('No school has spent from the fund yet.')).toBeInTheDocument();
    expect(await screen.findByText('Title II')).toBeInTheDocument();
  });

  it("sets a school's limit in dollars, sent as cents; a text that is no amount is refused on the spot", async () => {
    const calls = stubDistrict({
      [`PUT ${base}/schools/${schoolId}/allowance`]: () =>
        jsonResponse(200, { organizationId: schoolId, limitCents: 50_000 }),
    });
    renderApp(`/members/district-funds/${districtId}`);
    const button = await screen.findByRole('button', { name: 'Set limit of Lincoln Elementary' }, { timeout: 5000 });
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Spending limit of Lincoln Elementary' });
    const amount = within(dialog).getByRole('textbox', { name: /Limit \(USD\)/ });
    await userEvent.type(amount, 'lots');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limit' }));
    expect(await within(dialog).findByText('Enter an amount in dollars, such as 500 or 1,250.00')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ limitCents: 50_000 }));
    expect(await screen.findByText('Lincoln Elementary may spend $500.00 from the fund.')).toBeInTheDocument();
  });

  it('says so when the caller does not administer the district', async () => {
    stubDistrict({
      [`GET ${base}`]: () =>
        problemResponse(403, 'Forbidden', { detail: 'Only the district’s administrators can do this.' }),
    });
    renderApp(`/members/district-funds/${districtId}`);
    expect(
      await screen.findByText('Only the district’s administrators can do this.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('seats a district buys ahead', { timeout: 20_000 }, () => {
  const seatsSection = () => screen.findByRole('region', { name: 'Seats bought ahead' }, { timeout: 5000 });

  it('says how to start with an empty cart and none bought yet', async () => {
    stubDistrict();
    renderApp(`/members/district-funds/${districtId}`);
    const section = await seatsSection();
    expect(
      await within(section).findByText('Your cart is empty: add the seats to buy ahead from PD Services first.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Open PD Services' })).toHaveAttribute('href', '/members/events');
    expect(await within(section).findByText('No seats bought ahead yet.')).toBeInTheDocument();
  });

  it('buys the cart ahead once confirmed, sending nothing but the request, and says what was bought', async () => {
    const calls = stubDistrict({
      [`GET ${base}/seat-blocks/cart`]: () => jsonResponse(200, cartOfThree),
      [`POST ${base}/seat-blocks`]: () => jsonResponse(201, { blocks: 1, seats: 3, totalCents: 44_700 }),
    });
    renderApp(`/members/district-funds/${districtId}`);
    const section = await seatsSection();
    expect(await within(section).findByText('3 × Summer Institute — Literacy: $447.00')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Buy ahead from the fund: $447.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buy these seats ahead?' });
    expect(
      within(dialog).getByText(
        "The fund pays $447.00 now. The seats are the district's until you give them to a school or return them.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Buy ahead from the fund' }));
    expect(await screen.findByText('3 seats bought ahead for $447.00.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('keeps the button disabled with the server’s reason when the cart cannot be bought ahead', async () => {
    stubDistrict({
      [`GET ${base}/seat-blocks/cart`]: () =>
        jsonResponse(200, {
          ...cartOfThree,
          refusal: 'The district fund has $100.00 left, less than your cart’s total.',
        }),
    });
    renderApp(`/members/district-funds/${districtId}`);
    const section = await seatsSection();
    expect(
      await within(section).findByText('The district fund has $100.00 left, less than your cart’s total.'),
    ).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Buy ahead from the fund: $447.00' })).toBeDisabled();
  });

  it('gives seats to a chosen school and shows the server’s refusal in the dialog', async () => {
    let refuse = true;
    const calls = stubDistrict({
      [`GET ${base}/seat-blocks`]: () => jsonResponse(200, blocks),
      [`POST ${base}/seat-blocks/${blockId}/gifts`]: () =>
        refuse
          ? problemResponse(409, 'Conflict', { detail: 'Only 2 seats are left to move.' })
          : jsonResponse(200, { message: '2 seats given to Lincoln Elementary.', seatsLeft: 0 }),
    });
    renderApp(`/members/district-funds/${districtId}`);
    const section = await seatsSection();
    const row = (await within(section).findByText('Summer Institute — Literacy')).closest('tr');
    if (!row) throw new Error('no row');
    await userEvent.click(within(row).getByRole('button', { name: 'Give seats: Summer Institute — Literacy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give seats of Summer Institute — Literacy' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give seats' }));
    expect(await within(dialog).findByText('Choose the school that gets the seats')).toBeInTheDocument();
    const school = within(dialog).getByRole('combobox', { name: /^School/ });
    await waitFor(() => expect(within(school).getByRole('option', { name: 'Lincoln Elementary' })).toBeInTheDocument());
    await userEvent.selectOptions(school, 'Lincoln Elementary');
    const seats = within(dialog).getByRole('textbox', { name: /Seats/ });
    await userEvent.clear(seats);
    await userEvent.type(seats, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give seats' }));
    expect(await within(dialog).findByText('Only 2 seats are left to move.')).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Give seats' }));
    expect(await screen.findByText('2 seats given to Lincoln Elementary.')).toBeInTheDocument();
    const gifts = calls.filter((call) => call.method === 'POST');
    expect(gifts.at(-1)?.body).toEqual({ organizationId: schoolId, seats: 2 });
    // The refused try and the one that went through are one dialog's: one key, so a double click gives once.
    expect(new Set(gifts.map((call) => call.headers['Idempotency-Key'])).size).toBe(1);
    expect(gifts[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('returns seats unused after saying where they go', async () => {
    const calls = stubDistrict({
      [`GET ${base}/seat-blocks`]: () => jsonResponse(200, blocks),
      [`POST ${base}/seat-blocks/${blockId}/returns`]: () =>
        jsonResponse(200, { message: '2 seats returned; $298.00 is back in the fund.', seatsLeft: 0 }),
    });
    renderApp(`/members/district-funds/${districtId}`);
    const section = await seatsSection();
    await userEvent.click(
      await within(section).findByRole('button', { name: 'Return seats: Summer Institute — Literacy' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Return seats of Summer Institute — Literacy' });
    expect(
      within(dialog).getByText('Returned seats go back on sale to everyone, and their price goes back to the fund.'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return seats' }));
    expect(await screen.findByText('2 seats returned; $298.00 is back in the fund.')).toBeInTheDocument();
    expect(calls.find((call) => call.path.endsWith('/returns'))?.body).toEqual({ seats: 2 });
  });
});
