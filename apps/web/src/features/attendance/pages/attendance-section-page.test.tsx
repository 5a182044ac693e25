import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attendanceMessages, pendingAttendanceKey, type AttendanceList } from '@portal/domain/events/attendance.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const eventId = '00000000-0000-4000-8000-0000000e0001';
const sectionId = '00000000-0000-4000-8000-0000000e0002';
const tara = '00000000-0000-4000-8000-0000000e0003';
const adam = '00000000-0000-4000-8000-0000000e0004';
const url = `/members/events/${eventId}/attendance/${sectionId}?advanced=false`;
const api = `/api/events/${eventId}/attendance/${sectionId}`;

const list = (marks: { tara: boolean; adam: boolean }, meetsToday = true): AttendanceList => ({
  event: { id: eventId, name: 'Literacy Coaching Days' },
  section: { id: sectionId, title: 'Guided Reading Foundations', level: 'FIRST_YEAR', dates: ['2026-11-24'] },
  date: '2026-11-24',
  meetsToday,
  people: [
    {
      userId: adam,
      firstName: 'Adam',
      lastName: 'Alvarez',
      email: 'adam@example.test',
      attended: marks.adam,
      notPlacedYet: false,
    },
    {
      userId: tara,
      firstName: 'Tara',
      lastName: 'Thompson',
      email: 'tara@example.test',
      attended: marks.tara,
      notPlacedYet: false,
    },
  ],
});

function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('attendance of one section', { timeout: 20_000 }, () => {
  it('shows the section, its badge and today, and sends only the changed row', async () => {
    setOnline(true);
    let saved = { tara: false, adam: true };
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET ${api}`]: () => jsonResponse(200, list(saved)),
      [`PUT ${api}`]: () => {
        saved = { tara: true, adam: true };
        return jsonResponse(200, { updated: 1, message: attendanceMessages.updated });
      },
    });
    renderApp(url);
    expect(await screen.findByRole('heading', { name: 'Guided Reading Foundations' })).toBeInTheDocument();
    expect(screen.getByText('First Year')).toBeInTheDocument();
    expect(screen.getByText('Attendance for 11/24/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /Tara Thompson/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(attendanceMessages.updated)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { date: '2026-11-24', rows: [{ userId: tara, attended: true }] },
    ]);
    await waitFor(() => expect(screen.getByText('2 of 2 present')).toBeInTheDocument());
  });

  it('keeps a save made offline on the device, says so, and sends it when the connection returns', async () => {
    setOnline(false);
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET ${api}`]: () => jsonResponse(200, list({ tara: false, adam: false })),
      [`PUT ${api}`]: () => jsonResponse(200, { updated: 1, message: attendanceMessages.updated }),
    });
    renderApp(url);
    await userEvent.click(await screen.findByRole('checkbox', { name: /Adam Alvarez/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(attendanceMessages.offline)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(
      JSON.parse(window.localStorage.getItem(pendingAttendanceKey(eventId, sectionId, '2026-11-24')) ?? '{}'),
    ).toMatchObject({
      rows: [{ userId: adam, attended: true }],
    });
    // Still marked on screen while it waits.
    expect(screen.getByRole('checkbox', { name: /Adam Alvarez/ })).toBeChecked();

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText(attendanceMessages.updated)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { date: '2026-11-24', rows: [{ userId: adam, attended: true }] },
    ]);
    expect(window.localStorage.getItem(pendingAttendanceKey(eventId, sectionId, '2026-11-24'))).toBeNull();
  });

  it('keeps a save whose request never reached the server, and sends it with Send now', async () => {
    setOnline(true);
    let reachable = false;
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET ${api}`]: () => jsonResponse(200, list({ tara: false, adam: false })),
      [`PUT ${api}`]: () => {
        if (!reachable) throw new TypeError('Failed to fetch');
        return jsonResponse(200, { updated: 1, message: attendanceMessages.updated });
      },
    });
    renderApp(url);
    await userEvent.click(await screen.findByRole('checkbox', { name: /Tara Thompson/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Attendance saved on this device has not reached the server yet.'),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem(pendingAttendanceKey(eventId, sectionId, '2026-11-24'))).not.toBeNull();
    reachable = true;
    await userEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText(attendanceMessages.updated)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2);
    expect(window.localStorage.getItem(pendingAttendanceKey(eventId, sectionId, '2026-11-24'))).toBeNull();
  });

  it("says 'Something went wrong' with the reason when the server refuses the save", async () => {
    setOnline(true);
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET ${api}`]: () => jsonResponse(200, list({ tara: false, adam: false })),
      [`PUT ${api}`]: () => problemResponse(400, 'Bad Request', { detail: attendanceMessages.notExpected }),
    });
    renderApp(url);
    await userEvent.click(await screen.findByRole('checkbox', { name: /Tara Thompson/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(attendanceMessages.somethingWentWrong)).toBeInTheDocument();
    expect(screen.getByText(attendanceMessages.notExpected)).toBeInTheDocument();
  });

  it('says when the section does not meet today, with no boxes to tick', async () => {
    setOnline(true);
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET ${api}`]: () => jsonResponse(200, list({ tara: false, adam: false }, false)),
    });
    renderApp(url);
    expect(await screen.findByText(attendanceMessages.notToday)).toBeInTheDocument();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', `/members/events/${eventId}/attendance`);
  });

  it('tells a non-taker there is no attendance to manage', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET /api/events/${eventId}/attendance`]: () =>
        problemResponse(404, 'Not Found', { detail: attendanceMessages.noAttendance }),
    });
    renderApp(`/members/events/${eventId}/attendance`);
    expect(await screen.findByText(attendanceMessages.noAttendance)).toBeInTheDocument();
  });
});
