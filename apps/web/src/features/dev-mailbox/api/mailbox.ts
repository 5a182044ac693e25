import { queryOptions } from '@tanstack/react-query';
import { api, withQuery } from '../../../lib/api.ts';

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export interface MailboxPage {
  items: MailboxMessage[];
  page: number;
  pageSize: number;
  total: number;
  /** The provider's time zone: dates are shown in it. */
  timeZone: string;
}

export const mailboxPageSize = 20;

/** GET /api/dev/mailbox: mail the server would have sent, newest first (404 when the mailbox is off). */
export function mailboxQuery(page: number) {
  return queryOptions({
    queryKey: ['dev-mailbox', page] as const,
    queryFn: ({ signal }) =>
      api.get<MailboxPage>(withQuery('/api/dev/mailbox', { page, pageSize: mailboxPageSize }), signal),
    staleTime: 0,
  });
}
