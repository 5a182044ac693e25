import { notifications } from '@mantine/notifications';
import { genericErrorMessage, tryAgainSoonMessage } from '@portal/domain/problems/messages.ts';
import { isApiError } from './api.ts';

/**
 * What to tell the user about a failed call: the problem's detail, else its title, else a generic line.
 * A 503 (the database out of reach, the server restarting behind its proxy) passes: say so, and the
 * screen's Retry is the way on. Any other 5xx carries the request's id for support.
 */
export function errorMessage(error: unknown): string {
  if (isApiError(error, 503)) return tryAgainSoonMessage;
  // A failure of ours: its reference lets support find the request in the log.
  if (isApiError(error) && error.status >= 500 && error.requestId)
    return `${error.problem.detail ?? genericErrorMessage} (reference ${error.requestId})`;
  if (isApiError(error)) return error.problem.detail ?? error.problem.title ?? genericErrorMessage;
  return genericErrorMessage;
}

export function notifyError(error: unknown): void {
  notifications.show({ color: 'red', title: 'Error', message: errorMessage(error) });
}
