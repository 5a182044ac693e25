import { count, desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailMessages } from '../../db/schema/platform.ts';

/** A page of every mail the portal wrote, newest first, with the total. */
export async function mailPage(db: Database, page: number, pageSize: number) {
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: mailMessages.id,
        to: mailMessages.to,
        subject: mailMessages.subject,
        text: mailMessages.text,
        createdAt: mailMessages.createdAt,
      })
      .from(mailMessages)
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(mailMessages),
  ]);
  return { items, page, pageSize, total: total?.total ?? 0 };
}
