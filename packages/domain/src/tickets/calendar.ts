/**
 * iCalendar (RFC 5545) text for a ticket: one all-day VEVENT per ticket day, so a section held on
 * separate days shows on each of them. Used by the assignment mail (.ics attachment) and the
 * 'Manage Events' download.
 */
export interface CalendarTicket {
  /** Stable per ticket, so re-importing updates rather than duplicates. */
  uid: string;
  title: string;
  /** ISO dates (YYYY-MM-DD). */
  dates: readonly string[];
  location?: string | null;
  description?: string;
  /** The ticket's QR code as PNG bytes in base64, attached to each day (RFC 5545 §3.8.1.1 inline ATTACH). */
  qrCodePng?: string;
}

function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/[,;]/g, (c) => `\\${c}`);
}

/** Lines longer than 75 octets are folded (continuation lines start with a space). */
function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  while (rest.length > 74) {
    out.push(rest.slice(0, 74));
    rest = ` ${rest.slice(74)}`;
  }
  out.push(rest);
  return out.join('\r\n');
}

const compact = (iso: string) => iso.replaceAll('-', '');
const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function ticketCalendar(ticket: CalendarTicket, stamp: Date): string {
  const dtstamp = stamp
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Members Portal//Tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  for (const date of [...new Set(ticket.dates)].sort()) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${ticket.uid}-${compact(date)}@members-portal`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART;VALUE=DATE:${compact(date)}`,
      `DTEND;VALUE=DATE:${compact(nextDay(date))}`,
      `SUMMARY:${escapeText(ticket.title)}`,
      ...(ticket.location ? [`LOCATION:${escapeText(ticket.location)}`] : []),
      ...(ticket.description ? [`DESCRIPTION:${escapeText(ticket.description)}`] : []),
      ...(ticket.qrCodePng
        ? [`ATTACH;FMTTYPE=image/png;ENCODING=BASE64;VALUE=BINARY;X-FILENAME=ticket-qr.png:${ticket.qrCodePng}`]
        : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
