import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { favouriteMessages } from '@portal/domain/content/favourites.ts';
import { currentUserQuery } from '../../lib/current-user.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../test/fetch-stub.ts';
import { aUser } from '../../test/users.ts';
import { theme } from '../../ui/theme.ts';
import { FavouriteToggle } from './favourite-toggle.tsx';

function renderToggle(user: ReturnType<typeof aUser>, isFavorited = false) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQuery.queryKey, user);
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <FavouriteToggle targetType="video" targetId="v1" title="Modeling a read-aloud" isFavorited={isFavorited} />
      </MantineProvider>
    </QueryClientProvider>,
  );
}

describe('FavouriteToggle', () => {
  it('saves and unsaves, pressed while saved', async () => {
    const calls = stubFetch({
      'POST /api/favourites': (body) => jsonResponse(200, { ...(body as object), isFavorited: true }),
      'DELETE /api/favourites': (body) => jsonResponse(200, { ...(body as object), isFavorited: false }),
    });
    renderToggle(aUser());
    const toggle = screen.getByRole('button', { name: 'Favorite Modeling a read-aloud' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(await screen.findByText(favouriteMessages.added)).toBeInTheDocument();
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(toggle).toHaveAccessibleName('Saved Modeling a read-aloud');
    expect(toggle).toHaveTextContent('Saved');
    await userEvent.click(toggle);
    expect(await screen.findByText(favouriteMessages.removed)).toBeInTheDocument();
    expect(calls.map((c) => [c.method, c.body])).toEqual([
      ['POST', { targetType: 'video', targetId: 'v1' }],
      ['DELETE', { targetType: 'video', targetId: 'v1' }],
    ]);
  });

  it("shows the server's refusal, leaving the toggle as it was", async () => {
    stubFetch({
      'POST /api/favourites': () => problemResponse(404, 'Not Found', { detail: favouriteMessages.notFound }),
    });
    renderToggle(aUser());
    await userEvent.click(screen.getByRole('button', { name: 'Favorite Modeling a read-aloud' }));
    expect(await screen.findByText(favouriteMessages.notFound)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Favorite Modeling a read-aloud' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('is not shown to a member without toolkit access', () => {
    stubFetch({});
    renderToggle(aUser({ contentAccess: { toolKitAccess: false, schoolLeaderAccess: false } }));
    expect(screen.queryByRole('button', { name: /Favorite|Saved/ })).not.toBeInTheDocument();
  });
});
