import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { attendanceMessages, type AttendanceMark } from '@portal/domain/events/attendance.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { attendanceKeys } from '../../../shared/attendance/queries.ts';
import { saveAttendance } from '../api/attendance.ts';
import { dropPendingSave, keepPendingSave, pendingSavesOf, type PendingSave } from './pending-saves.ts';

export type SaveOutcome = 'sent' | 'kept' | 'failed';

const updated = () => notifications.show({ color: 'green', message: attendanceMessages.updated });
const failed = (error: unknown) =>
  notifications.show({ color: 'red', title: attendanceMessages.somethingWentWrong, message: errorMessage(error) });

/**
 * Sends a section's saves, or keeps them on the device while there is no connection and sends them
 * when it returns (the browser's `online` event, or the next visit of the page).
 */
export function useAttendanceSync(eventId: string, sectionId: string) {
  const queryClient = useQueryClient();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [pending, setPending] = useState(() => pendingSavesOf(eventId, sectionId));

  const refresh = useCallback(async () => {
    setPending(pendingSavesOf(eventId, sectionId));
    await queryClient.invalidateQueries({ queryKey: attendanceKeys.list(eventId, sectionId) });
  }, [queryClient, eventId, sectionId]);

  const send = useCallback(async (save: PendingSave): Promise<SaveOutcome> => {
    try {
      await saveAttendance(save.eventId, save.sectionId, save.date, save.rows);
      return 'sent';
    } catch (error) {
      // The server answered: the save will not pass later either, so it is not kept.
      if (isApiError(error)) {
        failed(error);
        return 'failed';
      }
      return 'kept';
    }
  }, []);

  const flush = useCallback(async () => {
    const waiting = pendingSavesOf(eventId, sectionId);
    if (waiting.length === 0) return;
    let sent = 0;
    for (const save of waiting) {
      const outcome = await send(save);
      if (outcome === 'kept') break;
      dropPendingSave(save);
      if (outcome === 'sent') sent += 1;
    }
    if (sent > 0) updated();
    await refresh();
  }, [eventId, sectionId, send, refresh]);

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      void flush();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    // Saves left from an earlier visit go out once the page is up, not during its first render.
    const leftOver = window.setTimeout(() => {
      if (navigator.onLine) void flush();
    }, 0);
    return () => {
      window.clearTimeout(leftOver);
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [flush]);

  /** Saves now when possible; without a connection, keeps the save on the device. */
  const save = useCallback(
    async (date: string, rows: AttendanceMark[]): Promise<SaveOutcome> => {
      const entry = { eventId, sectionId, date, rows };
      const outcome = navigator.onLine ? await send(entry) : 'kept';
      if (outcome === 'kept') {
        keepPendingSave(entry);
        setOnline(navigator.onLine);
        setPending(pendingSavesOf(eventId, sectionId));
        return outcome;
      }
      if (outcome === 'sent') {
        updated();
        await refresh();
      }
      return outcome;
    },
    [eventId, sectionId, send, refresh],
  );

  return { online, pending, save, sendNow: flush };
}
