// Are the invariants of lib/invariants.mjs real checks? A short load (6 members, 20 s, sections of 4 seats, so they
// sell out) on the built app and a fresh PostgreSQL database, then each kind of corruption a bug could leave, one at a
// time inside a transaction rolled back afterwards (a CHECK constraint dropped where it would refuse the corruption):
// the invariant meant for it must rise above its count on the clean database, which must be 0.
//
//   node --import tsx bench/invariants-check.mjs      (after `npm run build`; DATABASE_URL as bench:load)
//
// Prints one line per corruption with the invariants it raised; 'NOTHING CAUGHT' or a wrong invariant is a hole in
// them. Exits 0 whatever it finds, as the benchmarks do, but says loudly when one is not caught.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startApp } from './lib/app-server.mjs';
import { checkAcknowledged, checkInvariants, checkStoredFiles } from './lib/invariants.mjs';
import { createStats, runMembers } from './lib/load-client.mjs';
import { appSettings, createLoadFixture } from './lib/load-fixture.mjs';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const { createBenchDatabase } = await import('./lib/bench-database.mjs');

/** Each corruption and the invariant that must catch it; `file` deletes a stored PDF instead of running SQL. */
const corruptions = [
  {
    name: 'a section counts one seat more',
    catches: 'section counter ≠ seats held',
    sql: `update event_sections set tickets_taken = tickets_taken + 1
      where id = (select section_id from event_payment_items where section_id is not null limit 1)`,
  },
  {
    name: 'a section past its limit',
    catches: 'sections oversold',
    sql: `alter table event_sections drop constraint event_sections_capacity;
      update event_sections set max_tickets = tickets_taken - 1 where tickets_taken > 0`,
  },
  {
    name: 'a grouping past its limit',
    catches: 'groupings oversold',
    sql: `alter table event_groupings drop constraint event_groupings_capacity;
      update event_groupings set max_tickets = tickets_taken - 1 where tickets_taken > 0`,
  },
  {
    name: 'a series event past its limit',
    catches: 'events oversold',
    sql: `alter table events drop constraint events_capacity;
      update events set max_tickets = tickets_taken - 1 where kind = 'SERIES' and tickets_taken > 0`,
  },
  {
    name: "an item on another event's section",
    catches: 'orphan items',
    sql: `update event_payment_items set section_id = (select s.id from event_sections s
        where s.event_id <> event_payment_items.event_id limit 1)
      where id = (select id from event_payment_items where section_id is not null limit 1)`,
  },
  {
    name: 'a grouping counts one seat less',
    catches: 'grouping counter ≠ seats held',
    sql: `update event_groupings set tickets_taken = tickets_taken - 1
      where id = (select id from event_groupings where tickets_taken > 0 limit 1)`,
  },
  {
    name: 'a series event counts one seat less',
    catches: 'event counter ≠ seats held',
    sql: `update events set tickets_taken = tickets_taken - 1 where kind = 'SERIES' and tickets_taken > 0`,
  },
  {
    name: 'a declined payment keeps its seats',
    catches: 'seats held by dead payments',
    sql: `update event_payments set seats_held = true
      where id = (select id from event_payments where status = 'CANCELLED' and paid_at is null limit 1)`,
  },
  {
    name: "an item's price changed",
    catches: 'payment totals ≠ their items',
    sql: `update event_payment_items set price_cents = price_cents + 1
      where id = (select id from event_payment_items limit 1)`,
  },
  {
    name: 'an item deleted',
    catches: 'payments without items',
    sql: `delete from event_payment_items where id = (select id from event_payment_items i
      where not exists (select 1 from event_tickets t where t.payment_item_id = i.id) limit 1)`,
  },
  {
    name: 'a ticket too many on a line',
    catches: 'tickets past a line',
    sql: `insert into event_tickets (payment_item_id, user_id, event_id, section_id)
      select i.id, u.id, i.event_id, i.section_id from event_payment_items i join users u
        on u.id not in (select user_id from event_tickets where payment_item_id = i.id)
      where i.id = (select t.payment_item_id from event_tickets t limit 1)`,
  },
  {
    name: 'a ticket moved to another section',
    catches: 'tickets not of their line',
    sql: `update event_tickets set section_id = (select id from event_sections where id <> event_tickets.section_id limit 1)
      where id = (select id from event_tickets where section_id is not null limit 1)`,
  },
  {
    name: "a ticket's payment made unpaid",
    catches: 'tickets of unpaid payments',
    sql: `update event_payments set paid_at = null where id = (select i.payment_id from event_tickets t
      join event_payment_items i on i.id = t.payment_item_id limit 1)`,
  },
  {
    name: 'a hold expired an hour ago',
    catches: 'holds past their expiry',
    sql: `update event_payments set hold_expires_at = now() - interval '1 hour'
      where id = (select id from event_payments where status in ('PENDING', 'AWAITING_PO', 'PO_SUBMITTED') limit 1)`,
  },
  {
    name: 'a released payment made open again',
    catches: 'open payments without seats',
    sql: `update event_payments set status = 'PENDING'
      where id = (select id from event_payments where not seats_held limit 1)`,
  },
  {
    name: 'a district fund spent past its balance',
    catches: 'district fund below zero',
    sql: `insert into district_funds (district_id) select id from districts order by name limit 1 on conflict do nothing;
      insert into district_fund_entries (district_id, kind, amount_cents, reason)
        select id, 'ADJUSTMENT', -100, 'corruption' from districts order by name limit 1`,
  },
  {
    name: 'a payment paid from a district fund without its spend',
    catches: 'district fund spends ≠ payments it paid',
    sql: `update event_payments set method = 'DISTRICT_FUNDS'
      where id = (select id from event_payments where paid_at is not null and total_cents > 0 limit 1)`,
  },
  {
    name: 'a receipt deleted',
    catches: 'receipt numbers skipped or repeated',
    sql: `delete from event_payment_receipts
      where payment_id = (select payment_id from event_payment_receipts order by number limit 1)`,
  },
  {
    name: 'a purchase order voided, its payment left PO_SUBMITTED',
    catches: 'purchase orders out of step',
    sql: `update purchase_orders set status = 'VOIDED'
      where id = (select id from purchase_orders where status = 'SUBMITTED' limit 1)`,
  },
  {
    name: 'a coupon use counted twice',
    catches: 'coupon uses ≠ payments holding them',
    sql: `alter table coupons drop constraint coupons_uses; update coupons set times_used = times_used + 1`,
  },
  {
    name: 'a paid payment back to PENDING',
    catches: 'acknowledged payments lost',
    sql: `update event_payments set status = 'PENDING' where id = (select id from event_payments where status = 'PAID' limit 1)`,
  },
  {
    name: 'a declined payment paid after all',
    catches: 'acknowledged declines lost',
    sql: `update event_payments set status = 'PAID', paid_at = now() where id = (select id from event_payments
      where status = 'CANCELLED' and method = 'CARD' and paid_at is null limit 1)`,
  },
  {
    name: 'a purchase order lost',
    catches: 'acknowledged purchase orders lost',
    sql: `delete from purchase_orders where id = (select id from purchase_orders limit 1)`,
  },
  {
    name: 'a checkout lost',
    catches: 'acknowledged checkouts lost',
    sql: `delete from event_payments where id = (select id from event_payments
      where status = 'CANCELLED' and paid_at is null limit 1)`,
  },
  {
    name: 'a ticket holder lost',
    catches: 'acknowledged allocations lost',
    sql: `delete from event_tickets where id = (select id from event_tickets limit 1)`,
  },
  {
    name: "a purchase order's PDF lost",
    catches: 'purchase orders without their file',
    file: true,
  },
];

