// The invariants bench/load.mjs and bench/crash.mjs check after their run, straight in SQL on the database the app
// wrote: each query answers the rows that break its rule, so every count must be 0. They restate what the checkout,
// payment, purchase-order and allocation code promise (core/capacity.ts, core/receipts.ts, features/allocation), from
// the tables alone, so a bug in that code shows here rather than being agreed with.
//
//   checkInvariants(pgClient)        [{ name, rule, violations, sample }] over the whole database
//   checkAcknowledged(pgClient, acks) the same shape, one row per kind of write the clients saw acknowledged (2xx)
//   checkStoredFiles(pgClient, dir)   the same shape: every purchase order's PDF in the app's file storage
//   checkStoredObjects(pgClient, has) the same, for any storage (has(key) → boolean)
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Statuses in which a payment holds its seats (capacity.ts: released on CANCELLED, EXPIRED, REFUND_NEEDED). */
const holding = `('PENDING', 'AWAITING_PO', 'PO_SUBMITTED', 'AWAITING_APPROVAL', 'PAID')`;

// The counters follow event_payments.seats_held, never the status: the queries below add up items by that column,
// and the seats waiting-list entries hold (held_seats: gathered for the first in line, or offered), which count like a
// hold (docs/decisions/0168-waiting-lists.md), and the seats quotes hold (quotes.held_seats while seats_held,
// docs/decisions/0210-quotes.md).
const invariants = [
  {
    name: 'waiting-list offers bought twice',
    rule: 'a waiting-list entry is USED without a payment, or two entries point at one payment',
    sql: `select id, status, payment_id from waiting_list_entries w where (status = 'USED' and payment_id is null)
      or (payment_id is not null and exists (select 1 from waiting_list_entries o
        where o.payment_id = w.payment_id and o.id <> w.id))`,
  },
  {
    name: 'sections oversold',
    rule: 'a section counts more tickets than its max_tickets',
    sql: `select id, title, tickets_taken, max_tickets from event_sections
      where max_tickets is not null and tickets_taken > max_tickets`,
  },
  {
    name: 'groupings oversold',
    rule: 'a grouping counts more tickets than its max_tickets',
    sql: `select id, name, tickets_taken, max_tickets from event_groupings
      where max_tickets is not null and tickets_taken > max_tickets`,
  },
  {
    name: 'events oversold',
    rule: 'an event counts more tickets than its max_tickets',
    sql: `select id, name, tickets_taken, max_tickets from events
      where max_tickets is not null and tickets_taken > max_tickets`,
  },
  {
    name: 'section counter ≠ seats held',
    rule: "a section's tickets_taken differs from the tickets of its lines in payments holding seats and its list's",
    sql: `select s.id, s.title, s.tickets_taken, coalesce(h.tickets, 0) as held from event_sections s
      left join (select section_id, sum(tickets)::int as tickets from (
          select i.section_id, i.number_of_tickets - i.cancelled_tickets as tickets from event_payment_items i
            join event_payments p on p.id = i.payment_id where p.seats_held
          union all select w.section_id, w.held_seats from waiting_list_entries w where w.section_id is not null
          union all select x."sectionId", x."numberOfTickets" from quotes q,
            jsonb_to_recordset(q.held_seats) as x("sectionId" uuid, "numberOfTickets" int)
            where q.seats_held and x."sectionId" is not null
          union all select b.section_id, b.seats - b.seats_given - b.seats_returned from district_seat_blocks b
            where b.section_id is not null
        ) seats group by section_id) h on h.section_id = s.id
      where s.tickets_taken <> coalesce(h.tickets, 0)`,
  },
  {
    name: 'grouping counter ≠ seats held',
    rule: "a grouping's tickets_taken differs from its sections' tickets in payments holding seats and their lists'",
    sql: `select g.id, g.name, g.tickets_taken, coalesce(h.tickets, 0) as held from event_groupings g
      left join (select s.grouping_id, sum(seats.tickets)::int as tickets from (
          select i.section_id, i.number_of_tickets - i.cancelled_tickets as tickets from event_payment_items i
            join event_payments p on p.id = i.payment_id where p.seats_held
          union all select w.section_id, w.held_seats from waiting_list_entries w where w.section_id is not null
          union all select x."sectionId", x."numberOfTickets" from quotes q,
            jsonb_to_recordset(q.held_seats) as x("sectionId" uuid, "numberOfTickets" int)
            where q.seats_held and x."sectionId" is not null
          union all select b.section_id, b.seats - b.seats_given - b.seats_returned from district_seat_blocks b
            where b.section_id is not null
        ) seats join event_sections s on s.id = seats.section_id group by s.grouping_id) h on h.grouping_id = g.id
      where g.tickets_taken <> coalesce(h.tickets, 0)`,
  },
  {
    name: 'event counter ≠ seats held',
    rule: "an event's tickets_taken differs from its tickets without a section held by payments and its list",
    sql: `select e.id, e.name, e.tickets_taken, coalesce(h.tickets, 0) as held from events e
      left join (select event_id, sum(tickets)::int as tickets from (
          select i.event_id, i.number_of_tickets - i.cancelled_tickets as tickets from event_payment_items i
            join event_payments p on p.id = i.payment_id where p.seats_held and i.section_id is null
          union all select w.event_id, w.held_seats from waiting_list_entries w where w.section_id is null
          union all select x."eventId", x."numberOfTickets" from quotes q,
            jsonb_to_recordset(q.held_seats) as x("eventId" uuid, "sectionId" uuid, "numberOfTickets" int)
            where q.seats_held and x."sectionId" is null
          union all select b.event_id, b.seats - b.seats_given - b.seats_returned from district_seat_blocks b
            where b.section_id is null
        ) seats group by event_id) h on h.event_id = e.id
      where e.tickets_taken <> coalesce(h.tickets, 0)`,
  },
  {
    name: 'tickets past a line',
    rule: 'a payment line has more tickets handed out (event_tickets) than it bought and did not cancel',
    sql: `select i.id, i.number_of_tickets, i.cancelled_tickets, count(t.id)::int as handed_out from event_payment_items i
      join event_tickets t on t.payment_item_id = i.id group by i.id
      having count(t.id) > i.number_of_tickets - i.cancelled_tickets`,
  },
  {
    name: 'tickets past a section',
    rule: 'a section has more live tickets (of PAID payments) than its max_tickets, or than its counter',
    sql: `select s.id, s.title, s.max_tickets, s.tickets_taken, count(t.id)::int as live from event_sections s
      join event_tickets t on t.section_id = s.id join event_payment_items i on i.id = t.payment_item_id
      join event_payments p on p.id = i.payment_id and p.status = 'PAID'
      group by s.id having count(t.id) > coalesce(s.max_tickets, count(t.id)) or count(t.id) > s.tickets_taken`,
  },
  {
    name: 'tickets of unpaid payments',
    rule: 'a ticket is handed out of a payment that was never paid (allocation needs PAID)',
    sql: `select t.id, p.id as payment_id, p.status from event_tickets t
      join event_payment_items i on i.id = t.payment_item_id join event_payments p on p.id = i.payment_id
      where p.paid_at is null`,
  },
  {
    name: 'tickets not of their line',
    rule: "a ticket's event or section differs from its payment line's",
    sql: `select t.id from event_tickets t join event_payment_items i on i.id = t.payment_item_id
      where t.event_id <> i.event_id or t.section_id is distinct from i.section_id`,
  },
  {
    name: 'payment totals ≠ their items',
    rule: 'a payment of a cart or application: subtotal ≠ Σ price × tickets of its items, or total ≠ subtotal − discount',
    sql: `select p.id, p.subtotal_cents, p.discount_cents, p.total_cents, coalesce(x.sum, 0) as items_cents
      from event_payments p
      left join (select payment_id, sum(price_cents::bigint * number_of_tickets)::bigint as sum
        from event_payment_items group by payment_id) x on x.payment_id = p.id
      where p.legacy_application_id is null
        and (p.subtotal_cents <> coalesce(x.sum, 0) or p.total_cents <> p.subtotal_cents - p.discount_cents)`,
  },
  {
    name: 'payments without items',
    rule: "a payment that is not a previous-system application's balance has no items",
    sql: `select p.id, p.status from event_payments p
      where p.legacy_application_id is null
        and not exists (select 1 from event_payment_items i where i.payment_id = p.id)`,
  },
  {
    name: 'orphan items',
    rule: "a payment line whose payment is gone, or whose section is not of the line's event",
    sql: `select i.id from event_payment_items i
      left join event_payments p on p.id = i.payment_id left join event_sections s on s.id = i.section_id
      where p.id is null or (i.section_id is not null and (s.id is null or s.event_id <> i.event_id))`,
  },
  {
    // A PAID payment staff cancelled keeps its seats counted (decision 0046): only it may hold them while CANCELLED.
    name: 'seats held by dead payments',
    rule: 'seats counted for an EXPIRED, REFUND_NEEDED or never-paid CANCELLED payment (declined, voided, expired)',
    sql: `select id, status, method from event_payments
      where seats_held and status not in ${holding} and not (status = 'CANCELLED' and paid_at is not null)`,
  },
  {
    name: 'holds past their expiry',
    rule: 'an unpaid payment still holds seats 2 minutes past hold_expires_at (the expiry job runs every 30 s)',
    sql: `select id, status, hold_expires_at from event_payments
      where seats_held and status in ('PENDING', 'AWAITING_PO', 'PO_SUBMITTED')
        and hold_expires_at < now() - interval '2 minutes'`,
  },
  {
    name: 'open payments without seats',
    rule: 'a PENDING, AWAITING_PO or PO_SUBMITTED payment that holds no seats (it could be paid past capacity)',
    sql: `select id, status from event_payments
      where not seats_held and status in ('PENDING', 'AWAITING_PO', 'PO_SUBMITTED')`,
  },
  {
    name: 'paid without a receipt',
    rule: 'a payment that was paid has no receipt (but one paid by a purchase order whose invoice is still owed: decision 0212), or a receipt was issued for one never paid',
    sql: `select p.id, p.status, r.number from event_payments p
      left join event_payment_receipts r on r.payment_id = p.id
      where (p.paid_at is not null) <> (r.payment_id is not null)
        and not (r.payment_id is null and exists (select 1 from invoices i
          join purchase_orders o on o.id = i.purchase_order_id
          where i.paid_at is null and (o.payment_id = p.id or exists (select 1 from purchase_order_applications a
            where a.purchase_order_id = o.id and a.payment_id = p.id))))`,
  },
  {
    name: 'receipt numbers skipped or repeated',
    rule: 'receipt numbers are not exactly 1 … receipt_counters.last_number',
    sql: `select r.count, r.max, c.last_number from
      (select count(*)::int as count, coalesce(max(number), 0) as max from event_payment_receipts) r
      left join receipt_counters c on c.series = 'event-payments'
      where r.count <> r.max or r.max <> coalesce(c.last_number, 0)`,
  },
  {
    name: 'purchase orders out of step',
    rule: 'a PO_SUBMITTED payment without exactly one SUBMITTED purchase order, or a SUBMITTED one on a payment not PO_SUBMITTED',
    sql: `select p.id, p.status, count(o.id)::int as submitted from event_payments p
      left join purchase_orders o on o.payment_id = p.id and o.status = 'SUBMITTED'
      group by p.id having (p.status = 'PO_SUBMITTED') <> (count(o.id) = 1) or count(o.id) > 1`,
  },
  {
    name: 'coupon uses ≠ payments holding them',
    rule: "a coupon's times_used differs from the payments holding seats with it, or passes max_uses",
    sql: `select c.id, c.code, c.times_used, c.max_uses, count(p.id)::int as holding from coupons c
      left join event_payments p on p.coupon_id = c.id and p.seats_held
      group by c.id having c.times_used <> count(p.id) or c.times_used > coalesce(c.max_uses, c.times_used)`,
  },
  {
    name: 'refunded more than paid',
    rule: "a payment's refunded_cents passes its total, or differs from its refunds that did not fail",
    sql: `select p.id, p.total_cents, p.refunded_cents, coalesce(r.refunded, 0) as refunds from event_payments p
      left join (select payment_id, sum(amount_cents)::int as refunded from refunds where status <> 'FAILED'
        group by payment_id) r on r.payment_id = p.id
      where p.refunded_cents > p.total_cents or p.refunded_cents <> coalesce(r.refunded, 0)`,
  },
  {
    name: 'cancelled tickets out of step',
    rule: "a line's cancelled_tickets differs from its cancelled_tickets rows, or a refund has no credit note",
    sql: `select i.id, i.cancelled_tickets, count(c.id)::int as rows from event_payment_items i
      left join cancelled_tickets c on c.payment_item_id = i.id group by i.id having i.cancelled_tickets <> count(c.id)
      union all
      select null, null, count(*)::int from refunds r where not exists
        (select 1 from credit_notes n where n.refund_id = r.id) having count(*) > 0`,
  },
  {
    name: 'credit note numbers skipped or repeated',
    rule: "credit note numbers are not exactly 1 … receipt_counters.last_number of the 'credit-notes' series",
    sql: `select n.count, n.max, c.last_number from
      (select count(*)::int as count, coalesce(max(number), 0) as max from credit_notes) n
      left join receipt_counters c on c.series = 'credit-notes'
      where n.count <> n.max or n.max <> coalesce(c.last_number, 0)`,
  },
  {
    name: 'invoice numbers skipped or repeated',
    rule: "invoice numbers are not exactly 1 … receipt_counters.last_number of the 'invoices' series",
    sql: `select n.count, n.max, c.last_number from
      (select count(*)::int as count, coalesce(max(number), 0) as max from invoices) n
      left join receipt_counters c on c.series = 'invoices'
      where n.count <> n.max or n.max <> coalesce(c.last_number, 0)`,
  },
  {
    name: 'invoices paid ≠ their payments',
    rule: "an invoice's paid_cents is not what its payments and the credit applied to it paid, or passes its total, or paid_at disagrees",
    sql: `select i.id, i.total_cents, i.paid_cents from invoices i
      where i.paid_cents <> (select coalesce(sum(p.applied_cents), 0) from invoice_payments p where p.invoice_id = i.id)
          + (select coalesce(sum(c.amount_cents), 0) from invoice_credit_applications c where c.invoice_id = i.id)
        or i.paid_cents > i.total_cents
        or (i.paid_at is not null) <> (i.paid_cents = i.total_cents)`,
  },
  {
    name: 'credit applied past what was left',
    rule: "a payment's credit applied to later invoices (decision 0223) passes its credit_cents, or pays another organization's invoice",
    sql: `select p.id, p.credit_cents, sum(c.amount_cents)::int as applied from invoice_payments p
      join invoice_credit_applications c on c.source_payment_id = p.id
      join invoices i on i.id = c.invoice_id
      group by p.id
      having sum(c.amount_cents) > p.credit_cents or bool_or(i.organization_id <> p.organization_id)`,
  },
  {
    name: 'invoice payments split wrong',
    rule: 'a payment against an invoice is not what paid it plus the credit it left (balance = invoiced − applied − credit)',
    sql: `select id, amount_cents, applied_cents, credit_cents from invoice_payments
      where amount_cents <= 0 or applied_cents < 0 or credit_cents < 0 or applied_cents + credit_cents <> amount_cents`,
  },
  {
    name: 'invoices of purchase orders not approved',
    rule: 'an invoice exists for a purchase order that is not APPROVED',
    sql: `select i.id, o.status from invoices i join purchase_orders o on o.id = i.purchase_order_id where o.status <> 'APPROVED'`,
  },
  {
    name: 'district fund below zero',
    rule: "a district fund's balance, the sum of its ledger, is below zero, now or after any of its rows in order",
    sql: `select district_id, id, running from (select district_id, id, sum(amount_cents)
        over (partition by district_id order by created_at, id) as running from district_fund_entries) ledger
      where running < 0`,
  },
  {
    name: 'district fund spends ≠ payments it paid',
    rule: 'a District funds payment paid (not given from seats bought ahead) has not exactly one SPEND row of its total, or a SPEND row pays a payment never paid',
    sql: `select p.id, p.total_cents, p.paid_at, coalesce(-sum(e.amount_cents), 0)::int as spent, count(e.id)::int as rows
      from event_payments p left join district_fund_entries e on e.payment_id = p.id and e.kind = 'SPEND'
      where p.method = 'DISTRICT_FUNDS' and not exists (select 1 from district_seat_gifts g where g.payment_id = p.id)
      group by p.id
      having (p.paid_at is not null and p.total_cents > 0 and (count(e.id) <> 1 or -sum(e.amount_cents) <> p.total_cents))
        or (p.paid_at is null and count(e.id) > 0)`,
  },
  {
    name: 'seats bought ahead ≠ their spend and returns',
    rule: "a block's SPEND is not its seats × price, or its REFUND rows are not its seats returned × price",
    sql: `select b.id, b.seats, b.seats_returned, b.price_cents, coalesce(e.spent, 0) as spent,
        coalesce(e.back, 0) as back from district_seat_blocks b
      left join (select seat_block_id, -sum(amount_cents) filter (where kind = 'SPEND') as spent,
          sum(amount_cents) filter (where kind = 'REFUND') as back
        from district_fund_entries where seat_block_id is not null group by seat_block_id) e on e.seat_block_id = b.id
      where coalesce(e.spent, 0) <> b.seats * b.price_cents or coalesce(e.back, 0) <> b.seats_returned * b.price_cents`,
  },
  {
    name: 'seats given ≠ their orders',
    rule: "a block's seats_given differ from its gifts' seats, or a gift's order is not its seats × the block's price",
    sql: `select b.id, b.seats_given, coalesce(sum(g.seats), 0)::int as gifted,
        count(*) filter (where p.total_cents <> g.seats * b.price_cents or p.method <> 'DISTRICT_FUNDS')::int as wrong
      from district_seat_blocks b left join district_seat_gifts g on g.block_id = b.id
      left join event_payments p on p.id = g.payment_id group by b.id
      having b.seats_given <> coalesce(sum(g.seats), 0)
        or count(*) filter (where p.total_cents <> g.seats * b.price_cents or p.method <> 'DISTRICT_FUNDS') > 0`,
  },
  {
    name: 'district fund refunds ≠ refunds to the fund',
    rule: "a payment's REFUND rows in its district's fund differ from its refunds made to the fund",
    sql: `select p.id, coalesce(e.back, 0) as ledger, coalesce(r.back, 0) as refunds from event_payments p
      left join (select payment_id, sum(amount_cents)::int as back from district_fund_entries where kind = 'REFUND'
        group by payment_id) e on e.payment_id = p.id
      left join (select payment_id, sum(amount_cents)::int as back from refunds where method = 'DISTRICT_FUND'
        group by payment_id) r on r.payment_id = p.id
      where p.method = 'DISTRICT_FUNDS' and coalesce(e.back, 0) <> coalesce(r.back, 0)`,
  },
  {
    name: 'quote numbers skipped or repeated',
    rule: "quote numbers are not exactly 1 … receipt_counters.last_number of the 'quotes' series",
    sql: `select q.count, q.max, c.last_number from
      (select count(*)::int as count, coalesce(max(number), 0) as max from quotes) q
      left join receipt_counters c on c.series = 'quotes'
      where q.count <> q.max or q.max <> coalesce(c.last_number, 0)`,
  },
];

