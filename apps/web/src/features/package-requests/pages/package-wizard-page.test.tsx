import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  emptySelections,
  minimumDaysMessage,
  packageMessages,
  packageStepList,
  packageTotals,
  type PackageRequestStatus,
} from '@portal/domain/packages/rules.ts';
import type { PackageDetail, PackageRequestDetail } from '@portal/domain/packages/contracts.ts';
import { genericErrorMessage } from '@portal/domain/problems/messages.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { someLookups } from '../../../test/lookups.ts';
import { aUser } from '../../../test/users.ts';

const requestId = '7b0c6a38-3d6e-4c1a-9a55-0d6f1e1c2b10';
const session = (id: string, name: string) => ({
  id,
  name,
  description: '',
  setting: 'ON_SITE' as const,
  minDays: 1,
  maxDays: 4,
  selectionInterval: 1,
  allowZeroSelection: true,
  useCustomSelection: false,
  customSelections: [],
  dayRate: 100_000,
});

const pkg: PackageDetail = {
  id: 'pkg-1',
  name: 'Literacy Partnership',
  description: '',
  groupsDescription: '',
  eventsDescription: '',
  schoolBasedPDSessionsDescription: '',
  schoolYear: { id: 'year-1', name: '2026-2027' },
  minimumAmount: 300_000,
  travelCost: { type: 'FIXED_COST', amountPerDay: 0 },
  pdSessionGroupings: [
    {
      id: 'grouping-1',
      title: 'Coaching',
      description: '',
      minDays: 3,
      pdSessions: [session('s-1', 'On-site coaching'), session('s-2', 'Walkthroughs')],
    },
  ],
  events: [],
  groups: [],
  institutes: [],
};

function aRequest(
  selections: PackageRequestDetail['selections'] = emptySelections as PackageRequestDetail['selections'],
  status: PackageRequestStatus = 'STARTED',
): PackageRequestDetail {
  return {
    id: requestId,
    status,
    editable: status === 'STARTED',
    usingPtaFunds: false,
    submittedAt: null,
    organization: { id: 'org-1', name: 'Lincoln Elementary School' },
    package: pkg,
    steps: packageStepList(pkg),
    selections,
    totals: packageTotals(pkg, selections),
    grades: [],
  };
}

const path = (step: string) => `/members/manage-services/package-request/${requestId}/${step}`;
const base = (detail: PackageRequestDetail) => ({
  'GET /api/me': () => jsonResponse(200, aUser()),
  'GET /api/lookups': () => jsonResponse(200, someLookups()),
  [`GET /api/package-requests/${requestId}`]: () => jsonResponse(200, detail),
});

