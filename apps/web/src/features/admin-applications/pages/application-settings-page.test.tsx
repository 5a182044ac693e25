import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { staffApplicationMessages } from '@portal/domain/applications/contracts.ts';
import { jsonResponse, problemResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { instituteId, paymentOptionIds, questionIds, someSettings, staff, ticketTypeId } from '../test-fixtures.ts';

const settingsPath = `/api/admin/events/${instituteId}/application-settings`;
const newOptionId = '00000000-0000-4000-8000-0000000ab003';

async function openPage() {
  const app = renderApp(`/admin/events/${instituteId}/applications`, { mantineEnv: 'test' });
  await screen.findByRole('heading', { name: 'Application settings', level: 1 }, { timeout: 5000 });
  await screen.findByRole('form', { name: 'Application settings' }, { timeout: 5000 });
  return app;
}

const puts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PUT' && call.path === settingsPath);

describe('staff console: application settings of an event', { timeout: 20_000 }, () => {
  it('shows the settings and the questions', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${settingsPath}`]: () => jsonResponse(200, someSettings()),
    });
    await openPage();

    expect(screen.getByRole('switch', { name: /Accepts applications/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /^Ticket type/ })).toHaveValue('Institute tuition · $950.00');
    expect(screen.getByRole('textbox', { name: /^Payment due days/ })).toHaveValue('30');
    expect(screen.getByRole('textbox', { name: /Label of payment option 1/ })).toHaveValue('Credit Card');
    expect(screen.getByRole('combobox', { name: /Method of payment option 2/ })).toHaveValue('Purchase order');

    const row = screen.getByRole('rowheader', { name: 'Which grades do you coach?' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Checkboxes')).toBeInTheDocument();
    expect(within(row).getByText('K-2, 3-5, 6-8')).toBeInTheDocument();
    expect(within(row).getByText('Yes')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to event' })).toHaveAttribute('href', `/admin/events/${instituteId}`);
  });

  it('saves the settings: a new payment option, a removed one, ids kept, and says so', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${settingsPath}`]: () => jsonResponse(200, someSettings()),
      [`PUT ${settingsPath}`]: () =>
        jsonResponse(
          200,
          someSettings({
            acceptsApplications: false,
            dueDays: 14,
            paymentOptions: [
              { id: paymentOptionIds.card, label: 'Credit Card', method: 'CARD' },
              { id: newOptionId, label: 'District PO', method: 'PURCHASE_ORDER' },
            ],
          }),
        ),
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('switch', { name: /Accepts applications/ }));
    const dueDays = screen.getByRole('textbox', { name: /^Payment due days/ });
    await user.clear(dueDays);
    await user.type(dueDays, '14');
    await user.click(screen.getByRole('button', { name: 'Remove payment option 2' }));
    await user.click(screen.getByRole('button', { name: 'Add payment option' }));
    await user.type(screen.getByRole('textbox', { name: /Label of payment option 2/ }), 'District PO');
    const method = screen.getByRole('combobox', { name: /Method of payment option 2/ });
    await user.click(method);
    const listbox = await waitFor(() => {
      const element = document.getElementById(method.getAttribute('aria-controls') ?? '');
      if (!element) throw new Error('The method dropdown is not open');
      return element;
    });
    await user.click(within(listbox).getByRole('option', { name: 'Purchase order', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(staffApplicationMessages.settingsSaved)).toBeInTheDocument();
    expect(puts(calls)[0]?.body).toEqual({
      acceptsApplications: false,
      ticketTypeId,
      dueDays: 14,
      paymentOptions: [
        { id: paymentOptionIds.card, label: 'Credit Card', method: 'CARD' },
        { label: 'District PO', method: 'PURCHASE_ORDER' },
      ],
    });
    expect(puts(calls)[0]?.headers['x-requested-with']).toBe('portal');

    // Saved again, the new option is sent with the id the server gave it, not added a second time.
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect((puts(calls)[1]?.body as { paymentOptions: unknown[] }).paymentOptions).toEqual([
      { id: paymentOptionIds.card, label: 'Credit Card', method: 'CARD' },
      { id: newOptionId, label: 'District PO', method: 'PURCHASE_ORDER' },
    ]);
  });

  it('refuses a payment option without a label, and shows field errors from the server', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${settingsPath}`]: () => jsonResponse(200, someSettings()),
      [`PUT ${settingsPath}`]: () =>
        problemResponse(400, 'Bad Request', {
          detail: 'Invalid input',
          errors: { ticketTypeId: staffApplicationMessages.ticketTypeUnknown },
        }),
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Add payment option' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(staffApplicationMessages.labelRequired)).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove payment option 3' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText(staffApplicationMessages.ticketTypeUnknown)).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
  });

  it('adds a question with its options, one a line', async () => {
    let questions = someSettings().questions;
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${settingsPath}`]: () => jsonResponse(200, someSettings({ questions })),
      [`POST /api/admin/events/${instituteId}/questions`]: () => {
        const added = {
          id: 'q-new',
          type: 'RADIO' as const,
          label: 'Years coaching?',
          options: ['0-2', '3+'],
          required: true,
          position: 2,
        };
        questions = [...questions, added];
        return jsonResponse(201, added);
      },
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add question' });
    const form = await within(dialog).findByRole('form', { name: 'Question' });
    await user.click(within(form).getByRole('combobox', { name: /^Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Multiple choice', hidden: true }));
    await user.click(within(form).getByRole('button', { name: 'Save question' }));
    expect(await within(form).findByText(staffApplicationMessages.labelRequired)).toBeInTheDocument();
    expect(within(form).getByText(staffApplicationMessages.optionsRequired)).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /^Label/ }), 'Years coaching?');
    await user.type(within(form).getByRole('textbox', { name: /^Options/ }), ' 0-2 {enter}{enter}3+');
    await user.click(within(form).getByRole('switch', { name: /Required/ }));
    await user.click(within(form).getByRole('button', { name: 'Save question' }));

    expect(await screen.findByText(staffApplicationMessages.questionSaved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      type: 'RADIO',
      label: 'Years coaching?',
      options: ['0-2', '3+'],
      required: true,
      position: 2,
    });
    expect(await screen.findByRole('rowheader', { name: 'Years coaching?' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a question', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${settingsPath}`]: () => jsonResponse(200, someSettings()),
      [`PUT /api/admin/questions/${questionIds.why}`]: (body) =>
        jsonResponse(200, { id: questionIds.why, ...(body as object) }),
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Edit question Why do you want to attend?' }));
    const form = await within(await screen.findByRole('dialog', { name: 'Edit question' })).findByRole('form', {
      name: 'Question',
    });
    expect(within(form).queryByRole('textbox', { name: /^Options/ })).not.toBeInTheDocument();
    const label = within(form).getByRole('textbox', { name: /^Label/ });
    await user.clear(label);
    await user.type(label, 'Why this institute?');
    await user.click(within(form).getByRole('button', { name: 'Save question' }));

    expect(await screen.findByText(staffApplicationMessages.questionSaved)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      type: 'TEXTAREA',
      label: 'Why this institute?',
      options: [],
      required: true,
      position: 0,
    });
  });

  it('deletes a question after confirming', async () => {
    let questions = someSettings().questions;
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${settingsPath}`]: () => jsonResponse(200, someSettings({ questions })),
      [`DELETE /api/admin/questions/${questionIds.grades}`]: () => {
        questions = questions.filter((question) => question.id !== questionIds.grades);
        return new Response(null, { status: 204 });
      },
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Delete question Which grades do you coach?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this question?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(staffApplicationMessages.questionDeleted)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: 'Which grades do you coach?' })).not.toBeInTheDocument(),
    );
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.headers['x-requested-with'])).toEqual([
      'portal',
    ]);
  });

  it("shows the server's reason when an answered question cannot be deleted", async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET ${settingsPath}`]: () => jsonResponse(200, someSettings()),
      [`DELETE /api/admin/questions/${questionIds.why}`]: () =>
        problemResponse(409, 'Conflict', { detail: staffApplicationMessages.questionAnswered }),
    });
    await openPage();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'Delete question Why do you want to attend?' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(staffApplicationMessages.questionAnswered)).toBeInTheDocument();
    expect(screen.queryByText(staffApplicationMessages.questionDeleted)).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Why do you want to attend?' })).toBeInTheDocument();
  });

  it('says when the event does not exist', async () => {
    stubFetch({ 'GET /api/me': () => jsonResponse(200, staff) });
    renderApp(`/admin/events/${instituteId}/applications`);
    expect(await screen.findByRole('heading', { name: /not found/i }, { timeout: 5000 })).toBeInTheDocument();
  });
});