const sampleSize = 5;

async function measure(client, name, rule, text, values = []) {
  const { rows } = await client.query(text, values);
  return { name, rule, violations: rows.length, sample: rows.slice(0, sampleSize) };
}

/** Every invariant over the whole database; each `violations` must be 0. */
export async function checkInvariants(client) {
  const results = [];
  for (const invariant of invariants)
    results.push(await measure(client, invariant.name, invariant.rule, invariant.sql));
  return results;
}

/**
 * Writes the clients saw acknowledged (a 2xx answer), checked against the database: each must be there, in the state
 * the answer promised. `acks`: { checkouts: [{ paymentId, userId, method }], paid: [paymentId], declined: [paymentId],
 * purchaseOrders: [{ purchaseOrderId, paymentId }], allocations: [{ itemId, userIds }] } (the last save of each line).
 */
export async function checkAcknowledged(client, acks) {
  const json = (value) => JSON.stringify(value);
  return [
    await measure(
      client,
      'acknowledged checkouts lost',
      'a checkout answered 201 whose payment is missing, or is another buyer’s or method’s',
      `select a.payment_id from jsonb_to_recordset($1::jsonb) as a(payment_id uuid, user_id uuid, method text)
        left join event_payments p on p.id = a.payment_id and p.user_id = a.user_id and p.method::text = a.method
        where p.id is null`,
      [json(acks.checkouts.map((a) => ({ payment_id: a.paymentId, user_id: a.userId, method: a.method })))],
    ),
    await measure(
      client,
      'acknowledged payments lost',
      'a card payment answered paid (200, succeed) that is not PAID with its receipt (or CANCELLED by cancelling every ticket)',
      `select a.id, p.status from unnest($1::uuid[]) as a(id) left join event_payments p on p.id = a.id
        left join event_payment_receipts r on r.payment_id = a.id
        where r.payment_id is null or (p.status is distinct from 'PAID' and not (p.status = 'CANCELLED'
          and exists (select 1 from ticket_cancellations c where c.payment_id = a.id)))`,
      [acks.paid],
    ),
    await measure(
      client,
      'acknowledged declines lost',
      'a card payment answered declined (200, decline) that still holds seats or was paid',
      `select a.id, p.status, p.seats_held from unnest($1::uuid[]) as a(id) left join event_payments p on p.id = a.id
        where p.id is null or p.seats_held or p.paid_at is not null`,
      [acks.declined],
    ),
    await measure(
      client,
      'acknowledged purchase orders lost',
      'a purchase order answered 201 that is missing, or whose payment is not PO_SUBMITTED',
      `select a.purchase_order_id, p.status from jsonb_to_recordset($1::jsonb) as a(purchase_order_id uuid, payment_id uuid)
        left join purchase_orders o on o.id = a.purchase_order_id and o.payment_id = a.payment_id
        left join event_payments p on p.id = a.payment_id
        where o.id is null or p.status is distinct from 'PO_SUBMITTED'`,
      [json(acks.purchaseOrders.map((a) => ({ purchase_order_id: a.purchaseOrderId, payment_id: a.paymentId })))],
    ),
    await measure(
      client,
      'acknowledged allocations lost',
      "a line's ticket holders differ from those its last save answered 200 with",
      `select a.item_id, a.user_ids, coalesce(array_agg(t.user_id order by t.user_id) filter (where t.id is not null), '{}') as holders
        from jsonb_to_recordset($1::jsonb) as a(item_id uuid, user_ids uuid[])
        left join event_tickets t on t.payment_item_id = a.item_id
        group by a.item_id, a.user_ids
        having coalesce(array_agg(t.user_id order by t.user_id) filter (where t.id is not null), '{}')
          <> array(select unnest(a.user_ids) order by 1)`,
      [json(acks.allocations.map((a) => ({ item_id: a.itemId, user_ids: a.userIds })))],
    ),
  ];
}

