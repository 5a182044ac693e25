import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pastedListMessages as messages } from '@portal/domain/people/pasted-list.ts';
import { PasteListModal, type PasteListModalProps } from './paste-list-modal.tsx';

function open(props: Partial<PasteListModalProps> = {}) {
  const onConfirm = vi.fn<PasteListModalProps['onConfirm']>(() => true);
  const onClose = vi.fn();
  render(
    <MantineProvider env="test">
      <PasteListModal
        opened
        onClose={onClose}
        freeSeats={[0, 1]}
        taken={[]}
        seatLabel={(seat) => `Seat ${seat + 1}`}
        onConfirm={onConfirm}
        {...props}
      />
    </MantineProvider>,
  );
  return { onConfirm, onClose, dialog: screen.getByRole('dialog', { name: messages.paste }) };
}

const outcomes = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Parsed list' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('Paste a list', () => {
  it('previews the lines as one compact table in a box of its own, not a card per line, so the confirm stays near', async () => {
    const { dialog } = open({ freeSeats: [0, 1, 2] });
    await userEvent
      .setup()
      .type(within(dialog).getByLabelText(messages.textLabel, { exact: false }), 'a@x.org, b@x.org');
    const table = within(dialog).getByRole('table', { name: 'Parsed list' });
    expect(table).not.toHaveClass('responsive-table');
    expect(table.closest('.mantine-ScrollArea-root')).not.toBeNull();
    expect(outcomes(dialog)).toEqual([
      ['1', 'a@x.org', 'Seat 1'],
      ['1', 'b@x.org', 'Seat 2'],
    ]);
  });

  it('reads a CSV file (BOM, header in any order, quoted fields) and previews it against the free seats', async () => {
    const { dialog, onConfirm } = open();
    const user = userEvent.setup();
    const csv = '\uFEFFLast Name,First Name,Email\r\n"Lee, Jr.",Ann,ANN@x.org\r\nRay,Bo,bo@x.org\r\nCy,Al,al@x.org\r\n';
    // Mantine's FileInput is a button labelled by the label; the file goes to its hidden input.
    const fileInput = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!fileInput) throw new Error('no file input');
    expect(within(dialog).getByRole('button', { name: new RegExp(messages.fileLabel) })).toHaveTextContent(
      messages.chooseFile,
    );
    await user.upload(fileInput, new File([csv], 'team.csv', { type: 'text/csv' }));
    await waitFor(() =>
      expect(outcomes(dialog)).toEqual([
        ['2', 'ann@x.orgAnn Lee, Jr.', 'Seat 1'],
        ['3', 'bo@x.orgBo Ray', 'Seat 2'],
        ['4', 'al@x.orgAl Cy', messages.problems.overflow],
      ]),
    );
    expect(within(dialog).getByLabelText(messages.textLabel, { exact: false })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: messages.confirm }));
    expect(onConfirm.mock.calls[0]?.[0].map((person) => [person.seat, person.email, person.lastName])).toEqual([
      [0, 'ann@x.org', 'Lee, Jr.'],
      [1, 'bo@x.org', 'Ray'],
    ]);
  });

  it('says when every seat is filled and offers nothing to confirm', async () => {
    const { dialog, onConfirm, onClose } = open({ freeSeats: [], taken: ['held@x.org'] });
    expect(within(dialog).getByText(messages.noFreeSeats)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.empty)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(dialog).getByLabelText(messages.textLabel, { exact: false }));
    await user.paste('held@x.org');
    expect(outcomes(dialog)).toEqual([['1', 'held@x.org', messages.problems.taken]]);
    expect(within(dialog).getByRole('button', { name: messages.confirm })).toBeDisabled();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps the list when the caller answers false (a refusal it has shown)', async () => {
    const onConfirm = vi.fn(() => Promise.resolve(false));
    const { dialog, onClose } = open({ onConfirm });
    const user = userEvent.setup();
    await user.click(within(dialog).getByLabelText(messages.textLabel, { exact: false }));
    await user.paste('a@x.org');
    await user.click(within(dialog).getByRole('button', { name: messages.confirm }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledOnce());
    expect(onClose).not.toHaveBeenCalled();
    expect(within(dialog).getByLabelText(messages.textLabel, { exact: false })).toHaveValue('a@x.org');
  });
});
