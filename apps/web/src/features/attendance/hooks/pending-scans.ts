import { pendingScansKey } from '@portal/domain/tickets/ticket-codes.ts';

/**
 * Ticket codes scanned without a connection wait in localStorage, one list per event, section and
 * day: only the server can tell a real code from a forged one, so they are checked when sent.
 */
export interface PendingScans {
  date: string;
  codes: string[];
}

function read(key: string): string[] {
  try {
    const codes: unknown = JSON.parse(window.localStorage.getItem(key) ?? '[]');
    return Array.isArray(codes) ? codes.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    window.localStorage.removeItem(key);
    return [];
  }
}

/** Keeps a scan for later; the same code twice on one day is kept once. */
export function keepPendingScan(eventId: string, sectionId: string, date: string, code: string): void {
  const key = pendingScansKey(eventId, sectionId, date);
  const codes = read(key);
  if (!codes.includes(code)) window.localStorage.setItem(key, JSON.stringify([...codes, code]));
}

/** Every day's waiting scans of one section, oldest day first. */
export function pendingScansOf(eventId: string, sectionId: string): PendingScans[] {
  const prefix = pendingScansKey(eventId, sectionId, '');
  const days: PendingScans[] = [];
  for (let index = 0; index < window.localStorage.length; index += 1) {
    const key = window.localStorage.key(index);
    if (key?.startsWith(prefix)) days.push({ date: key.slice(prefix.length), codes: read(key) });
  }
  return days.filter((day) => day.codes.length > 0).sort((a, b) => a.date.localeCompare(b.date));
}

/** Drops one sent scan (sent means the server answered, whether it marked or refused). */
export function dropPendingScan(eventId: string, sectionId: string, date: string, code: string): void {
  const key = pendingScansKey(eventId, sectionId, date);
  const codes = read(key).filter((kept) => kept !== code);
  if (codes.length === 0) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, JSON.stringify(codes));
}
