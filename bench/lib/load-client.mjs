// Simulated members for bench/load.mjs and bench/crash.mjs: each signed-in member (load-fixture.mjs) runs one journey
// after another until the run's end, over keep-alive HTTP to the app, as the web app would call it. Journeys:
//   browse         the catalogue (a page, a search), two event pages
//   card           the cart cleared, a line added (one ticket half the time, else 2 or 3), the coupon sometimes,
//                  checkout by CARD with an Idempotency-Key, the demo card paid (about 1 in 12 declined, 1 in 25 left
//                  unpaid), the payment's page read
//   purchaseOrder  the same checkout by PURCHASE_ORDER, then the purchase order's PDF uploaded (multipart, as the
//                  form sends it) or, 1 in 6, the checkout cancelled (its tickets back in the cart)
//   allocate       one of the member's paid payments: its allocation read, the school's assignable staff read, the
//                  tickets handed to some of them (a PUT of every line)
//   mine           My tickets, the payments list, the school's roster
// Every request's answer (status, milliseconds) is counted under its action's name; a request with no answer (the
// connection refused or dropped: the app killed) is counted as status 'no answer'. With `retry` (the crash benchmark)
// such a request is sent again, the same body and Idempotency-Key, once the app answers again, as a browser's retry
// would: then only its final answer is counted, and the request once as 'sent again' (`cut`). `retry.statuses` are
// answers treated as no answer (a proxy's 502 for a request its instance died under, scripts/test-stack.mjs). The
// writes answered 2xx are kept (`acks`) for invariants.checkAcknowledged.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { couponCode } from './load-fixture.mjs';

