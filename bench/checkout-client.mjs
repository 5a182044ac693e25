// The buyers of bench/checkout.mjs, in a worker thread: the load is generated outside the event
// loop of the servers it measures (as real buyers' browsers are), so neither the app nor the raw
// loop waits behind its own client's work. Messages: { kind: 'drive', ... } answers one round's
// outcomes and latencies; { kind: 'login', ... } answers the statuses of sign-in attempts.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let csrf = {};

function request(port, method, url, { cookie, body, headers = {} } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          ...csrf,
          ...(cookie ? { cookie } : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

const outcomeOf = (status) => (status === 201 || status === 200 ? 'sold' : status === 409 ? 'refused' : 'failed');

const checkoutOnce = (port, buyer) =>
  request(port, 'POST', '/api/checkout', {
    cookie: buyer.cookie,
    body: { method: 'CARD' },
    headers: { 'idempotency-key': randomUUID() },
  });

/** One purchase per mode; each answers 'sold', 'refused' or 'failed'. */
const purchases = {
  async raw({ rawPort, target }, buyer) {
    return outcomeOf(
      (await request(rawPort, 'POST', '/raw/reserve', { body: { sectionId: target.sectionId, userId: buyer.id } }))
        .status,
    );
  },
  async checkout({ ports }, buyer, index) {
    return outcomeOf((await checkoutOnce(ports[index % ports.length], buyer)).status);
  },
  async full({ ports: [port], target }, buyer) {
    const added = await request(port, 'POST', '/api/cart/items', {
      cookie: buyer.cookie,
      body: {
        eventId: target.eventId,
        ticketTypeId: target.ticketTypeId,
        sectionId: target.sectionId,
        numberOfTickets: 1,
      },
    });
    if (added.status !== 200) return outcomeOf(added.status);
    const checkedOut = await checkoutOnce(port, buyer);
    if (checkedOut.status !== 201) return outcomeOf(checkedOut.status);
    const paid = await request(port, 'POST', `/api/payments/demo/${checkedOut.json().eventPaymentId}`, {
      cookie: buyer.cookie,
      body: { outcome: 'succeed' },
    });
    return paid.status === 200 ? 'sold' : 'failed';
  },
};

/** Every buyer's purchase, `concurrency` at a time. */
async function drive(job) {
  const purchase = purchases[job.mode === 'two-instances' ? 'checkout' : job.mode];
  const latencies = [];
  const outcomes = { sold: 0, refused: 0, failed: 0 };
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (next < job.buyers.length) {
        const index = next++;
        const began = performance.now();
        const outcome = await purchase(job, job.buyers[index], index).catch(() => 'failed');
        latencies.push(performance.now() - began);
        outcomes[outcome] += 1;
      }
    }),
  );
  return { ...outcomes, elapsed: performance.now() - start, latencies };
}

async function login({ ports, email, attempts }) {
  const statuses = [];
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    statuses.push(
      (
        await request(ports[attempt % ports.length], 'POST', '/api/auth/login', {
          body: { email, password: 'not the password' },
        })
      ).status,
    );
  }
  return statuses;
}

parentPort.on('message', async (job) => {
  csrf = job.csrf;
  if (job.kind === 'stop') {
    agent.destroy();
    parentPort.close();
    return;
  }
  parentPort.postMessage(job.kind === 'login' ? await login(job) : await drive(job));
});