/**
 * Every purchase order's PDF where the app stores files (`filesDir`, the local storage of platform/storage.ts): the
 * upload writes it inside the purchase order's transaction, before the commit, so a committed row always has it.
 */
export function checkStoredFiles(client, filesDir) {
  return checkStoredObjects(client, async (key) => existsSync(path.join(filesDir, key)));
}

/** The same as checkStoredFiles for any storage: `has(key)` answers whether the file is there (an S3 bucket's). */
export async function checkStoredObjects(client, has) {
  const { rows } = await client.query('select id, file_key from purchase_orders');
  const missing = [];
  for (const row of rows) if (!(await has(row.file_key))) missing.push(row);
  return [
    {
      name: 'purchase orders without their file',
      rule: "a purchase order whose PDF is not in the app's file storage",
      violations: missing.length,
      sample: missing.slice(0, sampleSize),
    },
  ];
}

/** Prints the invariants as a table and says loudly when one is not 0; answers the total of violations. */
export function reportInvariants(title, results) {
  console.log(`\n${title}`);
  console.table(results.map((result) => ({ invariant: result.name, violations: result.violations })));
  const broken = results.filter((result) => result.violations > 0);
  for (const result of broken) {
    console.log(`\n!!! INVARIANT NOT 0: ${result.name} (${result.violations}): ${result.rule}`);
    for (const row of result.sample) console.log(`    ${JSON.stringify(row)}`);
  }
  if (broken.length === 0) console.log('Every invariant is 0.');
  return broken.reduce((sum, result) => sum + result.violations, 0);
}
