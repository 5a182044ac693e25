import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { attendanceMessages, type AttendanceOverview, type TakerRow } from '@portal/domain/events/attendance.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const eventId = '00000000-0000-4000-8000-0000000f0001';
const sectionId = '00000000-0000-4000-8000-0000000f0002';
const staff = aUser({ role: 'STAFF', firstName: 'Sam', lastName: 'Staff', memberships: [] });

const overview: AttendanceOverview = {
  event: { id: eventId, name: 'Literacy Coaching Days' },
  sections: [{ sectionId, title: 'Guided Reading Foundations', minutesPerDay: 360 }],
  rows: [
    {
      userId: 'u1',
      name: 'Tara Thompson',
      email: 'tara@example.test',
      sectionId,
      sectionTitle: 'Guided Reading Foundations',
      daysAttended: ['2026-11-24'],
      minutesAttended: 360,
    },
    {
      userId: 'u2',
      name: 'Adam Alvarez',
      email: 'adam@example.test',
      sectionId,
      sectionTitle: 'Guided Reading Foundations',
      daysAttended: [],
      minutesAttended: 0,
    },
  ],
  page: 1,
  pageSize: 25,
  total: 2,
};
const theo: TakerRow = {
  id: 't1',
  userId: 'u3',
  name: 'Theo Taylor',
  email: 'attendance@example.test',
  sectionId: null,
  sectionTitle: null,
};

describe('staff: an event’s attendance', { timeout: 20_000 }, () => {
  it('lists takers and who attended, exports CSV, and adds a taker for one section', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET /api/admin/events/${eventId}/attendance`]: () => jsonResponse(200, overview),
      [`GET /api/admin/events/${eventId}/attendance-takers`]: () => jsonResponse(200, { items: [theo] }),
      [`POST /api/admin/events/${eventId}/attendance-takers`]: (body) =>
        (body as { email: string }).email === 'nobody@example.test'
          ? problemResponse(400, 'Bad Request', {
              detail: attendanceMessages.takerUnknownUser,
              errors: { email: attendanceMessages.takerUnknownUser },
            })
          : jsonResponse(201, {
              items: [
                theo,
                { ...theo, id: 't2', name: 'Carlos Chen', sectionId, sectionTitle: 'Guided Reading Foundations' },
              ],
            }),
    });
    renderApp(`/admin/events/${eventId}/attendance`, { mantineEnv: 'test' });
    expect(await screen.findByRole('heading', { name: 'Attendance: Literacy Coaching Days' })).toBeInTheDocument();
    const attended = screen.getByRole('table', { name: 'Who attended' });
    expect(within(attended).getByText('6 hours')).toBeInTheDocument();
    expect(within(attended).getByText('None')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Export attendance' }));
    expect(await screen.findByRole('menuitem', { name: 'Excel' })).toHaveAttribute(
      'href',
      `/api/admin/events/${eventId}/attendance/export?format=xlsx`,
    );
    await userEvent.keyboard('{Escape}');
    expect(
      within(await screen.findByRole('table', { name: 'Attendance takers' })).getByText('All sections'),
    ).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Add an attendance taker' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Email/ }), 'nobody@example.test');
    await userEvent.click(within(form).getByRole('button', { name: 'Add taker' }));
    expect(await within(form).findByText(attendanceMessages.takerUnknownUser)).toBeInTheDocument();

    await userEvent.clear(within(form).getByRole('textbox', { name: /Email/ }));
    await userEvent.type(within(form).getByRole('textbox', { name: /Email/ }), 'Coach@Example.test');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /^For/ }), 'Guided Reading Foundations');
    await userEvent.click(within(form).getByRole('button', { name: 'Add taker' }));
    expect(await screen.findByText('Carlos Chen')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { email: 'nobody@example.test', sectionId: null },
      { email: 'coach@example.test', sectionId },
    ]);
  });
  it('saves a section’s certificate hours from the number field, refusing hours out of range', async () => {
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      [`GET /api/admin/events/${eventId}/attendance`]: () => jsonResponse(200, overview),
      [`GET /api/admin/events/${eventId}/attendance-takers`]: () => jsonResponse(200, { items: [] }),
      [`PUT /api/admin/sections/${sectionId}/attendance-hours`]: () => jsonResponse(200, {}),
    });
    renderApp(`/admin/events/${eventId}/attendance`, { mantineEnv: 'test' });
    const hours = await screen.findByRole('spinbutton', { name: 'Guided Reading Foundations: hours per attended day' });
    const save = screen.getByRole('button', { name: 'Save hours: Guided Reading Foundations' });
    expect(hours).toHaveValue(6);
    expect(save).toBeDisabled();

    await userEvent.clear(hours);
    await userEvent.type(hours, '30');
    expect(screen.getByText('Enter from 0.25 to 24 hours')).toBeInTheDocument();
    expect(save).toBeDisabled();

    await userEvent.clear(hours);
    await userEvent.type(hours, '7.5');
    await userEvent.click(save);
    expect(await screen.findByText('Hours saved; certificates updated')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ minutesPerDay: 450 }]);
  });
});
