import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  packageMessages,
  packageStepList,
  packageTotals,
  type PackageRequestStatus,
} from '@portal/domain/packages/rules.ts';
import type { PackageDetail, PackageRequestDetail } from '@portal/domain/packages/contracts.ts';
import { staffPackageMessages } from '@portal/domain/packages/admin-rules.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const staff = aUser({ id: 'staff-1', role: 'STAFF', firstName: 'Sam', lastName: 'Staff', memberships: [] });
const requestId = '7b0c6a38-3d6e-4c1a-9a55-0d6f1e1c2b10';
const pkg: PackageDetail = {
  id: 'pkg-1',
  name: 'Literacy Partnership',
  description: '',
  groupsDescription: '',
  eventsDescription: '',
  schoolBasedPDSessionsDescription: '',
  schoolYear: { id: 'year-1', name: '2026-2027' },
  minimumAmount: 100_000,
  travelCost: { type: 'FIXED_COST', amountPerDay: 0 },
  pdSessionGroupings: [
    {
      id: 'grouping-1',
      title: 'Coaching',
      description: '',
      minDays: 0,
      pdSessions: [
        {
          id: 's-1',
          name: 'On-site coaching',
          description: '',
          setting: 'ON_SITE',
          minDays: 1,
          maxDays: 4,
          selectionInterval: 1,
          allowZeroSelection: true,
          useCustomSelection: false,
          customSelections: [],
          dayRate: 100_000,
        },
      ],
    },
  ],
  events: [],
  groups: [],
  institutes: [],
};

function aRequest(
  status: PackageRequestStatus,
  override: { amount: number; date: string } | null = null,
): PackageRequestDetail {
  const selections = {
    pdSessions: [
      {
        pdSessionId: 's-1',
        requestedDays: 2,
        overrideAmount: override?.amount ?? null,
        overrideDate: override?.date ?? null,
        createdByInitiator: true,
      },
    ],
    events: [],
    groupSections: [],
    institutes: [],
  };
  return {
    id: requestId,
    status,
    editable: false,
    usingPtaFunds: false,
    submittedAt: '2026-11-20T15:00:00.000Z',
    organization: { id: 'org-1', name: 'Lincoln Elementary School' },
    package: pkg,
    steps: packageStepList(pkg),
    selections,
    totals: packageTotals(pkg, selections),
    grades: [],
  };
}

const url = `/api/admin/package-requests/${requestId}`;

async function openPage() {
  renderApp(`/admin/package-requests/${requestId}`);
  await screen.findByRole('heading', { name: 'Literacy Partnership', level: 1 }, { timeout: 5000 });
}

describe('staff console: package request review', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('overrides an amount with its date after confirming, and shows it overriden by admin', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${url}`]: () => jsonResponse(200, aRequest('SUBMITTED')),
      [`PUT ${url}/overrides`]: () => jsonResponse(200, aRequest('SUBMITTED', { amount: 3, date: '2026-11-20' })),
    });
    await openPage();
    const row = screen.getByRole('row', { name: /On-site coaching/ });
    await userEvent.type(within(row).getByRole('spinbutton', { name: 'Override for On-site coaching' }), '3');
    await userEvent.type(within(row).getByLabelText('Override date for On-site coaching'), '2026-11-20');
    await userEvent.click(within(row).getByRole('button', { name: 'Override' }));
    const dialog = await screen.findByRole('dialog', { name: 'Override On-site coaching?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Override' }));
    await screen.findByText(packageMessages.updated);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      kind: 'pdSession',
      itemId: 's-1',
      amount: 3,
      overrideDate: '2026-11-20',
    });
    expect(await screen.findByText(`${packageMessages.overriddenByAdmin} on 11/20/2026`)).toBeInTheDocument();
    expect(screen.getByText('Package total: $3,000.00')).toBeInTheDocument();
  });

  it('sends nothing when the override is cancelled', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${url}`]: () => jsonResponse(200, aRequest('SUBMITTED')),
    });
    await openPage();
    const row = screen.getByRole('row', { name: /On-site coaching/ });
    await userEvent.type(within(row).getByRole('spinbutton', { name: 'Override for On-site coaching' }), '3');
    await userEvent.click(within(row).getByRole('button', { name: 'Override' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Override On-site coaching?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('offers no override on a decided request, says why, and offers Reopen', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${url}`]: () => jsonResponse(200, aRequest('ACCEPTED')),
    });
    await openPage();
    expect(screen.getByText(staffPackageMessages.overrideClosed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Override' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});
