import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { schoolYearMessages, type SchoolYearList } from '@portal/domain/content/organization-resources.ts';
import type { VideoCollection } from '@portal/domain/content/video-collections.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const staff = aUser({ role: 'STAFF', memberships: [] });
const years: SchoolYearList = {
  items: [{ id: 'y-26', name: '2026-2027', startsOn: '2026-07-01', endsOn: '2027-06-30' }],
};

describe('staff content library', { timeout: 30_000 }, () => {
  it('creates a video collection with its address made from the name, then opens it', async () => {
    const created: VideoCollection = {
      id: 'c-1',
      slug: 'math-number-talks',
      name: 'Math Number Talks',
      description: '',
      videos: [],
    };
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/video-collections': () => jsonResponse(200, { items: [] }),
      'POST /api/admin/video-collections': () => jsonResponse(201, created),
      'GET /api/admin/video-collections/c-1': () => jsonResponse(200, created),
    });
    const view = renderApp('/admin/video-collections');
    expect(await screen.findByText('No video collections yet.', {}, { timeout: 5000 })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Math Number Talks');
    expect(screen.getByRole('textbox', { name: /Address/ })).toHaveValue('math-number-talks');
    await user.click(screen.getByRole('button', { name: 'Create collection' }));
    await waitFor(() => expect(view.location()).toBe('/admin/video-collections/c-1'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Math Number Talks',
      slug: 'math-number-talks',
      description: '',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Math Number Talks' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'New video' })).toBeInTheDocument();
  });

  it('lists school years and shows a taken name on its field', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/school-years': () => jsonResponse(200, years),
      'POST /api/admin/school-years': () =>
        problemResponse(409, 'Conflict', {
          detail: schoolYearMessages.taken,
          errors: { name: schoolYearMessages.taken },
        }),
    });
    renderApp('/admin/school-years');
    expect(await screen.findByRole('cell', { name: '2026-2027' }, { timeout: 5000 })).toBeInTheDocument();
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), '2026-2027');
    await user.type(screen.getByLabelText(/Starts on/), '2026-07-01');
    await user.type(screen.getByLabelText(/Ends on/), '2027-06-30');
    await user.click(screen.getByRole('button', { name: 'Add school year' }));
    expect(await screen.findByText(schoolYearMessages.taken)).toBeInTheDocument();
  });

  it('shows the error of a failed load with a retry', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/video-collections': () =>
        problemResponse(500, 'Internal Server Error', { detail: 'Something went wrong' }),
    });
    renderApp('/admin/video-collections');
    expect(await screen.findByText('Could not load video collections', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
