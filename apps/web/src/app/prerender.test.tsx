import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getByLabelText, getByRole, getByText, queryByText } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { profileMessages } from '@portal/domain/people/profile.ts';
import { prerenderScreens } from './prerender.tsx';

function mount(markup: string | undefined): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = markup ?? '';
  document.body.append(container);
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
});

// Role queries over every members page's markup: past vitest's 5 s a test when lint and other tests share the two
// cores (7 to 12 s at a load of 15).
describe('prerendered screens', { timeout: 30_000 }, () => {
  let screens: Record<string, string>;
  // Rendering them loads every members page's module: seconds when the machine is busy.
  beforeAll(async () => {
    screens = await prerenderScreens();
  }, 120_000);

  it("are the sign-in screen and every page in the members' frame, by address pattern", () => {
    const paths = Object.keys(screens);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/auth/login',
        '/auth/forgot-password',
        '/verify/:code',
        '/members/profile',
        '/members/events',
        '/members/manage-events',
        '/members/events/:eventId',
        '/members/organization/:organizationId/school-roster',
      ]),
    );
    // Outside the frame: a mailed link's landing page, and the staff console.
    expect(paths).not.toContain('/members');
    expect(paths.filter((path) => path.startsWith('/admin'))).toEqual([]);
  });

  it('draws each members page in the frame as it looks while loading, never a page of its own for the pattern', () => {
    for (const [path, markup] of Object.entries(screens)) {
      if (!path.startsWith('/members')) continue;
      const page = mount(markup);
      expect(getByRole(page, 'navigation', { name: 'Side menu' }), path).toBeInTheDocument();
      expect(queryByText(page, 'Page not found'), path).toBeNull();
      document.body.innerHTML = '';
    }
    // A wizard's step is part of its address: the build cannot know it, so the page is a loader in the frame.
    const wizard = mount(screens['/members/events/applications/:applicationId/manage/:step']);
    expect(getByRole(wizard, 'status', { name: 'Loading' })).toBeInTheDocument();
    expect(
      getByRole(mount(screens['/members/manage-events']), 'heading', { level: 1, name: 'Manage Events' }),
    ).toBeInTheDocument();
  });

  it("paints a certificate's check from the HTML: its frame and heading, and a loader until the code's read answers", () => {
    const verify = mount(screens['/verify/:code']);
    expect(getByRole(verify, 'heading', { level: 1, name: 'Certificate verification' })).toBeInTheDocument();
    expect(getByRole(verify, 'status', { name: 'Checking the certificate' })).toBeInTheDocument();
    expect(queryByText(verify, 'Page not found')).toBeNull();
    document.body.innerHTML = '';
    const forgot = mount(screens['/auth/forgot-password']);
    expect(getByLabelText(forgot, 'Email', { exact: false })).toBeInTheDocument();
  });

  it('renders the sign-in screen as the app shows it, from the same components', () => {
    const container = mount(screens['/auth/login']);
    expect(getByRole(container, 'heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(getByLabelText(container, 'Email')).toHaveAttribute('type', 'email');
    expect(getByLabelText(container, 'Password')).toHaveAttribute('type', 'password');
    expect(getByRole(container, 'button', { name: 'Sign in' })).toHaveAttribute('type', 'submit');
    expect(getByRole(container, 'link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');
  });

  it("renders the members frame with no one's data: the page heading, its loaders, the menu every member has", () => {
    const profile = mount(screens['/members/profile']);
    expect(getByRole(profile, 'heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(getByText(profile, profileMessages.ctleNote)).toBeInTheDocument();
    expect(getByRole(profile, 'navigation', { name: 'Side menu' })).toBeInTheDocument();
    expect(getByRole(profile, 'link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    // Toolkit pages are only for members with toolkit access; the frame is the same for everyone.
    expect(queryByText(profile, 'Treasure Chest')).toBeNull();
    expect(queryByText(profile, 'Edit profile')).toBeNull();

    const events = mount(screens['/members/events']);
    expect(getByRole(events, 'heading', { level: 1, name: 'PD Services' })).toBeInTheDocument();
    expect(getByRole(events, 'link', { name: 'PD Services' })).toHaveAttribute('aria-current', 'page');
  });

  it('are drawn in the colour scheme the app sets once it runs: index.html names it, so Mantine styles them', () => {
    const indexHtml = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
    expect(indexHtml).toMatch(/<html lang="en" data-mantine-color-scheme="light">/);
  });
});
