import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EventMessagePage, EventMessageRow } from '@portal/domain/events/event-messages.ts';
import type { StaffEventDetail } from '@portal/domain/events/admin-contracts.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { staff } from '../../../test/users.ts';

const eventId = '00000000-0000-4000-8000-0000000e0042';
const messages = `/api/admin/events/${eventId}/messages`;

const event = {
  id: eventId,
  name: 'Literacy Coaching Days',
  kind: 'CONFERENCE_DAY',
  startDate: '2026-11-26',
  endDate: '2026-11-28',
  paths: [],
} as unknown as StaffEventDetail;

const sent: EventMessageRow = {
  id: '00000000-0000-4000-8000-00000000a001',
  subject: 'Room change',
  body: 'Hall C',
  audienceLabel: 'Ticket holders',
  sentBy: 'Sam Staff',
  sentAt: '2026-11-27T15:00:00.000Z',
  recipientCount: 2,
  delivered: 1,
  failed: 0,
  pending: 1,
};
const page = (items: EventMessageRow[]): EventMessagePage => ({ items, page: 1, pageSize: 25, total: items.length });

async function openPage() {
  renderApp(`/admin/events/${eventId}/messages`);
  await screen.findByRole('heading', { name: 'Messages', level: 1 }, { timeout: 5000 });
  return userEvent.setup({ delay: null });
}

describe('staff console: messages to an event', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('sends only after a preview and a confirmation, and a retry after a failed send reuses its Idempotency-Key', async () => {
    let sends = 0;
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET /api/admin/events/${eventId}`]: () => jsonResponse(200, event),
      [`GET ${messages}`]: () => jsonResponse(200, page(sends >= 2 ? [sent] : [])),
      [`POST ${messages}/preview`]: () => jsonResponse(200, { recipientCount: 2, firstNames: ['Adam', 'Tara'] }),
      [`POST ${messages}`]: () => {
        sends += 1;
        return sends === 1 ? problemResponse(503, 'Service Unavailable') : jsonResponse(201, sent);
      },
    });
    const user = await openPage();
    const form = await screen.findByRole<HTMLElement>('region', { name: 'New message' });
    const send = await within(form).findByRole('button', { name: 'Send message' }, { timeout: 5000 });
    expect(send).toBeDisabled();
    expect(await screen.findByText('No message was sent about this event yet.')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Preview recipients' }));
    expect(await within(form).findByText('Adam, Tara')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Subject/), 'Room change');
    await user.type(within(form).getByLabelText(/Message/), 'Hall C');

    for (let attempt = 0; attempt < 2; attempt += 1) {
      await user.click(send);
      const dialog = await screen.findByRole('dialog', { name: 'Send this message?' });
      expect(dialog).toHaveTextContent('goes to 2 people, one mail each');
      await user.click(within(dialog).getByRole('button', { name: 'Send' }));
      await waitFor(() =>
        expect(calls.filter((call) => call.method === 'POST' && call.path === messages)).toHaveLength(attempt + 1),
      );
    }
    const posts = calls.filter((call) => call.method === 'POST' && call.path === messages);
    expect(posts[0]?.body).toEqual({
      audience: 'HOLDERS',
      applicationStatus: null,
      sectionId: null,
      subject: 'Room change',
      body: 'Hall C',
    });
    expect(posts[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]?.headers['Idempotency-Key']).toBe(posts[0]?.headers['Idempotency-Key']);
    expect(await screen.findByText('Message sent to 2 people')).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: 'Room change' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Sam Staff');
    expect(row).toHaveTextContent('Ticket holders');
    // Sent: the form starts over, and a new message needs a new preview.
    expect(within(form).getByLabelText(/Subject/)).toHaveValue('');
    expect(send).toBeDisabled();
  });

  it('asks for a new preview when the recipients change', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET /api/admin/events/${eventId}`]: () => jsonResponse(200, event),
      [`GET ${messages}`]: () => jsonResponse(200, page([])),
      [`POST ${messages}/preview`]: () => jsonResponse(200, { recipientCount: 2, firstNames: ['Adam', 'Tara'] }),
    });
    const user = await openPage();
    const form = await screen.findByRole<HTMLElement>('region', { name: 'New message' });
    await user.click(await within(form).findByRole('button', { name: 'Preview recipients' }, { timeout: 5000 }));
    await within(form).findByText('Adam, Tara');
    expect(within(form).getByRole('button', { name: 'Send message' })).toBeEnabled();
    await user.click(within(form).getByRole('radio', { name: 'Applicants' }));
    expect(within(form).queryByText('Adam, Tara')).not.toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Send message' })).toBeDisabled();
    // Which applicants is asked before anything is counted.
    await user.click(within(form).getByRole('button', { name: 'Preview recipients' }));
    expect(await within(form).findByText('Choose which applicants')).toBeInTheDocument();
  });
});
