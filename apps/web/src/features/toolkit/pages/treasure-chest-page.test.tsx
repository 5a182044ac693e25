import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { favouriteMessages } from '@portal/domain/content/favourites.ts';
import { toolkitMessages, type ToolkitDocument, type TreasureChest } from '@portal/domain/content/toolkit.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const doc = (id: string, title: string, isFavorited = false): ToolkitDocument => ({
  id,
  title,
  description: '',
  fileName: `${title}.pdf`,
  fileSize: 14 * 1024,
  downloadLink: `/api/toolkit/documents/${id}/file`,
  isFavorited,
});

const chest: TreasureChest = {
  categories: [{ id: 'c1', name: 'Classroom routines', documents: [doc('d1', 'Morning meeting guide')] }],
  groupings: [
    { id: 'g1', parentId: null, title: 'Literacy', documents: [doc('d2', 'Reading workshop')] },
    { id: 'g2', parentId: 'g1', title: 'Grade 3 pilot', documents: [doc('d3', 'Unit 1 plan', true)] },
  ],
};

describe('Treasure Chest', { timeout: 30_000 }, () => {
  it('shows categories and nested groupings with downloads, and saves a document as a favourite', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/toolkit/treasure-chest': () => jsonResponse(200, chest),
      'POST /api/favourites': (body) => jsonResponse(200, { ...(body as object), isFavorited: true }),
    });
    renderApp('/members/treasure-chest');
    expect(await screen.findByRole('heading', { level: 1, name: 'Treasure Chest' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Classroom routines' })).toBeInTheDocument();
    const literacy = screen.getByRole('region', { name: 'Literacy' });
    // The child grouping sits inside its parent, one heading level down.
    const pilot = within(literacy).getByRole('region', { name: 'Grade 3 pilot' });
    expect(within(pilot).getByRole('heading', { level: 3, name: 'Grade 3 pilot' })).toBeInTheDocument();
    expect(within(pilot).getByRole('button', { name: 'Saved Unit 1 plan' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Download Morning meeting guide (PDF, 14 KB)' })).toHaveAttribute(
      'href',
      '/api/toolkit/documents/d1/file',
    );

    const toggle = screen.getByRole('button', { name: 'Favorite Morning meeting guide' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(await screen.findByText(favouriteMessages.added)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ targetType: 'toolkit_document', targetId: 'd1' });
    expect(screen.getByRole('button', { name: 'Saved Morning meeting guide' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when nothing is open to the member', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/toolkit/treasure-chest': () => jsonResponse(200, { categories: [], groupings: [] }),
    });
    renderApp('/members/treasure-chest');
    expect(await screen.findByText(toolkitMessages.empty)).toBeInTheDocument();
  });

  it('shows a loading state, then a failed load with Retry', async () => {
    let answer: () => Response = () =>
      problemResponse(500, 'Internal Server Error', { detail: 'Something went wrong' });
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/toolkit/treasure-chest': () => answer(),
    });
    renderApp('/members/treasure-chest');
    expect(await screen.findByRole('status', { name: 'Loading the Treasure Chest' })).toBeInTheDocument();
    expect(await screen.findByText('Could not load the Treasure Chest')).toBeInTheDocument();
    answer = () => jsonResponse(200, chest);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Classroom routines' })).toBeInTheDocument();
  });
});