async function main() {
  const database = await createBenchDatabase();
  if (!database.url) {
    await database.close();
    throw new Error('the invariants check needs PostgreSQL (DATABASE_URL)');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-invariants-'));
  const client = new pg.Client({ connectionString: database.url });
  try {
    const fixture = await createLoadFixture(database.db, { members: 6, sectionSeats: 4 });
    const app = await startApp({ built: true, databaseUrl: database.url, dataDir, env: appSettings });
    const deadline = Date.now() + 20_000;
    const { acks } = await runMembers({
      baseUrl: app.url,
      ...fixture,
      mix: { card: 50, purchaseOrder: 25, allocate: 25 },
      thinkMs: 0,
      running: () => Date.now() < deadline,
      stats: createStats(),
    });
    await app.stop();
    await client.connect();
    const all = async () => [
      ...(await checkInvariants(client)),
      ...(await checkStoredFiles(client, path.join(dataDir, 'files'))),
      ...(await checkAcknowledged(client, acks)),
    ];
    const clean = await all();
    const dirty = clean.filter((result) => result.violations > 0).map((result) => result.name);
    console.log(`On the clean database: ${dirty.length === 0 ? 'every invariant 0' : `NOT 0: ${dirty.join(', ')}`}`);
    let holes = 0;
    for (const corruption of corruptions) {
      await client.query('begin');
      if (corruption.file) {
        const [row] = (await client.query('select file_key from purchase_orders limit 1')).rows;
        if (row) rmSync(path.join(dataDir, 'files', row.file_key));
      } else await client.query(corruption.sql);
      const after = await all();
      await client.query('rollback');
      const raised = after.filter((result, i) => result.violations > clean[i].violations).map((result) => result.name);
      const caught = raised.includes(corruption.catches);
      if (!caught) holes += 1;
      console.log(
        `${caught ? 'caught' : '!!! NOT CAUGHT'}: ${corruption.name} → ${raised.join('; ') || 'nothing'}${caught ? '' : ` (expected ${corruption.catches})`}`,
      );
    }
    console.log(holes === 0 ? '\nEvery corruption was caught by its invariant.' : `\n!!! ${holes} not caught.`);
  } finally {
    await client.end().catch(() => {});
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error('the invariants check failed:', error);
}
process.exit(0);