const defaultMix = { browse: 30, card: 25, purchaseOrder: 10, allocate: 15, mine: 20, cancel: 5, waitingList: 5 };

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Latencies and statuses by action; `summary()` answers the report's rows. */
export function createStats() {
  const actions = new Map();
  const of = (action) => {
    if (!actions.has(action)) actions.set(action, { latencies: [], statuses: {}, cut: 0 });
    return actions.get(action);
  };
  const percentile = (sorted, p) =>
    sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
  const round = (ms) => (ms === null ? null : Math.round(ms * 10) / 10);
  return {
    record(action, status, ms, cut) {
      const entry = of(action);
      entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
      if (cut) entry.cut += 1;
      if (status !== 'no answer') entry.latencies.push(ms);
    },
    summary() {
      const rows = [...actions.entries()].map(([action, entry]) => {
        const sorted = [...entry.latencies].sort((a, b) => a - b);
        const requests = Object.values(entry.statuses).reduce((sum, n) => sum + n, 0);
        return {
          action,
          requests,
          statuses: entry.statuses,
          cut: entry.cut,
          p50Ms: round(percentile(sorted, 50)),
          p95Ms: round(percentile(sorted, 95)),
          p99Ms: round(percentile(sorted, 99)),
        };
      });
      const statuses = {};
      for (const row of rows)
        for (const [status, n] of Object.entries(row.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
      const requests = rows.reduce((sum, row) => sum + row.requests, 0);
      const cut = rows.reduce((sum, row) => sum + row.cut, 0);
      return { requests, statuses, cut, actions: rows.sort((a, b) => a.action.localeCompare(b.action)) };
    },
  };
}

/**
 * @param {{ baseUrl: string, stats: ReturnType<typeof createStats>,
 *   retry?: { appUp: () => Promise<boolean>, statuses?: number[] } }} options
 * @param {http.Agent} agent
 * `retry.appUp()` resolves once the app answers again: true, or false when the run is over (then no more retries).
 */
function createRequester({ baseUrl, stats, retry }, agent) {
  const { hostname, port } = new URL(baseUrl);
  const once = (method, path, headers, body) =>
    new Promise((resolve) => {
      const began = performance.now();
      const req = http.request({ host: hostname, port, method, path, agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - began, text });
        });
        res.on('error', () => resolve({ status: 'no answer', ms: performance.now() - began, text: '' }));
      });
      req.on('error', () => resolve({ status: 'no answer', ms: performance.now() - began, text: '' }));
      if (body !== undefined) req.write(body);
      req.end();
    });

  /** One call; answers { status, json() } with the last attempt's status ('no answer' when none came). */
  return async function request(action, member, method, path, { json, multipart, headers = {} } = {}) {
    const all = {
      'x-requested-with': 'portal',
      cookie: member.cookie,
      ...headers,
    };
    let body;
    if (json !== undefined) {
      body = JSON.stringify(json);
      all['content-type'] = 'application/json';
    } else if (multipart) {
      const boundary = `----loadbench${randomUUID().replaceAll('-', '')}`;
      const parts = Object.entries(multipart.fields).map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      );
      body = Buffer.concat([
        Buffer.from(parts.join('')),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${multipart.file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        multipart.file.bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      all['content-type'] = `multipart/form-data; boundary=${boundary}`;
    }
    if (body !== undefined) all['content-length'] = Buffer.byteLength(body);
    let cut = false;
    for (;;) {
      const answer = await once(method, path, all, body);
      const lost = answer.status === 'no answer' || (retry?.statuses ?? []).includes(answer.status);
      if (lost && retry && (await retry.appUp())) {
        cut = true;
        // A connection the dead app left in the pool fails at once: a pause keeps that from spinning.
        await sleep(20);
        continue;
      }
      stats.record(action, answer.status, answer.ms, cut);
      return { status: answer.status, json: () => JSON.parse(answer.text) };
    }
  };
}

/** The answers 5xx, by status; `except` (503 where the app was being killed) left out. */
export function serverErrors(statuses, except = []) {
  return Object.entries(statuses)
    .filter(([status]) => status.startsWith('5') && !except.includes(status))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** The report's two tables: every status with its share, then each action's statuses and percentiles. */
export function printStats(summary) {
  console.log('By status (share of all requests):');
  console.table(
    Object.fromEntries(
      Object.entries(summary.statuses).map(([status, n]) => [
        status,
        { requests: n, share: `${((n / summary.requests) * 100).toFixed(2)} %` },
      ]),
    ),
  );
  console.log('By action (ms):');
  console.table(
    summary.actions.map((row) => ({
      action: row.action,
      requests: row.requests,
      statuses: Object.entries(row.statuses)
        .map(([status, n]) => `${status}×${n}`)
        .join(' '),
      ...(summary.cut > 0 ? { 'sent again': row.cut } : {}),
      p50: row.p50Ms,
      p95: row.p95Ms,
      p99: row.p99Ms,
    })),
  );
}

const ok = (status) => typeof status === 'number' && status >= 200 && status < 300;

/**
 * Runs every member's journeys while `running()` says so, `mix` weighing the journeys. Answers the writes
 * acknowledged (see invariants.checkAcknowledged) and how many journeys of each kind ran.
 * @param {{ baseUrl: string, members: Array<{ id: string, cookie: string, organizationId: string }>,
 *   targets: Array<{ eventId: string, ticketTypeIds: string[], sectionId: string | null }>, eventIds: string[],
 *   running: () => boolean, stats: ReturnType<typeof createStats>, mix?: Record<string, number>, thinkMs?: number,
 *   retry?: { appUp: () => Promise<boolean> } }} options
 */
export async function runMembers(options) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const request = createRequester(options, agent);
  const mix = Object.entries(options.mix ?? defaultMix);
  const weight = mix.reduce((sum, [, w]) => sum + w, 0);
  const acks = { checkouts: [], paid: [], declined: [], purchaseOrders: [], allocations: new Map() };
  const journeysRun = {};
  const paidOf = new Map(options.members.map((member) => [member.id, []]));

  /**
   * The cart emptied of what an earlier journey left (a sold-out line, a cancelled purchase order's tickets), then one
   * line added and, now and then, the coupon; false when a step is refused (sold out).
   */
  async function fillCart(member) {
    const cart = await request('cart', member, 'GET', '/api/cart');
    if (!ok(cart.status)) return false;
    for (const line of cart.json().items ?? []) {
      const removed = await request('cart remove', member, 'DELETE', `/api/cart/items/${line.id}`);
      if (!ok(removed.status)) return false;
    }
    const target = pick(options.targets);
    const added = await request('cart add', member, 'POST', '/api/cart/items', {
      json: {
        eventId: target.eventId,
        ticketTypeId: pick(target.ticketTypeIds),
        sectionId: target.sectionId,
        numberOfTickets: Math.random() < 0.5 ? 1 : 2 + Math.floor(Math.random() * 2),
      },
    });
    if (!ok(added.status)) return false;
    if (Math.random() < 0.15)
      await request('coupon', member, 'POST', '/api/cart/coupon', { json: { code: couponCode } });
    return true;
  }

  async function checkout(member, method) {
    const answer = await request(`checkout ${method === 'CARD' ? 'card' : 'PO'}`, member, 'POST', '/api/checkout', {
      json: { method, organizationId: member.organizationId },
      headers: { 'idempotency-key': randomUUID() },
    });
    if (!ok(answer.status)) return null;
    const { eventPaymentId } = answer.json();
    acks.checkouts.push({ paymentId: eventPaymentId, userId: member.id, method });
    return eventPaymentId;
  }

  /**
   * A card order left unpaid, found again among the unfinished orders: half the time paid now (a fresh page of the same
   * payment; true, the caller pays it), else discarded (false).
   */
  async function finishUnfinished(member, paymentId) {
    await request('unfinished orders', member, 'GET', '/api/event-payments/unfinished?page=1&pageSize=20');
    if (Math.random() < 0.5) {
      const again = await request('pay now', member, 'POST', `/api/event-payments/${paymentId}/pay-now`);
      return ok(again.status);
    }
    await request('discard', member, 'POST', `/api/event-payments/${paymentId}/discard`);
    return false;
  }

  const journeys = {
    async browse(member) {
      await request('catalogue', member, 'GET', '/api/catalogue/events?page=1&pageSize=20');
      await request(
        'catalogue search',
        member,
        'GET',
        `/api/catalogue/events?search=${pick(['load', 'series', 'day'])}`,
      );
      for (let i = 0; i < 2; i += 1)
        await request('event page', member, 'GET', `/api/catalogue/events/${pick(options.eventIds)}`);
    },
    async card(member) {
      if (!(await fillCart(member))) return;
      const paymentId = await checkout(member, 'CARD');
      if (!paymentId) return;
      const roll = Math.random();
      if (roll < 0.04) return;
      if (roll < 0.08 && !(await finishUnfinished(member, paymentId))) return;
      const outcome = roll >= 0.08 && roll < 0.16 ? 'decline' : 'succeed';
      const paid = await request('pay (demo card)', member, 'POST', `/api/payments/demo/${paymentId}`, {
        json: { outcome },
      });
      if (ok(paid.status)) {
        if (outcome === 'succeed') {
          acks.paid.push(paymentId);
          paidOf.get(member.id).push(paymentId);
        } else acks.declined.push(paymentId);
      }
      await request('payment page', member, 'GET', `/api/event-payments/${paymentId}`);
    },
    async purchaseOrder(member) {
      if (!(await fillCart(member))) return;
      const paymentId = await checkout(member, 'PURCHASE_ORDER');
      if (!paymentId) return;
      if (Math.random() < 1 / 6) {
        await request('cancel PO checkout', member, 'POST', `/api/checkout/${paymentId}/cancel`);
        return;
      }
      if (Math.random() < 1 / 5) {
        // Left, then discarded from Manage Events with a double click: the seats come back once.
        await request('unfinished orders', member, 'GET', '/api/event-payments/unfinished?page=1&pageSize=20');
        await Promise.all(
          [0, 1].map(() => request('discard', member, 'POST', `/api/event-payments/${paymentId}/discard`)),
        );
        return;
      }
      const number = `PO-${randomUUID().slice(0, 8)}`;
      const uploaded = await request('upload PO', member, 'POST', '/api/purchase-orders', {
        multipart: {
          fields: {
            eventPaymentId: paymentId,
            filename: `${number}.pdf`,
            contactEmail: 'finance@load.test',
            contactName: 'Finance Office',
            contactPhone: '5550100200',
            number,
            organizationId: member.organizationId,
            total: '0',
          },
          file: { name: `${number}.pdf`, bytes: pdf },
        },
      });
      if (ok(uploaded.status))
        acks.purchaseOrders.push({ purchaseOrderId: uploaded.json().purchaseOrderId, paymentId });
    },
    async allocate(member) {
      const paid = paidOf.get(member.id);
      if (paid.length === 0) return journeys.mine(member);
      const paymentId = pick(paid);
      const read = await request('allocation', member, 'GET', `/api/event-payments/${paymentId}/allocation`);
      if (!ok(read.status)) return;
      const staff = await request(
        'assignable users',
        member,
        'GET',
        `/api/organizations/${member.organizationId}/assignable-users?page=1&pageSize=25`,
      );
      if (!ok(staff.status)) return;
      const people = staff.json().items.map((person) => person.id);
      const lines = read.json().events.flatMap((event) => event.sections);
      const items = lines.map((line) => ({
        itemId: line.itemId,
        assignedUsers: [...people]
          .sort(() => Math.random() - 0.5)
          .slice(0, Math.floor(Math.random() * (line.numberOfTickets + 1))),
      }));
      const saved = await request('allocation save', member, 'PUT', `/api/event-payments/${paymentId}/allocation`, {
        json: { items },
      });
      // The last save of a line is what the database must show; a save with no final 2xx leaves it unknown.
      for (const item of items) {
        if (ok(saved.status)) acks.allocations.set(item.itemId, { itemId: item.itemId, userIds: item.assignedUsers });
        else acks.allocations.delete(item.itemId);
      }
    },
    // A buyer cancels one ticket not handed out yet (handed-out ones are the allocation acks' to check), within
    // the policy: its seat comes back, the demo provider refunds, a credit note is numbered.
    async cancel(member) {
      const paid = paidOf.get(member.id);
      if (paid.length === 0) return journeys.mine(member);
      const paymentId = pick(paid);
      const view = await request('cancellation', member, 'GET', `/api/event-payments/${paymentId}/cancellation`);
      if (!ok(view.status)) return;
      const line = view.json().lines.find((candidate) => candidate.cancellable && candidate.unassigned > 0);
      if (!line) return;
      await request('cancel a ticket', member, 'POST', `/api/event-payments/${paymentId}/cancellation`, {
        json: { items: [{ itemId: line.itemId, unassigned: 1 }] },
        headers: { 'idempotency-key': randomUUID() },
      });
    },
    // A member waits for a sold-out section (refused, 409, while it still sells or she already waits) and buys an
    // offer once cancellations and expired holds have gathered seats for her: the offer's seats are paid by the demo
    // card, or left for the next run of this journey.
    async waitingList(member) {
      const target = pick(options.targets);
      const mine = await request('my waiting lists', member, 'GET', `/api/waiting-lists/events/${target.eventId}`);
      if (!ok(mine.status)) return;
      const offered = mine.json().entries.find((entry) => entry.status === 'OFFERED');
      if (offered) {
        const bought = await request('buy offer', member, 'POST', `/api/waiting-lists/entries/${offered.id}/checkout`, {
          headers: { 'idempotency-key': randomUUID() },
        });
        if (!ok(bought.status)) return;
        const { eventPaymentId } = bought.json();
        acks.checkouts.push({ paymentId: eventPaymentId, userId: member.id, method: 'CARD' });
        const paid = await request('pay (demo card)', member, 'POST', `/api/payments/demo/${eventPaymentId}`, {
          json: { outcome: 'succeed' },
        });
        if (ok(paid.status)) {
          acks.paid.push(eventPaymentId);
          paidOf.get(member.id).push(eventPaymentId);
        }
        return;
      }
      await request('join waiting list', member, 'POST', '/api/waiting-lists/entries', {
        json: {
          eventId: target.eventId,
          sectionId: target.sectionId,
          ticketTypeId: pick(target.ticketTypeIds),
          quantity: Math.random() < 0.5 ? 1 : 2,
          organizationId: member.organizationId,
        },
      });
    },
    async mine(member) {
      await request('my tickets', member, 'GET', '/api/my-tickets');
      await request('payments list', member, 'GET', '/api/event-payments?page=1&pageSize=25');
      await request('roster', member, 'GET', `/api/organizations/${member.organizationId}/roster?page=1`);
    },
  };

  const journeyOf = () => {
    let roll = Math.random() * weight;
    for (const [name, w] of mix) {
      roll -= w;
      if (roll < 0) return name;
    }
    return mix[0][0];
  };

  await Promise.all(
    options.members.map(async (member, i) => {
      // Members start a little apart, as people do.
      await sleep(i * 25);
      while (options.running()) {
        const journey = journeyOf();
        journeysRun[journey] = (journeysRun[journey] ?? 0) + 1;
        await journeys[journey](member);
        if (options.thinkMs) await sleep(Math.random() * 2 * options.thinkMs);
      }
    }),
  );
  agent.destroy();
  return { acks: { ...acks, allocations: [...acks.allocations.values()] }, journeysRun };
}
