import {
  decodeTicketCode,
  encodeTicketCode,
  ticketCodeMessage,
  ticketSignatureBytes,
} from '@portal/domain/tickets/ticket-codes.ts';
import { deriveKey, sameBytes, signText } from '../platform/crypto.ts';
import { qrPngDataUrl } from '../platform/qr-codes.ts';

/**
 * Ticket codes (decision 0136): an HMAC over the holder and the event with a key derived from
 * ENCRYPTION_KEY for this purpose only. Nothing is stored: the same holder and event always give the
 * same code, so the code on My tickets, in the assignment mail and in its calendar file agree.
 */
const purpose = 'members-portal ticket codes v1';

const keyOf = (encryptionKey: Buffer) => deriveKey(encryptionKey, purpose);

export function ticketCode(encryptionKey: Buffer, userId: string, eventId: string): string {
  const signature = signText(keyOf(encryptionKey), ticketCodeMessage(userId, eventId), ticketSignatureBytes);
  return encodeTicketCode({ userId, eventId, signature });
}

/** The holder and event a code names, when the server signed it; null for anything else. */
export function verifyTicketCode(encryptionKey: Buffer, text: string): { userId: string; eventId: string } | null {
  const parts = decodeTicketCode(text);
  if (!parts) return null;
  const expected = signText(keyOf(encryptionKey), ticketCodeMessage(parts.userId, parts.eventId), ticketSignatureBytes);
  return sameBytes(expected, parts.signature) ? { userId: parts.userId, eventId: parts.eventId } : null;
}

/** The ticket's QR image (PNG data URL) for one holder and event. */
export function ticketQrImage(encryptionKey: Buffer, userId: string, eventId: string): Promise<string> {
  return qrPngDataUrl(ticketCode(encryptionKey, userId, eventId));
}
