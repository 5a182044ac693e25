import { notifications } from '@mantine/notifications';
import { genericErrorMessage } from '@portal/domain/problems/messages.ts';
import { isApiError } from './api.ts';

/** What to tell the user about a failed call: the problem's detail, else its title, else a generic line. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.problem.detail ?? error.problem.title ?? genericErrorMessage;
  return genericErrorMessage;
}

export function notifyError(error: unknown): void {
  notifications.show({ color: 'red', title: 'Error', message: errorMessage(error) });
}
