import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  toolkitMessages,
  type StaffToolkitDocumentPage,
  type StaffToolkitOutline,
} from '@portal/domain/content/toolkit.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const staff = aUser({ role: 'STAFF' });
const outline: StaffToolkitOutline = {
  categories: [
    { id: 'c1', name: 'Classroom routines', audience: [], order: 0, documentCount: 1 },
    { id: 'c2', name: 'Leading a school', audience: ['schoolLeader'], order: 1, documentCount: 0 },
  ],
  groupings: [
    { id: 'g1', parentId: null, title: 'Literacy', audience: [], order: 0, documentCount: 0 },
    { id: 'g2', parentId: 'g1', title: 'Grade 3 pilot', audience: ['grade3Pilot'], order: 0, documentCount: 1 },
  ],
};
const documents: StaffToolkitDocumentPage = {
  items: [
    {
      id: 'd1',
      title: 'Morning meeting guide',
      description: '',
      fileName: 'morning.pdf',
      fileSize: 2048,
      categoryId: 'c1',
      groupingId: null,
      order: 0,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 25,
};

describe('Toolkit library', { timeout: 30_000 }, () => {
  it('shows categories, nested groupings and documents, and moves a category', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/toolkit/outline': () => jsonResponse(200, outline),
      'GET /api/admin/toolkit/documents': () => jsonResponse(200, documents),
      'POST /api/admin/toolkit/categories/c2/move': () =>
        jsonResponse(200, { ...outline, categories: [...outline.categories].reverse() }),
    });
    renderApp('/admin/toolkit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Toolkit library' })).toBeInTheDocument();
    const categories = await screen.findByRole('table', { name: 'Categories' });
    expect(within(categories).getByText('School leaders')).toBeInTheDocument();
    expect(within(categories).getByRole('button', { name: 'Move Classroom routines up' })).toBeDisabled();
    const groupings = screen.getByRole('table', { name: 'Groupings' });
    expect(within(groupings).getByText('In Literacy')).toBeInTheDocument();
    expect(within(groupings).getByRole('button', { name: 'Edit Literacy › Grade 3 pilot' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(within(table).getByText('Classroom routines')).toBeInTheDocument();

    await userEvent.click(within(categories).getByRole('button', { name: 'Move Leading a school up' }));
    expect(await screen.findByText(toolkitMessages.moved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ direction: 'up' });
  });

  it('requires a title for a new grouping, and edits a nested grouping keeping its parent', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/toolkit/outline': () => jsonResponse(200, outline),
      'GET /api/admin/toolkit/documents': () => jsonResponse(200, documents),
      'PUT /api/admin/toolkit/groupings/g2': () => jsonResponse(200, outline),
    });
    renderApp('/admin/toolkit');
    // The drawer animates in: its inputs take clicks before their transition ends.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(await screen.findByRole('button', { name: 'New grouping' }));
    const created = await screen.findByRole('form', { name: 'Grouping' });
    await user.click(within(created).getByRole('button', { name: 'Save' }));
    expect(await within(created).findByText(toolkitMessages.titleRequired)).toBeInTheDocument();
    await user.click(within(created).getByRole('button', { name: 'Cancel' }));

    await user.click(await screen.findByRole('button', { name: 'Edit Literacy › Grade 3 pilot' }));
    const form = await screen.findByRole('form', { name: 'Grouping' });
    expect(within(form).getByRole('combobox', { name: 'Inside' })).toHaveValue('Literacy');
    await user.clear(within(form).getByRole('textbox', { name: 'Title' }));
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Grade 3');
    await user.click(within(form).getByRole('checkbox', { name: 'Test prep' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(toolkitMessages.groupingSaved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: 'Grade 3',
      parentId: 'g1',
      audience: ['grade3Pilot', 'testPrep'],
    });
  });

  it('creates a grouping inside another, aimed at a flag', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/toolkit/outline': () => jsonResponse(200, outline),
      'GET /api/admin/toolkit/documents': () => jsonResponse(200, documents),
      'POST /api/admin/toolkit/groupings': () => jsonResponse(201, outline),
    });
    renderApp('/admin/toolkit', { mantineEnv: 'test' });
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
    await user.click(await screen.findByRole('button', { name: 'New grouping' }));
    const form = await screen.findByRole('form', { name: 'Grouping' });
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Units');
    await user.click(within(form).getByRole('combobox', { name: 'Inside' }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'Literacy › Grade 3 pilot' }),
    );
    await user.click(within(form).getByRole('checkbox', { name: 'Test prep' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(toolkitMessages.groupingSaved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Units',
      parentId: 'g2',
      audience: ['testPrep'],
    });
  });

  it('shows empty lists, and a failed load with Retry', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/toolkit/outline': () =>
        problemResponse(500, 'Internal Server Error', { detail: 'Something went wrong' }),
      'GET /api/admin/toolkit/documents': () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 25 }),
    });
    renderApp('/admin/toolkit');
    expect(await screen.findByText('Could not load the library')).toBeInTheDocument();
    expect(await screen.findByText('No documents found')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument());
  });
});

describe('Toolkit access of a user', { timeout: 30_000 }, () => {
  it('staff tick flags and save them', async () => {
    const user = {
      id: 'u1',
      firstName: 'Tara',
      lastName: 'Thompson',
      email: 'tara@demo.test',
      toolKitAccess: true,
      schoolLeaderAccess: false,
      testPrep: false,
      grade3Pilot: false,
      grade4Pilot: false,
      grade5Pilot: false,
    };
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/users/u1/toolkit': () => jsonResponse(200, user),
      'PUT /api/admin/users/u1/toolkit': (body) => jsonResponse(200, { ...user, ...(body as object) }),
    });
    renderApp('/admin/users/u1/toolkit');
    expect(await screen.findByText('Tara Thompson · tara@demo.test')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Grade 4 pilot' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(toolkitMessages.flagsSaved)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      toolKitAccess: true,
      schoolLeaderAccess: false,
      testPrep: false,
      grade3Pilot: false,
      grade4Pilot: true,
      grade5Pilot: false,
    });
  });
});
