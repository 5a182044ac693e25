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

function stubDistrict(overrides: Record<string, () => Response> = {}) {
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, administrator),
    [`GET ${base}`]: () => jsonResponse(200, summary),
    [`GET ${base}/schools`]: () => jsonResponse(200, schools),
    [`GET ${base}/approvals`]: () => jsonResponse(200, approvals),
    [`GET ${base}/entries`]: () => jsonResponse(200, entries),
    [`GET ${base}/spending`]: () => jsonResponse(200, noSpending),
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
