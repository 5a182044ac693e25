import { MantineProvider, Table, VisuallyHidden } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalShell } from './portal-shell.tsx';
import { ResponsiveTable } from './responsive-table.tsx';
import { StatusBadge } from './status-badge.tsx';
import { statusToneColors, theme } from './theme.ts';

function renderShell() {
  return render(
    <MantineProvider theme={theme}>
      <MemoryRouter>
        <PortalShell
          navLabel="Side menu"
          homeTo="/members/profile"
          headerEnd={<span>Tara Thompson</span>}
          nav={() => <a href="/members/profile">Profile</a>}
        >
          <h1>Profile</h1>
        </PortalShell>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('portal shell', () => {
  it('offers "Skip to content" first, which moves the focus to the main landmark', async () => {
    renderShell();
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('names the provider in the header, with its logo slot', () => {
    renderShell();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: /Members Portal/ })).toHaveAttribute('href', '/members/profile');
  });

  it('says whether the menu is open and which element it controls; Escape closes it and gives the focus back', async () => {
    renderShell();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Open side menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const nav = screen.getByRole('navigation', { name: 'Side menu' });
    expect(button).toHaveAttribute('aria-controls', nav.id);

    await user.click(button);
    expect(screen.getByRole('button', { name: 'Close side menu' })).toHaveAttribute('aria-expanded', 'true');
    within(nav).getByRole('link', { name: 'Profile' }).focus();
    await user.keyboard('{Escape}');
    const closed = screen.getByRole('button', { name: 'Open side menu' });
    expect(closed).toHaveAttribute('aria-expanded', 'false');
    expect(closed).toHaveFocus();
  });
});

function Payments() {
  const [rows, setRows] = useState(['Fall Conference']);
  return (
    <MantineProvider theme={theme}>
      <ResponsiveTable aria-label="Payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Event</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row}>
              <Table.Td>{row}</Table.Td>
              <Table.Td>
                <StatusBadge tone="paid">Paid</StatusBadge>
              </Table.Td>
              <Table.Td>
                <button type="button" onClick={() => setRows([...rows, 'Spring Institute'])}>
                  Add
                </button>
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td colSpan={3}>Total</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </ResponsiveTable>
    </MantineProvider>
  );
}

describe('responsive table', () => {
  afterEach(() => vi.restoreAllMocks());

  it("labels every cell with its column's name for the phone's stacked cards, rows added later included", async () => {
    render(<Payments />);
    const table = screen.getByRole('table', { name: 'Payments' });
    const [first] = within(table).getAllByRole('row').slice(1);
    const cells = within(first as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.dataset.label)).toEqual(['Event', 'Status', '']);

    await userEvent.setup().click(within(table).getAllByRole('button', { name: 'Add' })[0] as HTMLElement);
    const added = within(table).getByRole('cell', { name: 'Spring Institute' });
    expect(added).toHaveAttribute('data-label', 'Event');
    // A cell spanning columns belongs to none of them.
    expect(within(table).getByRole('cell', { name: 'Total' })).toHaveAttribute('data-label', '');
  });

  // jsdom lays nothing out: the box's width and its content's are given.
  it.each([
    ['fits its box', 900, 880, false],
    ['is wider than its box', 900, 1100, true],
  ])('as a table that %s (box %i px, content %i px) it stacks its rows: %s', (_, box, content, stacked) => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(box);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(content);
    render(<Payments />);
    expect(screen.getByRole('table', { name: 'Payments' }).hasAttribute('data-stacked')).toBe(stacked);
  });

  it('on a phone stacks its rows on every render without laying itself out as a table to measure it', async () => {
    const phone = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...phone(query), matches: true }));
    const measured = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(900);
    render(<Payments />);
    const table = screen.getByRole('table', { name: 'Payments' });
    expect(table).toHaveAttribute('data-stacked');
    // Only the resize observer's first width, once: none on a render.
    const atMount = measured.mock.calls.length;
    expect(atMount).toBeLessThanOrEqual(1);
    await userEvent.setup().click(within(table).getAllByRole('button', { name: 'Add' })[0] as HTMLElement);
    expect(table).toHaveAttribute('data-stacked');
    expect(measured.mock.calls.length).toBe(atMount);
  });
});

describe('status badge', () => {
  it.each([
    ['paid', 'green'],
    ['pending', 'blue'],
    ['action', 'yellow'],
    ['cancelled', 'red'],
    ['neutral', 'gray'],
  ] as const)('gives the %s tone its one colour (%s)', (tone, colour) => {
    expect(statusToneColors[tone]).toBe(colour);
    render(
      <MantineProvider theme={theme}>
        <StatusBadge tone={tone}>Purchase order submitted</StatusBadge>
      </MantineProvider>,
    );
    const badge = screen.getByText('Purchase order submitted').closest('[data-tone]');
    expect(badge).toHaveAttribute('data-tone', tone);
    expect(badge?.getAttribute('style')).toContain(`--mantine-color-${colour}`);
  });
});