describe('Package wizard', { timeout: 30_000 }, () => {
  it('shows only the package steps, says nothing on arrival, holds Save & Continue until the minimum days are met once chosen, keeps the input after a failed save, then moves on', async () => {
    let attempts = 0;
    const calls = stubFetch({
      ...base(aRequest()),
      [`PUT /api/package-requests/${requestId}/staff-options`]: (body) => {
        attempts += 1;
        if (attempts === 1) return problemResponse(400, 'Bad Request', { detail: 'The request could not be saved.' });
        const sent = (body as { pdSessions: { pdSessionId: string; requestedDays: number }[] }).pdSessions;
        return jsonResponse(
          200,
          aRequest({
            ...emptySelections,
            pdSessions: sent.map((s) => ({ ...s, overrideDate: null, overrideAmount: null, createdByInitiator: true })),
          } as PackageRequestDetail['selections']),
        );
      },
    });
    const app = renderApp(path('staff-options'));
    const user = userEvent.setup();
    const coaching = await screen.findByRole('combobox', { name: 'On-site coaching' }, { timeout: 8000 });
    expect(screen.getByRole('link', { name: '1. Staff Options' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2. Review' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Event Selection/ })).toBeNull();

    expect(screen.queryByText(minimumDaysMessage('Coaching'))).toBeNull();
    expect(screen.getByRole('button', { name: 'Save & Continue' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    await user.selectOptions(coaching, '2');
    expect(screen.getByText(minimumDaysMessage('Coaching'))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save & Continue' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Walkthroughs' }), '1');
    expect(screen.queryByText(minimumDaysMessage('Coaching'))).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(await screen.findByText('The request could not be saved.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'On-site coaching' })).toHaveValue('2');
    expect(app.location()).toBe(path('staff-options'));

    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    await waitFor(() => expect(app.location()).toBe(path('review')));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      pdSessions: [
        { pdSessionId: 's-1', requestedDays: 2 },
        { pdSessionId: 's-2', requestedDays: 1 },
      ],
    });
  });

  it('shows progress through a long save, and keeps every choice when it fails on the way', async () => {
    let fail: (reason: Error) => void = () => undefined;
    let attempts = 0;
    stubFetch({
      ...base(aRequest()),
      [`PUT /api/package-requests/${requestId}/staff-options`]: (body) => {
        attempts += 1;
        if (attempts === 1) return new Promise<Response>((_resolve, reject) => (fail = reject));
        const sent = (body as { pdSessions: { pdSessionId: string; requestedDays: number }[] }).pdSessions;
        return jsonResponse(
          200,
          aRequest({
            ...emptySelections,
            pdSessions: sent.map((s) => ({ ...s, overrideDate: null, overrideAmount: null, createdByInitiator: true })),
          } as PackageRequestDetail['selections']),
        );
      },
    });
    const app = renderApp(path('staff-options'));
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'On-site coaching' }, { timeout: 8000 }), '3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Walkthroughs' }), '1');

    await user.click(screen.getByRole('button', { name: 'Save & Continue' }));
    const saveAndContinue = screen.getByRole('button', { name: 'Save & Continue' });
    await waitFor(() => expect(saveAndContinue).toHaveAttribute('data-loading', 'true'));
    expect(saveAndContinue).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'On-site coaching' })).toHaveValue('3');

    fail(new TypeError('Failed to fetch'));
    expect(await screen.findByText(genericErrorMessage, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(saveAndContinue).not.toHaveAttribute('data-loading');
    expect(screen.getByRole('combobox', { name: 'On-site coaching' })).toHaveValue('3');
    expect(screen.getByRole('combobox', { name: 'Walkthroughs' })).toHaveValue('1');
    expect(app.location()).toBe(path('staff-options'));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(packageMessages.saved, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'On-site coaching' })).toHaveValue('3');
    expect(app.location()).toBe(path('staff-options'));
  });

  it('locks a selection overriden by admin, and leaves it out of the save', async () => {
    const overridden = aRequest({
      ...emptySelections,
      pdSessions: [
        {
          pdSessionId: 's-1',
          requestedDays: 1,
          overrideDate: '2026-11-20',
          overrideAmount: 3,
          createdByInitiator: false,
        },
      ],
    } as PackageRequestDetail['selections']);
    stubFetch(base(overridden));
    renderApp(path('staff-options'));
    const coaching = await screen.findByRole('combobox', { name: 'On-site coaching' }, { timeout: 8000 });
    expect(coaching).toBeDisabled();
    expect(coaching).toHaveValue('3');
    expect(screen.getByText(new RegExp(packageMessages.createdByAdmin))).toHaveTextContent(
      packageMessages.overriddenByAdmin,
    );
  });

  it('sends a submitted request from any step to its read-only review', async () => {
    stubFetch(base(aRequest(undefined, 'SUBMITTED')));
    const app = renderApp(path('staff-options'));
    await waitFor(() => expect(app.location()).toBe(path('review')), { timeout: 8000 });
    expect(await screen.findByText(packageMessages.notEditable)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      `/api/package-requests/${requestId}/review.pdf`,
    );
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});
