import { mergeMarks, pendingAttendanceKey, type AttendanceMark } from '@portal/domain/events/attendance.ts';

/**
 * Saves made without a connection wait in localStorage, one entry per event, section and day, so a
 * reload or a closed tab keeps them until they are sent.
 */
export interface PendingSave {
  eventId: string;
  sectionId: string;
  date: string;
  rows: AttendanceMark[];
}

function read(key: string): PendingSave | null {
  const text = window.localStorage.getItem(key);
  if (!text) return null;
  try {
    return JSON.parse(text) as PendingSave;
  } catch {
    window.localStorage.removeItem(key);
    return null;
  }
}

/** Keeps a save for later; a second save of the same day merges into it (the later mark of a person wins). */
export function keepPendingSave(save: PendingSave): void {
  const key = pendingAttendanceKey(save.eventId, save.sectionId, save.date);
  const earlier = read(key);
  const rows = earlier ? mergeMarks(earlier.rows, save.rows) : save.rows;
  window.localStorage.setItem(key, JSON.stringify({ ...save, rows }));
}

/** Every waiting save of one section, oldest day first. */
export function pendingSavesOf(eventId: string, sectionId: string): PendingSave[] {
  const prefix = pendingAttendanceKey(eventId, sectionId, '');
  const saves: PendingSave[] = [];
  for (let index = 0; index < window.localStorage.length; index += 1) {
    const key = window.localStorage.key(index);
    const save = key?.startsWith(prefix) ? read(key) : null;
    if (save) saves.push(save);
  }
  return saves.sort((a, b) => a.date.localeCompare(b.date));
}

export function dropPendingSave(save: PendingSave): void {
  window.localStorage.removeItem(pendingAttendanceKey(save.eventId, save.sectionId, save.date));
}
