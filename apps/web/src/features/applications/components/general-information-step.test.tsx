import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applicationMessages } from '@portal/domain/applications/rules.ts';
import { generalInformationMessages, type SaveSegmentInput } from '@portal/domain/applications/contracts.ts';
import { phoneMessages } from '@portal/domain/contact.ts';
import { genericErrorMessage } from '@portal/domain/problems/messages.ts';
import { anApplicationDetail, segmentsPath, wizardPath, wizardRoutes } from '../../../test/applications.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';

const field = (name: RegExp) => screen.getByRole('textbox', { name });

async function openStep(routes: ReturnType<typeof wizardRoutes>) {
  const calls = stubFetch(routes);
  const app = renderApp(wizardPath('general-information'), { mantineEnv: 'test' });
  await screen.findByRole('textbox', { name: /First name/ }, { timeout: 8000 });
  // The address and phone fields are a chunk of their own.
  await screen.findByRole('textbox', { name: /Phone/ }, { timeout: 5000 });
  return { app, calls, user: userEvent.setup() };
}

const saves = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((call) => `${call.method} ${call.path}` === segmentsPath);

describe('Application wizard: general information', { timeout: 30_000 }, () => {
  it('is prefilled, with the phone in its mask and the country defaulting to the United States', async () => {
    await openStep(
      wizardRoutes(
        anApplicationDetail({ generalInformation: { ...anApplicationDetail().generalInformation, country: '' } }),
      ),
    );

    expect(field(/Last name/)).toHaveValue('Thompson');
    expect(field(/Address 1/)).toHaveValue('1 School Road');
    expect(field(/Phone/)).toHaveValue('(518) 555-0199');
    expect(screen.getByRole('combobox', { name: /^Country/ })).toHaveValue('United States');
    expect(screen.getByRole('combobox', { name: /^State \/ Province/ })).toHaveValue('New York');
  });

  it('shows the server schema’s messages and sends nothing while fields are invalid', async () => {
    const { calls, user } = await openStep(wizardRoutes(anApplicationDetail()));

    await user.clear(field(/First name/));
    await user.clear(field(/City/));
    await user.clear(field(/Zip/));
    await user.type(field(/Zip/), '12345678901');
    await user.clear(field(/Phone/));
    await user.type(field(/Phone/), '518');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(generalInformationMessages.firstName)).toBeInTheDocument();
    expect(screen.getByText(generalInformationMessages.city)).toBeInTheDocument();
    expect(screen.getByText(generalInformationMessages.zipPostal)).toBeInTheDocument();
    expect(screen.getByText(phoneMessages.invalid)).toBeInTheDocument();
    await user.clear(field(/Phone/));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(phoneMessages.required)).toBeInTheDocument();
    expect(saves(calls)).toHaveLength(0);
  });

  it('clears the state when the country changes and takes free text outside the United States', async () => {
    const { user } = await openStep(wizardRoutes(anApplicationDetail()));

    await user.click(screen.getByRole('combobox', { name: /^Country/ }));
    await user.click(await screen.findByRole('option', { name: 'Canada' }));
    const state = await screen.findByRole('textbox', { name: /State \/ Province/ });
    expect(state).toHaveValue('');
    await user.type(state, 'Ontario');
    expect(state).toHaveValue('Ontario');
  });

  it('saves with the digits of the phone, stays and says so', async () => {
    let sent: SaveSegmentInput | undefined;
    const detail = anApplicationDetail();
    const { app, user } = await openStep(
      wizardRoutes(detail, {
        [segmentsPath]: (body) => {
          sent = body as SaveSegmentInput;
          return jsonResponse(
            200,
            anApplicationDetail({
              generalInformationSaved: true,
              progress: { ...detail.progress, generalInformation: true },
            }),
          );
        },
      }),
    );

    await user.clear(field(/Address 2/));
    await user.type(field(/Address 2/), '  Suite 4 ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(applicationMessages.saved)).toBeInTheDocument();
    expect(sent).toEqual({
      segment: 'GENERAL_INFORMATION',
      data: {
        firstName: 'Tara',
        lastName: 'Thompson',
        address1: '1 School Road',
        address2: '  Suite 4 ',
        city: 'Albany',
        stateProvince: 'NY',
        zipPostal: '12208',
        country: 'United States',
        phone: '5185550199',
      },
    });
    expect(app.location()).toBe(wizardPath('general-information'));
    // The saved application opens the sections step.
    await waitFor(() => expect(screen.getByRole('button', { name: /Sections/ })).toBeEnabled());
  });

  it('Save & Continue saves, then opens affiliations and attendance without asking about unsaved changes', async () => {
    const detail = anApplicationDetail();
    let answer: (response: Response) => void = () => undefined;
    const { app, calls, user } = await openStep(
      wizardRoutes(detail, { [segmentsPath]: () => new Promise<Response>((resolve) => (answer = resolve)) }),
    );

    await user.type(field(/Address 2/), 'Suite 4');
    await user.dblClick(screen.getByRole('button', { name: 'Save & Continue' }));
    expect(screen.getByRole('button', { name: /Save & Continue/ })).toBeDisabled();
    answer(jsonResponse(200, anApplicationDetail({ progress: { ...detail.progress, generalInformation: true } })));

    await waitFor(() => expect(app.location()).toBe(wizardPath('affiliations-and-attendance')));
    expect(await screen.findByText('Washington Middle School', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Leave this page?')).not.toBeInTheDocument();
    expect(saves(calls)).toHaveLength(1);
  });

  it('shows a 400’s message and its field errors on the fields', async () => {
    const { user } = await openStep(
      wizardRoutes(anApplicationDetail(), {
        [segmentsPath]: () =>
          problemResponse(400, 'Bad Request', {
            detail: 'Please correct the highlighted fields.',
            errors: { 'data.zipPostal': generalInformationMessages.zipPostal },
          }),
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Please correct the highlighted fields.')).toBeInTheDocument();
    expect(field(/Zip/)).toHaveAccessibleDescription(generalInformationMessages.zipPostal);
  });

  it('says “Something went wrong” for a 400 without a message, and the update failure for anything else', async () => {
    let status = 400;
    const { user } = await openStep(
      wizardRoutes(anApplicationDetail(), {
        [segmentsPath]: () => new Response(null, { status, statusText: '' }),
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(genericErrorMessage)).toBeInTheDocument();
    status = 409;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(applicationMessages.updateFailed)).toBeInTheDocument();
  });
});
