import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { favouriteMessages, type SavedResource, type SavedResourceList } from '@portal/domain/content/favourites.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const guide: SavedResource = {
  id: 'd1',
  targetType: 'toolkit_document',
  title: 'Morning meeting guide',
  type: 'pdf',
  downloadLink: '/api/toolkit/documents/d1/file',
  openLink: null,
  collection: 'Classroom routines',
  isFavorited: true,
};
const video: SavedResource = {
  ...guide,
  id: 'v1',
  targetType: 'video',
  title: 'Modeling a read-aloud',
  type: 'video',
  downloadLink: null,
  openLink: '/members/video-collection/literacy?selectedVideo=v1',
  collection: 'Literacy videos',
};
const list = (items: SavedResource[]): SavedResourceList => ({ items, total: items.length, page: 1, pageSize: 20 });

describe('My Saved Resources', { timeout: 30_000 }, () => {
  it('lists title, type, download link and collection, and removes a favourite', async () => {
    let saved = [guide, video];
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/favourites': () => jsonResponse(200, list(saved)),
      'DELETE /api/favourites': (body) => {
        saved = saved.filter((s) => s.id !== (body as { targetId: string }).targetId);
        return jsonResponse(200, { ...(body as object), isFavorited: false });
      },
    });
    renderApp('/members/my-saved-resources');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Saved Resources' })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByText('PDF')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Collection: Classroom routines')).toBeInTheDocument();
    expect(
      within(items[0] as HTMLElement).getByRole('link', { name: 'Download Morning meeting guide' }),
    ).toHaveAttribute('href', guide.downloadLink);
    expect(within(items[1] as HTMLElement).getByText('Video')).toBeInTheDocument();
    expect(
      within(items[1] as HTMLElement).getByRole('link', { name: 'Watch Modeling a read-aloud' }),
    ).toBeInTheDocument();
    expect(screen.getByText('2 saved resources')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Saved Morning meeting guide' }));
    expect(await screen.findByText(favouriteMessages.removed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Morning meeting guide')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ targetType: 'toolkit_document', targetId: 'd1' });
  });

  it("shows 'No saved resources found' when nothing is saved", async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/favourites': () => jsonResponse(200, list([])),
    });
    renderApp('/members/my-saved-resources');
    expect(await screen.findByText(favouriteMessages.empty)).toBeInTheDocument();
  });

  it('shows a loading state, then the error with Retry', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/favourites': () => problemResponse(500, 'Internal Server Error', { detail: 'Something went wrong' }),
    });
    renderApp('/members/my-saved-resources');
    expect(await screen.findByRole('status', { name: 'Loading saved resources' })).toBeInTheDocument();
    expect(await screen.findByText('Could not load your saved resources')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
