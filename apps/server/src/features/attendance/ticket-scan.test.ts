import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceMessages, type AttendanceList } from '@portal/domain/events/attendance.ts';
import { decodeTicketCode, encodeTicketCode, ticketScanMessages } from '@portal/domain/tickets/ticket-codes.ts';
import { eventDailyAttendances } from '../../db/schema/attendance.ts';
import { ticketCode, verifyTicketCode } from '../../core/ticket-codes.ts';
import { createSession, sessionCookie } from '../../platform/sessions.ts';
import { createAttendanceSection } from '../../test/attendance-factories.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

// The test clock starts at 2026-11-22T15:00Z: the 22nd in New York, the provider's zone.
const t = useTestApp();
const today = '2026-11-22';

async function sessionFor(userId: string): Promise<Caller> {
  const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, { userId });
  return { cookie: `${sessionCookie}=${secret}` };
}

let world: Awaited<ReturnType<typeof createAttendanceSection>>;
let other: Awaited<ReturnType<typeof createAttendanceSection>>;
let taker: Caller;
const scanUrl = () => `/api/events/${world.event.id}/attendance/${world.section.id}/scan`;
const codeOf = (userId: string, eventId = world.event.id) => ticketCode(t.deps.config.encryptionKey, userId, eventId);
const marks = () =>
  t.deps.db.select().from(eventDailyAttendances).where(eq(eventDailyAttendances.eventId, world.event.id));

/** The code with one byte of its signature changed. */
function forged(code: string): string {
  const parts = decodeTicketCode(code);
  if (!parts) throw new Error('not a ticket code');
  const signature = parts.signature.slice();
  signature[0] = (signature[0] ?? 0) ^ 1;
  return encodeTicketCode({ ...parts, signature });
}

beforeAll(async () => {
  world = await createAttendanceSection(t.deps.db, ['2026-11-21', today]);
  other = await createAttendanceSection(t.deps.db, [today]);
  taker = await sessionFor(world.taker.id);
});

describe('ticket codes', () => {
  it('name the holder and event and verify only with the server key', () => {
    const code = codeOf(world.holder.id);
    expect(verifyTicketCode(t.deps.config.encryptionKey, code)).toEqual({
      userId: world.holder.id,
      eventId: world.event.id,
    });
    expect(verifyTicketCode(Buffer.alloc(32, 7), code)).toBeNull();
    expect(verifyTicketCode(t.deps.config.encryptionKey, forged(code))).toBeNull();
  });
});

describe('scanning a ticket', () => {
  it('refuses forged codes, another event, a person not expected, a day to come or off the section: nothing written', async () => {
    const cases: [unknown, string][] = [
      [{ code: forged(codeOf(world.holder.id)), date: today }, ticketScanMessages.invalidCode],
      [{ code: 'https://example.com/ticket', date: today }, ticketScanMessages.invalidCode],
      [{ code: codeOf(other.holder.id, other.event.id), date: today }, ticketScanMessages.otherEvent],
      [{ code: codeOf(world.buyer.id), date: today }, ticketScanMessages.notHolder],
      [{ code: codeOf(world.holder.id), date: '2026-11-23' }, attendanceMessages.futureDay],
      [{ code: codeOf(world.holder.id), date: '2026-11-20' }, attendanceMessages.notSectionDay],
    ];
    for (const [body, detail] of cases) {
      const response = await call(t.app, 'POST', scanUrl(), { caller: taker, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
    expect(await marks()).toEqual([]);
  });

  it('refuses bad input with a 400', async () => {
    for (const body of [{}, { code: '', date: today }, { code: codeOf(world.holder.id), date: 'today' }]) {
      const response = await call(t.app, 'POST', scanUrl(), { caller: taker, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses whoever takes no attendance here as a save by hand does: a stranger, a taker of another section, no session', async () => {
    const body = { code: codeOf(world.holder.id), date: today };
    const stranger = (await signedInUser(t)).caller;
    const holder = await sessionFor(world.holder.id);
    for (const who of [stranger, holder]) {
      const response = await call(t.app, 'POST', scanUrl(), { caller: who, body });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(attendanceMessages.noAttendance);
    }
    const otherSection = `/api/events/${world.event.id}/attendance/${world.otherSection.id}/scan`;
    expect((await call(t.app, 'POST', otherSection, { caller: taker, body })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', scanUrl(), { body })).statusCode).toBe(401);
    expect(await marks()).toEqual([]);
  });

  it('marks the holder present (read back on the list); a second scan writes nothing and says so', async () => {
    const body = { code: codeOf(world.holder.id), date: today };
    const first = await call(t.app, 'POST', scanUrl(), { caller: taker, body });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      outcome: 'MARKED',
      message: ticketScanMessages.marked,
      person: { userId: world.holder.id, firstName: 'Hal', lastName: 'Holder' },
      section: { id: world.section.id, title: world.section.title },
      date: today,
    });
    const list = await call(t.app, 'GET', `/api/events/${world.event.id}/attendance/${world.section.id}`, {
      caller: taker,
    });
    const people = list.json<AttendanceList>().people;
    expect(people.map((p) => [p.lastName, p.attended])).toEqual([
      ['Applicant', false],
      ['Holder', true],
    ]);
    const before = await marks();

    const again = await call(t.app, 'POST', scanUrl(), { caller: taker, body: { ...body, code: ` ${body.code}\n` } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'ALREADY_MARKED', message: ticketScanMessages.alreadyMarked });
    expect(await marks()).toEqual(before);
  });

  it('takes a scan kept offline yesterday, for yesterday', async () => {
    const response = await call(t.app, 'POST', scanUrl(), {
      caller: taker,
      body: { code: codeOf(world.applicant.id), date: '2026-11-21' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'MARKED', date: '2026-11-21' });
  });
});
