// Contended checkout on PostgreSQL: N buyers, each with tickets in their cart for one section of
// capacity C, all press "Pay" at once through the real app (app.inject: routes, sessions, the
// checkout transaction with its per-bucket conditional UPDATE) over the server's connection pool.
// For each configuration it prints how many were sold and refused, how many seats were oversold
// (the database must make that 0), the elapsed time and the throughput. A fresh database is created
// on the server DATABASE_URL names and dropped afterwards. Reports only; exits 0 unless it cannot run.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run checkout-contention -w @portal/bench
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
// The benchmark drives the server's own app and schema, so it imports server code.
/* eslint-disable no-restricted-imports */
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { cartItems, eventGroupings, eventPaths, events, eventSections, eventTicketTypes } from '../apps/server/src/db/schema/commerce.ts';
import { sessions, users } from '../apps/server/src/db/schema/users.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { csrfHeader, csrfHeaderValue } from '../apps/server/src/platform/security.ts';
import { sessionCookie } from '../apps/server/src/platform/sessions.ts';
import { localStorage } from '../apps/server/src/platform/storage.ts';
import { newSecret } from '../apps/server/src/platform/tokens.ts';
import { createTestDatabase } from '../apps/server/src/test/database.ts';
/* eslint-enable no-restricted-imports */

if (!process.env.DATABASE_URL) {
  console.error('Set DATABASE_URL to a PostgreSQL server (postgres://user@host:5432/db): contention is only real there.');
  process.exit(1);
}

/** [buyers, capacity, tickets per buyer] */
const configurations = [
  [200, 50, 1],
  [500, 100, 1],
  [1000, 250, 2],
  [1000, 1000, 1],
];

async function section(db, capacity) {
  const [event] = await db
    .insert(events)
    .values({ name: `Bench ${randomUUID().slice(0, 8)}`, kind: 'CONFERENCE_DAY', startDate: '2099-01-10', endDate: '2099-01-10' })
    .returning();
  const [ticketType] = await db.insert(eventTicketTypes).values({ eventId: event.id, name: 'Day', priceCents: 14_900 }).returning();
  const [pathRow] = await db.insert(eventPaths).values({ eventId: event.id, name: 'first-year' }).returning();
  const [grouping] = await db.insert(eventGroupings).values({ pathId: pathRow.id, name: 'Morning' }).returning();
  const [row] = await db.insert(eventSections).values({ eventId: event.id, groupingId: grouping.id, title: 'Bench section', maxTickets: capacity }).returning();
  return { event, ticketType, section: row };
}

/** Buyers with a session each and `tickets` tickets of the section in their cart, written in bulk. */
async function buyers(db, count, target, tickets) {
  const tag = randomUUID().slice(0, 8);
  const created = await db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ email: `buyer-${tag}-${i}@bench.test`, firstName: 'Bench', lastName: `Buyer ${i}` })))
    .returning({ id: users.id });
  const secrets = created.map(() => newSecret());
  const expiresAt = new Date(Date.now() + 3600_000);
  await db.insert(sessions).values(created.map((user, i) => ({ userId: user.id, tokenHash: secrets[i].hash, expiresAt })));
  await db.insert(cartItems).values(
    created.map((user) => ({ userId: user.id, eventId: target.event.id, sectionId: target.section.id, ticketTypeId: target.ticketType.id, numberOfTickets: tickets })),
  );
  return secrets.map(({ secret }) => `${sessionCookie}=${secret}`);
}

async function run(app, db, [count, capacity, tickets]) {
  const target = await section(db, capacity);
  const cookies = await buyers(db, count, target, tickets);
  const start = performance.now();
  const responses = await Promise.all(
    cookies.map((cookie) =>
      app.inject({
        method: 'POST',
        url: '/api/checkout',
        headers: { cookie, [csrfHeader]: csrfHeaderValue, 'idempotency-key': randomUUID() },
        payload: { method: 'CARD' },
      }),
    ),
  );
  const elapsed = performance.now() - start;
  const sold = responses.filter((r) => r.statusCode === 201).length;
  const refused = responses.filter((r) => r.statusCode === 409).length;
  const failed = responses.length - sold - refused;
  const [after] = await db.select({ taken: eventSections.ticketsTaken }).from(eventSections).where(eq(eventSections.id, target.section.id));
  const [held] = (
    await db.execute(sql`select coalesce(sum(i.number_of_tickets), 0)::int as tickets from event_payment_items i
      join event_payments p on p.id = i.payment_id where i.section_id = ${target.section.id} and p.seats_held`)
  ).rows;
  return {
    buyers: count,
    capacity,
    'tickets each': tickets,
    sold,
    refused,
    failed,
    'seats taken': after.taken,
    'held in payments': held.tickets,
    oversold: Math.max(after.taken - capacity, 0),
    'elapsed ms': Math.round(elapsed),
    'checkouts/s': Math.round((count / elapsed) * 1000),
  };
}

const database = await createTestDatabase();
try {
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://bench.test', PAYMENT_PROVIDER: 'demo' });
  const deps = { config, db: database.db, clock: systemClock, storage: localStorage(mkdtempSync(path.join(tmpdir(), 'portal-bench-'))) };
  const app = await buildApp(deps);
  // Warm up the pool, the plans and the JIT.
  await run(app, database.db, [20, 10, 1]);
  const rows = [];
  for (const configuration of configurations) rows.push(await run(app, database.db, configuration));
  console.log('\nContended checkout on PostgreSQL (one section per row; pool of 10 connections; every request through the app)');
  console.table(rows);
  await app.close();
} finally {
  await database.close();
}
