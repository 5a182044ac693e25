import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffPackageMessages } from '@portal/domain/packages/admin-rules.ts';
import type { StaffContractList } from '@portal/domain/packages/admin-contracts.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const staff = aUser({ id: 'staff-1', role: 'STAFF', firstName: 'Sam', lastName: 'Staff', memberships: [] });
const organizationId = '00000000-0000-4000-8000-00000000a001';
const requestId = '00000000-0000-4000-8000-00000000b001';
const list = `/api/admin/organizations/${organizationId}/contracts`;
const empty: StaffContractList = {
  organization: { id: organizationId, name: 'Washington Middle School' },
  contracts: [],
  acceptedRequests: [{ id: requestId, packageName: 'Literacy Partnership' }],
};
const contract = {
  id: 'c-1',
  packageName: 'Literacy Partnership',
  packageRequestId: requestId,
  total: 1_250_000,
  hasSignedPdf: false,
  purchaseOrderStatus: null,
  createdAt: '2026-11-20T15:00:00.000Z',
};

async function openPage() {
  renderApp(`/admin/organizations/${organizationId}/contracts`);
  await screen.findByRole('heading', { name: 'Contracts of Washington Middle School', level: 1 }, { timeout: 5000 });
}

describe('staff console: contracts', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('records a contract for an accepted request, its total typed in dollars and sent in cents', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, empty),
      [`POST ${list}`]: () => jsonResponse(201, { ...empty, contracts: [contract] }),
    });
    await openPage();
    expect(screen.getByText('No contracts found')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New contract' });
    await userEvent.click(within(form).getByRole('button', { name: 'Record contract' }));
    expect(await within(form).findByText(staffPackageMessages.contractPackageRequired)).toBeInTheDocument();
    expect(within(form).getByText(staffPackageMessages.contractTotalInvalid)).toBeInTheDocument();
    await userEvent.selectOptions(
      within(form).getByRole('combobox', { name: 'Package request' }),
      'Literacy Partnership',
    );
    await userEvent.type(within(form).getByRole('textbox', { name: 'Total ($)' }), '12,500.00');
    await userEvent.click(within(form).getByRole('button', { name: 'Record contract' }));
    await screen.findByText(staffPackageMessages.contractSaved);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      packageRequestId: requestId,
      total: 1_250_000,
    });
    const row = (await screen.findByRole('cell', { name: 'Literacy Partnership' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('$12,500.00')).toBeInTheDocument();
    expect(within(row).getByText('Not uploaded')).toBeInTheDocument();
    expect(screen.getByText('Total of the contracts: $12,500.00')).toBeInTheDocument();
  });

  it('uploads the signed PDF, and shows the server’s refusal of a file that is not one', async () => {
    let refuse = true;
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${list}`]: () => jsonResponse(200, { ...empty, contracts: [contract] }),
      'PUT /api/admin/contracts/c-1/signed-pdf': () =>
        refuse
          ? problemResponse(400, 'Bad Request', {
              detail: staffPackageMessages.fileRequired,
              errors: { file: staffPackageMessages.fileRequired },
            })
          : jsonResponse(200, { ...empty, contracts: [{ ...contract, hasSignedPdf: true }] }),
    });
    await openPage();
    expect(screen.getByRole('button', { name: 'Signed PDF for Literacy Partnership' })).toBeInTheDocument();
    const upload = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!upload) throw new Error('no file input');
    await userEvent.upload(upload, new File(['<html>'], 'signed.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(staffPackageMessages.fileRequired)).toBeInTheDocument();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByText(staffPackageMessages.signedPdfUploaded);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Download signed PDF' })).toHaveAttribute(
        'href',
        '/api/admin/contracts/c-1/signed-pdf',
      ),
    );
  });
});
