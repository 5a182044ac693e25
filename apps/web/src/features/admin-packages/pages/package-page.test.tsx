import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StaffPackageDetail } from '@portal/domain/packages/admin-contracts.ts';
import { staffPackageMessages } from '@portal/domain/packages/admin-rules.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const staff = aUser({ id: 'staff-1', role: 'STAFF', firstName: 'Sam', lastName: 'Staff', memberships: [] });
const packageId = '00000000-0000-4000-8000-0000000c0001';
const pkg: StaffPackageDetail = {
  id: packageId,
  name: 'Coaching Partnership',
  description: '',
  groupsDescription: '',
  eventsDescription: '',
  schoolBasedPDSessionsDescription: '',
  schoolYear: { id: 'year-1', name: '2026-2027' },
  minimumAmount: 100_000,
  travelCost: { type: 'FIXED_COST', amountPerDay: 0 },
  pdSessionGroupings: [],
  events: [],
  groups: [
    {
      id: 'g-1',
      name: 'Leaders',
      description: '',
      requiredForPurchase: false,
      minimumAmount: 0,
      attendeeCost: 50_000,
      minAttendees: 0,
      maxAttendees: 20,
      enableFreeSeatOffer: false,
      paidSeatsRequiredForOffer: 0,
      freeSeatsInOffer: 0,
      sections: [],
    },
  ],
  institutes: [],
  requests: 1,
};
const withGrouping: StaffPackageDetail = {
  ...pkg,
  pdSessionGroupings: [{ id: 'gr-1', title: 'Coaching', description: '', minDays: 2, pdSessions: [] }],
};

async function openPage() {
  renderApp(`/admin/packages/${packageId}`);
  await screen.findByRole('heading', { name: 'Coaching Partnership', level: 1 }, { timeout: 5000 });
}

describe('staff console: package editor', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('adds a PD session grouping in the drawer, checking its fields first', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET /api/admin/packages/${packageId}`]: () => jsonResponse(200, pkg),
      'GET /api/admin/packages': () => jsonResponse(200, { items: [] }),
      [`POST /api/admin/packages/${packageId}/pd-session-groupings`]: () => jsonResponse(201, withGrouping),
    });
    await openPage();
    expect(screen.getByText('No PD session groupings yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a PD session grouping' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add PD session grouping' });
    await userEvent.click(await within(drawer).findByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText(staffPackageMessages.titleRequired)).toBeInTheDocument();
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Title' }), 'Coaching');
    await userEvent.clear(within(drawer).getByRole('textbox', { name: 'Minimum days' }));
    await userEvent.type(within(drawer).getByRole('textbox', { name: 'Minimum days' }), '2');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    await screen.findByText(staffPackageMessages.saved);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Coaching',
      description: '',
      minDays: 2,
    });
    expect(await screen.findByText('At least 2 days')).toBeInTheDocument();
  });

  it("deletes a part after confirming, and shows the server's refusal when a request selected it", async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET /api/admin/packages/${packageId}`]: () => jsonResponse(200, pkg),
      'DELETE /api/admin/package-groups/g-1': () =>
        problemResponse(409, 'Conflict', { detail: staffPackageMessages.inUse }),
    });
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Leaders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete group Leaders?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(staffPackageMessages.inUse)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Leaders')).toBeInTheDocument());
  });
});
