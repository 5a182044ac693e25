import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';
import { SideMenu } from './side-menu.tsx';

function renderMenu(toolKitAccess: boolean) {
  render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/members/profile']}>
        <nav aria-label="Side menu">
          <SideMenu contentAccess={{ toolKitAccess, schoolLeaderAccess: false }} />
        </nav>
      </MemoryRouter>
    </Providers>,
  );
  const menu = screen.getByRole('navigation', { name: 'Side menu' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('side menu', () => {
  it('shows Treasure Chest and My Saved Resources to a member with toolkit access, in the spec order', () => {
    expect(renderMenu(true)).toEqual([
      'Profile',
      'Treasure Chest',
      'My Saved Resources',
      'Purchase Orders',
      'PD Services',
      'Resources',
      'Manage Services',
      'Manage Events',
      'Event Cart',
    ]);
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('leaves them out without toolkit access', () => {
    const links = renderMenu(false);
    expect(links).not.toContain('Treasure Chest');
    expect(links).not.toContain('My Saved Resources');
    expect(links).toEqual([
      'Profile',
      'Purchase Orders',
      'PD Services',
      'Resources',
      'Manage Services',
      'Manage Events',
      'Event Cart',
    ]);
  });

  it('marks the current page', () => {
    renderMenu(true);
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Purchase Orders' })).not.toHaveAttribute('aria-current');
  });
});
