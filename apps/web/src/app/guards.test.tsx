import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, problemResponse, stubFetch } from '../test/fetch-stub.ts';
import { renderApp } from '../test/render-app.tsx';
import { aProfile } from '../test/profile.ts';
import { aUser } from '../test/users.ts';
import { toolkitAccessNotice, toolkitRefusedPath } from '@portal/domain/navigation.ts';

describe('members guard', () => {
  it('sends a signed-out visitor to sign in, remembering the page they asked for', async () => {
    stubFetch({ 'GET /api/me': () => problemResponse(401, 'Unauthorized') });
    const app = renderApp('/members/manage-events?tab=2');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.location()).toBe('/auth/login?intended=%2Fmembers%2Fmanage-events%3Ftab%3D2');
    expect(screen.queryByRole('navigation', { name: 'Side menu' })).not.toBeInTheDocument();
  });

  it('shows a signed-in member the page inside the members frame', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/profile': () => jsonResponse(200, aProfile()),
    });
    const app = renderApp('/members/profile');

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(app.location()).toBe('/members/profile');
    expect(screen.getByRole('navigation', { name: 'Side menu' })).toBeInTheDocument();
    expect(await screen.findByText('Lincoln Elementary School')).toBeInTheDocument();
  });

  it('sends /members without a sign-in token to the profile', async () => {
    stubFetch({ 'GET /api/me': () => jsonResponse(200, aUser()) });
    const app = renderApp('/members');

    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(app.location()).toBe('/members/profile');
  });
});

describe('toolkit guard', () => {
  const noToolkit = aUser({ contentAccess: { toolKitAccess: false, schoolLeaderAccess: false } });

  it.each(['/members/treasure-chest', '/members/my-saved-resources'])(
    'sends a member without toolkit access from %s to the profile, which says why',
    async (path) => {
      stubFetch({ 'GET /api/me': () => jsonResponse(200, noToolkit) });
      const app = renderApp(path);

      expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
      expect(app.location()).toBe(toolkitRefusedPath);
      expect(screen.getByText(toolkitAccessNotice)).toBeInTheDocument();
    },
  );

  it('lets a member with toolkit access in', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/toolkit/treasure-chest': () => jsonResponse(200, { categories: [], groupings: [] }),
    });
    const app = renderApp('/members/treasure-chest');

    expect(await screen.findByRole('heading', { name: 'Treasure Chest' })).toBeInTheDocument();
    expect(app.location()).toBe('/members/treasure-chest');
  });
});

describe('staff console guard', () => {
  it('keeps members out', async () => {
    stubFetch({ 'GET /api/me': () => jsonResponse(200, aUser()) });
    const app = renderApp('/admin/users');

    await waitFor(() => expect(app.location()).toBe('/members/profile'));
  });

  it('keeps staff out while they view the portal as someone else', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser({ role: 'STAFF', impersonator: { id: 's', name: 'Sam Staff' } })),
    });
    const app = renderApp('/admin');

    await waitFor(() => expect(app.location()).toBe('/members/profile'));
    expect(await screen.findByText('Viewing as: Tara Thompson')).toBeInTheDocument();
  });
});
