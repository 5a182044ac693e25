import { getByLabelText, getByRole, getByText, queryByText } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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

describe('prerendered screens', () => {
  it('are the sign-in screen and the two pages most sign-ins land on', () => {
    expect(Object.keys(prerenderScreens())).toEqual(['/auth/login', '/members/profile', '/members/events']);
  });

  it('renders the sign-in screen as the app shows it, from the same components', () => {
    const container = mount(prerenderScreens()['/auth/login']);
    expect(getByRole(container, 'heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(getByLabelText(container, 'Email')).toHaveAttribute('type', 'email');
    expect(getByLabelText(container, 'Password')).toHaveAttribute('type', 'password');
    expect(getByRole(container, 'button', { name: 'Sign in' })).toHaveAttribute('type', 'submit');
    expect(getByRole(container, 'link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');
  });

  it("renders the members frame with no one's data: the page heading, its loaders, the menu every member has", () => {
    const screens = prerenderScreens();
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
});
