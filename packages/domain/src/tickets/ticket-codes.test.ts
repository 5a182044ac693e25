import { describe, expect, it } from 'vitest';
import {
  decodeTicketCode,
  encodeTicketCode,
  fromBase64Url,
  ticketCodeMessage,
  ticketScanInput,
  toBase64Url,
} from './ticket-codes.ts';

const userId = '0f8fad5b-d9cb-469f-a165-70867728950e';
const eventId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const signature = Uint8Array.from({ length: 16 }, (_, index) => index * 16 + 1);

describe('base64url', () => {
  it.each([
    [[], ''],
    [[0xff], '_w'],
    [[0xfb, 0xef], '--8'],
    [[0x66, 0x6f, 0x6f], 'Zm9v'],
    [[0x66, 0x6f, 0x6f, 0x62], 'Zm9vYg'],
  ])('%j is %s, and back', (bytes, text) => {
    expect(toBase64Url(Uint8Array.from(bytes))).toBe(text);
    expect([...(fromBase64Url(text) ?? [])]).toEqual(bytes);
  });

  it.each(['Zm9v=', 'Zm+v', 'Z', 'Zm9vY', 'a b'])('refuses %s', (text) => {
    expect(fromBase64Url(text)).toBeNull();
  });
});

describe('ticket codes', () => {
  const code = encodeTicketCode({ userId, eventId, signature });

  it('carries only ids and the signature, in 67 URL-safe characters', () => {
    expect(code).toMatch(/^T1\.[A-Za-z0-9_-]{64}$/);
    expect(decodeTicketCode(code)).toEqual({ userId, eventId, signature });
    expect(decodeTicketCode(`  ${code}\n`)).toEqual({ userId, eventId, signature });
  });

  it.each([
    ['empty', ''],
    ['another version', `T2.${code.slice(3)}`],
    ['no prefix', code.slice(3)],
    ['a byte short', code.slice(0, -2)],
    ['a byte long', `${code}AA`],
    ['not base64url', `${code.slice(0, -1)}+`],
    ['a web address', 'https://example.com/'],
  ])('reads %s as no ticket code', (_, text) => {
    expect(decodeTicketCode(text)).toBeNull();
  });

  it('signs the version and both ids, whatever their case', () => {
    expect(ticketCodeMessage(userId.toUpperCase(), eventId)).toBe(`ticket-code:v1:${userId}:${eventId}`);
    expect(ticketCodeMessage(eventId, userId)).not.toBe(ticketCodeMessage(userId, eventId));
  });

  it('refuses ids that are not uuids and signatures of another length', () => {
    expect(() => encodeTicketCode({ userId: 'me', eventId, signature })).toThrow();
    expect(() => encodeTicketCode({ userId, eventId, signature: signature.slice(1) })).toThrow();
  });

  it.each([
    [{ code, date: '2026-11-22' }, true],
    [{ code: '  ', date: '2026-11-22' }, false],
    [{ code, date: '22/11/2026' }, false],
    [{ code: 'x'.repeat(201), date: '2026-11-22' }, false],
    [{ date: '2026-11-22' }, false],
  ])('scan input %j valid: %s', (input, valid) => {
    expect(ticketScanInput.safeParse(input).success).toBe(valid);
  });
});
