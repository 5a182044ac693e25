import { z } from 'zod';

/**
 * The code in a ticket's QR image (decision 0136): "T1." and, in base64url, the holder's user id, the
 * event's id (16 bytes each) and a 16-byte signature the server makes over both. It names no person:
 * only ids, which the attendance taker's server reads back; the signature makes it unguessable.
 * Signing and checking are the server's (core/ticket-codes.ts); reading the parts is pure and here.
 */
export const ticketCodePrefix = 'T1.';
const idBytes = 16;
export const ticketSignatureBytes = 16;
const codeBytes = idBytes * 2 + ticketSignatureBytes;

export const ticketScanMessages = {
  scanTickets: 'Scan tickets',
  scanHint: "Hold a ticket's QR code in front of the camera, or choose a photo of it.",
  invalidCode: 'This is not a valid ticket code.',
  otherEvent: 'This ticket is for another event.',
  notHolder: 'This person holds no ticket or accepted application for this section.',
  marked: 'Marked present',
  alreadyMarked: 'Already marked present',
  noCodeInPicture: 'No ticket code was found in the picture. Try again closer, with the whole code in view.',
  cameraUnavailable: 'The camera is not available here. Use "Scan from photo" instead.',
  kept: 'You are offline. The scan is saved on this device and will be checked and sent when the connection returns.',
  pendingSent: 'Scans saved while offline were sent',
  showCode: 'Show ticket code',
  codeHelp: 'Show this code to the attendance taker when you arrive.',
} as const;

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Base64url without padding (RFC 4648 §5). */
export function toBase64Url(bytes: Uint8Array): string {
  let text = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const chunk = ((bytes[index] ?? 0) << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - index) * 8) / 6));
    for (let place = 0; place < chars; place += 1) text += alphabet[(chunk >> (18 - place * 6)) & 63];
  }
  return text;
}

/** The bytes of a base64url text, or null when it has other characters or an impossible length. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let buffer = 0;
  let bits = 0;
  let out = 0;
  for (const char of text) {
    buffer = (buffer << 6) | alphabet.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[out] = (buffer >> bits) & 255;
      out += 1;
    }
  }
  return bytes;
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidToBytes(id: string): Uint8Array {
  if (!uuidShape.test(id)) throw new Error(`not a uuid: ${id}`);
  const hex = id.replaceAll('-', '');
  return Uint8Array.from({ length: idBytes }, (_, index) => parseInt(hex.slice(index * 2, index * 2 + 2), 16));
}

function bytesToUuid(bytes: Uint8Array): string {
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What the server signs: the version and both ids, so a signature of one holder never fits another. */
export function ticketCodeMessage(userId: string, eventId: string): string {
  return `ticket-code:v1:${userId.toLowerCase()}:${eventId.toLowerCase()}`;
}

export interface TicketCodeParts {
  userId: string;
  eventId: string;
  signature: Uint8Array;
}

export function encodeTicketCode(parts: TicketCodeParts): string {
  if (parts.signature.length !== ticketSignatureBytes) throw new Error('a ticket signature has 16 bytes');
  const bytes = new Uint8Array(codeBytes);
  bytes.set(uuidToBytes(parts.userId), 0);
  bytes.set(uuidToBytes(parts.eventId), idBytes);
  bytes.set(parts.signature, idBytes * 2);
  return ticketCodePrefix + toBase64Url(bytes);
}

/** The parts of a scanned code, or null when it is not shaped like a ticket code (its signature is not checked here). */
export function decodeTicketCode(text: string): TicketCodeParts | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith(ticketCodePrefix)) return null;
  const bytes = fromBase64Url(trimmed.slice(ticketCodePrefix.length));
  if (!bytes || bytes.length !== codeBytes) return null;
  return {
    userId: bytesToUuid(bytes.subarray(0, idBytes)),
    eventId: bytesToUuid(bytes.subarray(idBytes, idBytes * 2)),
    signature: bytes.slice(idBytes * 2),
  };
}

/** Where scans wait in the browser while offline: one list of codes per event, section and day. */
export function pendingScansKey(eventId: string, sectionId: string, date: string): string {
  return `attendance-scans:${eventId}:${sectionId}:${date}`;
}

export const ticketScanInput = z.object({
  code: z.string().trim().min(1, ticketScanMessages.invalidCode).max(200, ticketScanMessages.invalidCode),
  /** Today when scanned online; an earlier day when a scan made offline arrives late. */
  date: z.iso.date('Enter a date as YYYY-MM-DD'),
});
export type TicketScanInput = z.infer<typeof ticketScanInput>;

export const ticketScanOutcomes = ['MARKED', 'ALREADY_MARKED'] as const;
export const ticketScanReply = z.object({
  outcome: z.enum(ticketScanOutcomes),
  person: z.object({ userId: z.string(), firstName: z.string(), lastName: z.string() }),
  section: z.object({ id: z.string(), title: z.string() }),
  date: z.string(),
  message: z.string(),
});
export type TicketScanReply = z.infer<typeof ticketScanReply>;
