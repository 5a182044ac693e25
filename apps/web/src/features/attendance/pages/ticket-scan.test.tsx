import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceList } from '@portal/domain/events/attendance.ts';
import { encodeTicketCode, pendingScansKey, ticketScanMessages } from '@portal/domain/tickets/ticket-codes.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';

const eventId = '00000000-0000-4000-8000-0000000e0001';
const sectionId = '00000000-0000-4000-8000-0000000e0002';
const adam = '00000000-0000-4000-8000-0000000e0004';
const url = `/members/events/${eventId}/attendance/${sectionId}?advanced=false`;
const api = `/api/events/${eventId}/attendance/${sectionId}`;
const adamsCode = encodeTicketCode({ userId: adam, eventId, signature: new Uint8Array(16).fill(7) });

// The QR reader (WebAssembly) is not this test's subject: it "reads" whatever code the test puts in the photo.
let codeInPhoto: string | null = adamsCode;
vi.mock('../components/barcode-reader.ts', () => ({
  loadQrReader: () => Promise.resolve({ read: () => Promise.resolve(codeInPhoto) }),
}));

const list = (attended: boolean): AttendanceList => ({
  event: { id: eventId, name: 'Literacy Coaching Days' },
  section: { id: sectionId, title: 'Guided Reading Foundations', level: 'FIRST_YEAR', dates: ['2026-11-24'] },
  date: '2026-11-24',
  meetsToday: true,
  people: [
    { userId: adam, firstName: 'Adam', lastName: 'Alvarez', email: 'adam@example.test', attended, notPlacedYet: false },
  ],
});

const reply = (outcome: 'MARKED' | 'ALREADY_MARKED') => ({
  outcome,
  person: { userId: adam, firstName: 'Adam', lastName: 'Alvarez' },
  section: { id: sectionId, title: 'Guided Reading Foundations' },
  date: '2026-11-24',
  message: outcome === 'MARKED' ? ticketScanMessages.marked : ticketScanMessages.alreadyMarked,
});

function setOnline(online: boolean) {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(online);
}

/** The scanner's live region (the page has other status regions). */
const scanStatus = () => screen.getByRole('dialog').querySelector('[aria-live="polite"]');

async function scanPhoto() {
  const photo = new File(['png'], 'ticket.png', { type: 'image/png' });
  await screen.findByLabelText('Scan from photo');
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await userEvent.upload(input, photo);
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  codeInPhoto = adamsCode;
});

describe('scanning tickets', { timeout: 20_000 }, () => {
  it('marks the holder from a photo when there is no camera, then says a second scan changes nothing', async () => {
    setOnline(true);
    let scans = 0;
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET ${api}`]: () => jsonResponse(200, list(scans > 0)),
      [`POST ${api}/scan`]: () => {
        scans += 1;
        return jsonResponse(200, reply(scans === 1 ? 'MARKED' : 'ALREADY_MARKED'));
      },
    });
    renderApp(url);
    await userEvent.click(await screen.findByRole('button', { name: ticketScanMessages.scanTickets }));
    expect(await screen.findByText(ticketScanMessages.cameraUnavailable)).toBeInTheDocument();
    await scanPhoto();
    expect(await screen.findByText(`${ticketScanMessages.marked}: Guided Reading Foundations`)).toBeInTheDocument();
    expect(scanStatus()).toHaveTextContent('Adam Alvarez');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { code: adamsCode, date: '2026-11-24' },
    ]);
    // The control reads as one to press, and forgets the photo so the same one can be chosen again.
    expect(screen.getByRole('button', { name: /Scan from photo/ })).toHaveTextContent('Choose photo');
    expect(document.querySelector<HTMLInputElement>('input[type="file"]')?.files).toHaveLength(0);
    await scanPhoto();
    expect(
      await screen.findByText(`${ticketScanMessages.alreadyMarked}: Guided Reading Foundations`),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal, and says so when the photo holds no code", async () => {
    setOnline(true);
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET ${api}`]: () => jsonResponse(200, list(false)),
      [`POST ${api}/scan`]: () => problemResponse(400, 'Bad Request', { detail: ticketScanMessages.otherEvent }),
    });
    renderApp(url);
    await userEvent.click(await screen.findByRole('button', { name: ticketScanMessages.scanTickets }));
    await scanPhoto();
    expect(await screen.findByText(ticketScanMessages.otherEvent)).toBeInTheDocument();
    codeInPhoto = null;
    await scanPhoto();
    expect(await screen.findByText(ticketScanMessages.noCodeInPicture)).toBeInTheDocument();
  });

  it('keeps a scan made offline, naming the holder, and sends it when the connection returns', async () => {
    setOnline(false);
    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      [`GET ${api}`]: () => jsonResponse(200, list(false)),
      [`POST ${api}/scan`]: () => jsonResponse(200, reply('MARKED')),
    });
    renderApp(url);
    await userEvent.click(await screen.findByRole('button', { name: ticketScanMessages.scanTickets }));
    await scanPhoto();
    expect(await screen.findByText(ticketScanMessages.kept)).toBeInTheDocument();
    expect(scanStatus()).toHaveTextContent('Adam Alvarez');
    expect(JSON.parse(window.localStorage.getItem(pendingScansKey(eventId, sectionId, '2026-11-24')) ?? '[]')).toEqual([
      adamsCode,
    ]);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    setOnline(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText(ticketScanMessages.pendingSent)).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.length).toBe(0));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { code: adamsCode, date: '2026-11-24' },
    ]);
  });
});
