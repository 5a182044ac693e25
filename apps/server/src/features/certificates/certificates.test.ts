import { beforeAll, describe, expect, it } from 'vitest';
import { certificateMessages } from '@portal/domain/events/certificates.ts';
import { createSession, sessionCookie } from '../../platform/sessions.ts';
import { createAttendanceSection } from '../../test/attendance-factories.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';

const t = useTestApp();

async function sessionFor(userId: string): Promise<Caller> {
  const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, { userId });
  return { cookie: `${sessionCookie}=${secret}` };
}

let world: Awaited<ReturnType<typeof createAttendanceSection>>;
let holder: Caller;
let certificate: { id: string; code: string; eventName: string; minutesAttended: number };

beforeAll(async () => {
  world = await createAttendanceSection(t.deps.db, ['2026-11-21', '2026-11-22']);
  const taker = await sessionFor(world.taker.id);
  const url = `/api/events/${world.event.id}/attendance/${world.section.id}`;
  for (const date of ['2026-11-21', '2026-11-22']) {
    const saved = await call(t.app, 'PUT', url, {
      caller: taker,
      body: { date, rows: [{ userId: world.holder.id, attended: true }] },
    });
    if (saved.statusCode !== 200) throw new Error(saved.body);
  }
  holder = await sessionFor(world.holder.id);
  const mine = await call(t.app, 'GET', '/api/certificates', { caller: holder });
  [certificate] = mine.json().items;
});

describe('certificates', () => {
  it('lists the holder’s certificate with its hours and days', () => {
    expect(certificate).toMatchObject({
      eventId: world.event.id,
      eventName: world.event.name,
      minutesAttended: 720,
      dates: ['2026-11-21', '2026-11-22'],
    });
    expect(certificate.code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  });

  it('downloads a PDF that names the person, the event, the hours and the code', async () => {
    const response = await call(t.app, 'GET', `/api/certificates/${certificate.id}/pdf`, { caller: holder });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="certificate-.*\.pdf"$/);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Hal Holder');
    expect(text).toContain(world.event.name);
    expect(text).toContain('12 hours');
    expect(text).toContain('11/21/2026, 11/22/2026');
    expect(text).toContain(`Verification code: ${certificate.code}`);
    expect(text).toContain(`http://portal.test/verify/${certificate.code}`);
  });

  it('refuses another member the download (404) and anyone signed out (401)', async () => {
    const other = (await signedInUser(t)).caller;
    expect((await call(t.app, 'GET', `/api/certificates/${certificate.id}/pdf`, { caller: other })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'GET', `/api/certificates/${certificate.id}/pdf`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/certificates/not-an-id/pdf', { caller: holder })).statusCode).toBe(400);
  });

  it('verifies a code publicly, as printed or typed loosely, without the email', async () => {
    for (const code of [certificate.code, certificate.code.toLowerCase().replace(/-/g, ' ')]) {
      const response = await call(t.app, 'GET', `/api/verify/${encodeURIComponent(code)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        code: certificate.code,
        name: 'Hal Holder',
        eventName: world.event.name,
        minutesAttended: 720,
        dates: ['2026-11-21', '2026-11-22'],
        issuedOn: '2026-11-22',
      });
      expect(response.body).not.toContain(world.holder.email);
    }
  });

  it('answers an unknown or malformed code with 404 and the same words', async () => {
    for (const code of ['00000-00000-00000', 'nonsense']) {
      const response = await call(t.app, 'GET', `/api/verify/${code}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(certificateMessages.notFound);
    }
  });

  it('counts lookups per address: the 31st in a minute is refused (429) with the seconds to wait', async () => {
    const lookup = () =>
      t.app.inject({ method: 'GET', url: '/api/verify/00000-00000-00000', remoteAddress: '203.0.113.9' });
    for (let i = 0; i < 30; i += 1) expect((await lookup()).statusCode).toBe(404);
    const refused = await lookup();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not held back.
    expect((await call(t.app, 'GET', '/api/verify/00000-00000-00000')).statusCode).toBe(404);
  });

  it('gives the member a transcript as CSV and PDF with the total hours', async () => {
    const csv = await call(t.app, 'GET', '/api/certificates/transcript.csv', { caller: holder });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toBe(
      `Event,Dates attended,Hours,Certificate code\r\n${world.event.name},11/21/2026 11/22/2026,12,${certificate.code}\r\nTotal,,12,\r\n`,
    );
    const pdf = await call(t.app, 'GET', '/api/certificates/transcript.pdf', { caller: holder });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Professional Development Transcript');
    expect(text).toContain(world.event.name);
    expect(text).toContain('Total: 12 hours');
    expect((await call(t.app, 'GET', '/api/certificates/transcript.csv')).statusCode).toBe(401);
  });
});
