import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { videoCollectionMessages, type VideoCollection } from '@portal/domain/content/video-collections.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const collection: VideoCollection = {
  id: 'c-1',
  slug: 'coaching-cycles',
  name: 'Coaching Cycles in Action',
  description: 'Classroom footage of coaching cycles.',
  videos: [
    {
      id: 'v-1',
      vimeoId: '76979871',
      title: 'Setting a goal',
      description: 'The first conversation.',
      documents: [],
      isFavorited: false,
    },
    {
      id: 'v-2',
      vimeoId: '22439234',
      title: 'Modeling a lesson',
      description: 'The coach teaches, the teacher watches.',
      documents: [
        {
          id: 'd-1',
          title: 'Viewing guide',
          fileName: 'guide.pdf',
          fileSize: 4096,
          downloadLink: '/api/video-documents/d-1/file',
        },
      ],
      isFavorited: true,
    },
  ],
};

describe('Video collection', { timeout: 30_000 }, () => {
  it('plays the first video in a 500 px frame and chooses another from the list by keyboard, keeping it in the URL', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/video-collections/coaching-cycles': () => jsonResponse(200, collection),
    });
    const view = renderApp('/members/video-collection/coaching-cycles');
    expect(
      await screen.findByRole('heading', { level: 1, name: collection.name }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const frame = screen.getByTitle('Setting a goal (Vimeo player)');
    expect(frame).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871');
    expect(frame).toHaveStyle({ height: '500px' });
    expect(screen.getByRole('link', { name: /Watch Setting a goal on Vimeo/ })).toHaveAttribute(
      'href',
      'https://vimeo.com/76979871',
    );

    const list = screen.getByRole('navigation', { name: 'Videos in this collection' });
    expect(within(list).getByRole('button', { name: /Setting a goal/ })).toHaveAttribute('aria-current', 'true');
    const user = userEvent.setup({ delay: null });
    within(list)
      .getByRole('button', { name: /Setting a goal/ })
      .focus();
    await user.tab();
    expect(within(list).getByRole('button', { name: 'Modeling a lesson' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(view.location()).toBe('/members/video-collection/coaching-cycles?selectedVideo=v-2'));
    expect(await screen.findByTitle('Modeling a lesson (Vimeo player)')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/22439234',
    );
    expect(screen.getByRole('link', { name: 'Viewing guide' })).toHaveAttribute(
      'href',
      '/api/video-documents/d-1/file',
    );
    expect(screen.getByRole('button', { name: 'Saved Modeling a lesson' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens the video the URL names, and says when a collection has no videos', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/video-collections/coaching-cycles': () => jsonResponse(200, collection),
      'GET /api/video-collections/empty': () =>
        jsonResponse(200, { ...collection, slug: 'empty', name: 'Empty', videos: [] }),
    });
    const view = renderApp('/members/video-collection/coaching-cycles?selectedVideo=v-2');
    expect(await screen.findByTitle('Modeling a lesson (Vimeo player)', {}, { timeout: 5000 })).toBeInTheDocument();
    await view.router.navigate('/members/video-collection/empty');
    expect(await screen.findByText(videoCollectionMessages.noVideos)).toBeInTheDocument();
  });

  it('shows loading, then an unknown collection’s error', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/video-collections/gone': () =>
        problemResponse(404, 'Not Found', { detail: videoCollectionMessages.notFound }),
    });
    renderApp('/members/video-collection/gone');
    expect(await screen.findByText(videoCollectionMessages.notFound, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Could not load this video collection')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading videos' })).not.toBeInTheDocument();
  });
});
