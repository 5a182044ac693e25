import { getByLabelText, getByRole } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prerenderScreens } from './prerender.tsx';

describe('prerendered screens', () => {
  it('renders the sign-in screen as the app shows it, from the same components', () => {
    const screens = prerenderScreens();
    expect(Object.keys(screens)).toEqual(['/auth/login']);
    const container = document.createElement('div');
    container.innerHTML = screens['/auth/login'] ?? '';
    document.body.append(container);
    expect(getByRole(container, 'heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(getByLabelText(container, 'Email')).toHaveAttribute('type', 'email');
    expect(getByLabelText(container, 'Password')).toHaveAttribute('type', 'password');
    expect(getByRole(container, 'button', { name: 'Sign in' })).toHaveAttribute('type', 'submit');
    expect(getByRole(container, 'link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot-password');
    container.remove();
  });
});
