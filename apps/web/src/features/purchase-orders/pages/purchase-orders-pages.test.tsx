import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  myPurchaseOrderMessages,
  purchaseOrderMessages,
  purchaseOrderNextStep,
} from '@portal/domain/commerce/purchase-orders.ts';
import { memberPurchaseOrderMessages } from '@portal/domain/commerce/member-purchase-orders.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { aProfile } from '../../../test/profile.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const instituteId = '7a3a1f0e-1b2c-4d5e-8f90-123456789abc';
const institutes = {
  items: [
    {
      id: instituteId,
      name: 'Instructional Leadership Institute',
      startDate: '2027-04-20',
      endDate: '2027-04-23',
      priceCents: 80_000,
    },
  ],
  page: 1,
  pageSize: 100,
  total: 1,
};

/** The test profile's one membership (Lincoln), with the role asked for. */
function profileAs(role: 'MEMBER' | 'OWNER') {
  const lincoln = aProfile().memberships[0];
  if (!lincoln) throw new Error('the test profile has a membership');
  return aProfile({ memberships: [{ ...lincoln, role }] });
}

function stub(routes: Parameters<typeof stubFetch>[0] = {}, role: 'MEMBER' | 'OWNER' = 'MEMBER') {
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, aUser()),
    'GET /api/profile': () => jsonResponse(200, profileAs(role)),
    'GET /api/institute-purchase-orders/institutes': () => jsonResponse(200, institutes),
    'GET /api/institute-purchase-orders/available-applicants': () => jsonResponse(200, { usersCount: 2 }),
    'GET /api/institute-purchase-orders/applicant': (_body, url) =>
      url.searchParams.get('email') === 'ella@school.test'
        ? jsonResponse(200, { userAvailable: true, applicant: { email: 'ella@school.test', name: 'Ella Evans' } })
        : jsonResponse(200, { userAvailable: false, applicant: null }),
    'POST /api/institute-purchase-orders': () => jsonResponse(201, { purchaseOrderId: 'po-1' }),
    'POST /api/package-purchase-orders': () => jsonResponse(201, { purchaseOrderId: 'po-2' }),
    'GET /api/purchase-orders': () => jsonResponse(200, { items: [], page: 1, pageSize: 10, total: 0 }),
    ...routes,
  });
}

const user = () => userEvent.setup({ delay: null, applyAccept: false });
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const aPdf = () => new File(['%PDF-1.4\n%%EOF\n'], 'district-po.pdf', { type: 'application/pdf' });
const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};

async function fillCommon(u: ReturnType<typeof user>) {
  await u.upload(fileInput(), aPdf());
  await u.type(field('Purchase order number'), 'PO-1');
  await u.clear(field('Purchase order total'));
  await u.type(field('Purchase order total'), '800');
  await u.clear(field('Contact name'));
  await u.type(field('Contact name'), 'Pat Purchasing');
  await u.clear(field('Contact email'));
  await u.type(field('Contact email'), 'pat@district.test');
  await u.clear(field('Contact phone'));
  await u.type(field('Contact phone'), '5185550123');
}

