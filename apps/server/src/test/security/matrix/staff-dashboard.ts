import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queueMail } from '../../../platform/mail.ts';
import type { World } from '../fixtures.ts';
import { staffOnly, type Rows } from './rows.ts';

/** A mail the outbox gave up on, made for one cell: its id is what the retry route takes. */
async function failedMailId(w: World): Promise<string> {
  const db = w.t.deps.db;
  const to = `failed-${randomUUID()}@unreachable.test`;
  await queueMail(db, { to, subject: 'Undeliverable', text: 'x' });
  const result = await db.execute(
    sql`update jobs set status = 'FAILED', finished_at = now(), last_error = 'mailbox full'
        where kind = 'mail.deliver' and payload ->> 'mailId' = (select id::text from mail_messages where "to" = ${to})
        returning payload ->> 'mailId' as "mailId"`,
  );
  const [row] = (result as { rows: { mailId: string }[] }).rows;
  if (!row) throw new Error('failed mail not made');
  return row.mailId;
}

const choices = {
  purchaseOrder: 'IMMEDIATE',
  application: 'IMMEDIATE',
  packageRequest: 'DIGEST',
  refundNeeded: 'OFF',
};

/** The staff dashboard and each staff member's notification settings: staff in their own session only. */
export const staffDashboardRows: Rows = {
  'GET /api/admin/dashboard': { expect: staffOnly(200) },
  'GET /api/admin/failed-mail': { expect: staffOnly(200), mayShowAnything: true, why: 'Staff read every failed mail.' },
  'POST /api/admin/failed-mail/retry': { expect: staffOnly(200) },
  'POST /api/admin/failed-mail/:mailId/retry': {
    input: async (w) => ({ params: { mailId: await failedMailId(w) } }),
    expect: staffOnly(200),
  },
  'GET /api/admin/notifications/settings': { expect: staffOnly(200) },
  'PUT /api/admin/notifications/settings': { input: () => ({ body: choices }), expect: staffOnly(200) },
  'POST /api/admin/notifications/digest': { expect: staffOnly(200) },
};
