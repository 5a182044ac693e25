import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { AttendancePerson } from '@portal/domain/events/attendance.ts';
import { decodeTicketCode, ticketScanMessages, type TicketScanReply } from '@portal/domain/tickets/ticket-codes.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { attendanceKeys } from '../../../shared/attendance/queries.ts';
import { scanTicket } from '../api/attendance.ts';
import { dropPendingScan, keepPendingScan, pendingScansOf } from './pending-scans.ts';

export type ScanResult =
  | { kind: 'sent'; reply: TicketScanReply }
  | { kind: 'refused'; message: string }
  /** Kept on the device: the person's name when the code names someone on today's list. */
  | { kind: 'kept'; name: string | null };

/**
 * Sends scanned ticket codes, or keeps them on the device while there is no connection and sends them
 * when it returns (the browser's `online` event, or the next visit of the page), as manual saves are.
 */
export function useTicketScans(eventId: string, sectionId: string, people: readonly AttendancePerson[]) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(() => countWaiting(eventId, sectionId));

  const refresh = useCallback(async () => {
    setWaiting(countWaiting(eventId, sectionId));
    await queryClient.invalidateQueries({ queryKey: attendanceKeys.list(eventId, sectionId) });
  }, [queryClient, eventId, sectionId]);

  /** The server's answer, or null when the request never reached it. */
  const send = useCallback(
    async (code: string, date: string): Promise<ScanResult | null> => {
      try {
        return { kind: 'sent', reply: await scanTicket(eventId, sectionId, code, date) };
      } catch (error) {
        return isApiError(error) ? { kind: 'refused', message: errorMessage(error) } : null;
      }
    },
    [eventId, sectionId],
  );

  const flush = useCallback(async () => {
    let sent = 0;
    for (const day of pendingScansOf(eventId, sectionId)) {
      for (const code of day.codes) {
        const result = await send(code, day.date);
        if (!result) break;
        dropPendingScan(eventId, sectionId, day.date, code);
        sent += 1;
      }
    }
    if (sent === 0) return;
    notifications.show({ color: 'green', message: ticketScanMessages.pendingSent });
    await refresh();
  }, [eventId, sectionId, send, refresh]);

  useEffect(() => {
    const goOnline = () => void flush();
    window.addEventListener('online', goOnline);
    // Scans left from an earlier visit go out once the page is up, not during its first render.
    const leftOver = window.setTimeout(() => {
      if (navigator.onLine) void flush();
    }, 0);
    return () => {
      window.clearTimeout(leftOver);
      window.removeEventListener('online', goOnline);
    };
  }, [flush]);

  /** Checks a scanned code with the server now when possible; without a connection, keeps it. */
  const scan = useCallback(
    async (code: string, date: string): Promise<ScanResult> => {
      const result = navigator.onLine ? await send(code, date) : null;
      if (result) {
        if (result.kind === 'sent') await refresh();
        return result;
      }
      keepPendingScan(eventId, sectionId, date, code);
      setWaiting(countWaiting(eventId, sectionId));
      const holder = decodeTicketCode(code);
      const person = holder ? people.find((p) => p.userId === holder.userId) : undefined;
      return { kind: 'kept', name: person ? `${person.firstName} ${person.lastName}` : null };
    },
    [eventId, sectionId, people, send, refresh],
  );

  return { scan, waiting, sendNow: flush };
}

function countWaiting(eventId: string, sectionId: string): number {
  return pendingScansOf(eventId, sectionId).reduce((sum, day) => sum + day.codes.length, 0);
}