describe('purchase orders', { timeout: 30_000 }, () => {
  beforeEach(() => notifications.clean());

  it('the landing offers an institute and a package purchase order', async () => {
    stub();
    const app = renderApp('/members/purchase-orders');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Purchase Orders' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user().click(screen.getByRole('link', { name: 'Institute purchase order' }));
    await waitFor(() => expect(app.location()).toBe('/members/purchase-orders/institute'));
  });

  it('the landing lists the purchase orders sent, where each stands and its file; or says none were', async () => {
    stub({
      'GET /api/purchase-orders': () =>
        jsonResponse(200, {
          items: [
            {
              id: 'po-9',
              number: 'PO-7781',
              kind: 'INSTITUTE',
              status: 'SUBMITTED',
              organizationName: 'Lincoln Elementary School',
              totalCents: 190_000,
              buyerName: 'Olivia Owens',
              sentByMe: false,
              filename: 'District PO',
              createdAt: '2026-11-20T15:00:00.000Z',
              decidedAt: null,
            },
          ],
          page: 1,
          pageSize: 10,
          total: 1,
        }),
    });
    renderApp('/members/purchase-orders');
    const sent = await screen.findByRole('table', { name: myPurchaseOrderMessages.title }, { timeout: 5000 });
    const row = within(sent).getByRole('row', { name: /PO-7781/ });
    expect(row).toHaveTextContent('Sent 11/20/2026');
    expect(row).toHaveTextContent('by Olivia Owens');
    expect(row).toHaveTextContent('Institute');
    expect(row).toHaveTextContent('$1,900.00');
    expect(row).toHaveTextContent('Submitted');
    expect(row).toHaveTextContent(purchaseOrderNextStep('SUBMITTED'));
    expect(within(row).getByRole('link', { name: 'Download purchase order PO-7781' })).toHaveAttribute(
      'href',
      '/api/purchase-orders/po-9/file',
    );
  });

  it('the landing says when no purchase order was sent yet', async () => {
    stub();
    renderApp('/members/purchase-orders');
    expect(await screen.findByText(myPurchaseOrderMessages.empty, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('institute: refuses an applicant not found or added twice, then sends the applicants, the coupon-free total in cents and the type', async () => {
    const calls = stub();
    const app = renderApp('/members/purchase-orders/institute');
    await screen.findByRole('heading', { level: 1, name: 'Institute Purchase Order' }, { timeout: 5000 });
    const u = user();
    await u.selectOptions(screen.getByRole('combobox', { name: /^Institute/ }), instituteId);

    const addForm = screen.getByRole('form', { name: 'Add applicant' });
    await u.type(within(addForm).getByRole('textbox', { name: 'Applicant email' }), 'nobody@school.test');
    await u.click(within(addForm).getByRole('button', { name: 'Add applicant' }));
    expect(await within(addForm).findByText(memberPurchaseOrderMessages.applicantNotFound)).toBeInTheDocument();

    await u.clear(within(addForm).getByRole('textbox', { name: 'Applicant email' }));
    await u.type(within(addForm).getByRole('textbox', { name: 'Applicant email' }), 'ella@school.test');
    await u.click(within(addForm).getByRole('button', { name: 'Add applicant' }));
    expect(await screen.findByText('Ella Evans (ella@school.test)')).toBeInTheDocument();
    await u.type(within(addForm).getByRole('textbox', { name: 'Applicant email' }), 'ELLA@school.test');
    await u.click(within(addForm).getByRole('button', { name: 'Add applicant' }));
    expect(await within(addForm).findByText(memberPurchaseOrderMessages.applicantAlreadyAdded)).toBeInTheDocument();
    expect(screen.getByText('In dollars. 1 applicant comes to $800.00.')).toBeInTheDocument();
    // The total follows the applicants' tuition until the member types one of their own.
    expect(field('Purchase order total')).toHaveValue('800.00');

    await fillCommon(u);
    await u.click(screen.getByRole('button', { name: 'Submit purchase order' }));
    await waitFor(() => expect(app.location()).toBe('/members/purchase-orders'));
    expect(await screen.findByText(purchaseOrderMessages.submitted)).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'POST' && call.path === '/api/institute-purchase-orders');
    const body = sent?.body as FormData;
    expect(body.get('type')).toBe('EVENT');
    expect(body.get('instituteId')).toBe(instituteId);
    expect(body.get('organizationId')).toBe('org-1');
    expect(body.get('applicants')).toBe('["ella@school.test"]');
    expect(body.get('total')).toBe('80000');
    expect(body.get('contactPhone')).toBe('5185550123');
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('institute: with no applicants left the add control is disabled; an empty form names what it needs and sends nothing', async () => {
    const calls = stub({
      'GET /api/institute-purchase-orders/available-applicants': () => jsonResponse(200, { usersCount: 0 }),
    });
    renderApp('/members/purchase-orders/institute');
    await screen.findByRole('heading', { level: 1, name: 'Institute Purchase Order' }, { timeout: 5000 });
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Submit purchase order' }));
    expect(await screen.findByText(memberPurchaseOrderMessages.instituteRequired)).toBeInTheDocument();
    expect(screen.getByText(memberPurchaseOrderMessages.applicantsRequired)).toBeInTheDocument();
    expect(screen.getByText(purchaseOrderMessages.fileRequired)).toBeInTheDocument();
    expect(screen.getByText(purchaseOrderMessages.totalRequired)).toBeInTheDocument();

    await u.selectOptions(screen.getByRole('combobox', { name: /^Institute/ }), instituteId);
    expect(await screen.findByText(memberPurchaseOrderMessages.noAvailableApplicants)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add applicant' })).toBeDisabled();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('institute: Cancel returns to the landing', async () => {
    stub();
    const app = renderApp('/members/purchase-orders/institute');
    await screen.findByRole('heading', { level: 1, name: 'Institute Purchase Order' }, { timeout: 5000 });
    await user().click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(app.location()).toBe('/members/purchase-orders'));
  });

  it('package: a member who manages no organization is told so', async () => {
    stub({}, 'MEMBER');
    renderApp('/members/purchase-orders/package');
    expect(await screen.findByText(/you manage no organization/, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("package: a FORBIDDEN contracts answer shows the server's message", async () => {
    stub(
      {
        'GET /api/package-purchase-orders/contracts': () =>
          problemResponse(403, 'Forbidden', { detail: memberPurchaseOrderMessages.contractsForbidden }),
      },
      'OWNER',
    );
    renderApp('/members/purchase-orders/package');
    await screen.findByRole('heading', { level: 1, name: 'Package Purchase Order' }, { timeout: 5000 });
    expect((await screen.findAllByText(memberPurchaseOrderMessages.contractsForbidden)).length).toBeGreaterThan(0);
  });

  it('package: sends the contract chosen, type PACKAGE and the total in cents', async () => {
    const contractId = '9b3a1f0e-1b2c-4d5e-8f90-123456789abc';
    const calls = stub(
      {
        'GET /api/package-purchase-orders/contracts': () =>
          jsonResponse(200, {
            contracts: [
              {
                id: contractId,
                packageName: 'Literacy Partnership',
                signedUrl: `/api/package-purchase-orders/contracts/${contractId}/signed-pdf`,
                total: 1_250_000,
              },
            ],
          }),
      },
      'OWNER',
    );
    const app = renderApp('/members/purchase-orders/package');
    await screen.findByRole('heading', { level: 1, name: 'Package Purchase Order' }, { timeout: 5000 });
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Submit purchase order' }));
    expect(await screen.findByText(memberPurchaseOrderMessages.packageRequired)).toBeInTheDocument();
    expect(screen.getByText(memberPurchaseOrderMessages.packageTotalRequired)).toBeInTheDocument();

    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Package/ })).toBeEnabled());
    await u.selectOptions(screen.getByRole('combobox', { name: /^Package/ }), contractId);
    expect(screen.getByText('In dollars. This contract comes to $12,500.00.')).toBeInTheDocument();
    await fillCommon(u);
    await u.type(screen.getByRole('textbox', { name: 'Quote number' }), ' Q-000042 ');
    await u.click(screen.getByRole('button', { name: 'Submit purchase order' }));
    await waitFor(() => expect(app.location()).toBe('/members/purchase-orders'));
    const body = calls.find((call) => call.method === 'POST')?.body as FormData;
    expect(body.get('type')).toBe('PACKAGE');
    expect(body.get('contractId')).toBe(contractId);
    expect(body.get('total')).toBe('80000');
    expect(body.get('quoteNumber')).toBe('Q-000042');
  });
});
