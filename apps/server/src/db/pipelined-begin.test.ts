import { connect, createServer, Socket, type Server } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../test/database.ts';
import { openPostgres, type DatabaseHandle } from './client.ts';
import { districts } from './schema/organizations.ts';

/**
 * A transaction's BEGIN travels with its first statement when that statement only reads (db/client.ts
 * beginWithFirstRead), on node-postgres only: PGlite has no wire, so this file always runs on PostgreSQL (the run's
 * server, or the machine's when the run uses PGlite). Counted through a proxy in front of the test database: a
 * round trip is the client writing again after PostgreSQL answered.
 */
let database: DatabaseHandle;
let proxied: DatabaseHandle;
let proxy: Server;
const sockets = new Set<Socket>();
let roundTrips = 0;
let writes = 0;
let proxyPort = 0;
const restore: (() => void)[] = [];

beforeAll(async () => {
  const created = await createPostgresTestDatabase();
  database = created;
  const target = new URL(created.url);
  proxy = createServer((client) => {
    const server = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(server);
    let answered = true;
    client.on('data', (chunk) => {
      if (answered) roundTrips += 1;
      answered = false;
      server.write(chunk);
    });
    server.on('data', (chunk) => {
      answered = true;
      client.write(chunk);
    });
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = new URL(created.url);
  url.hostname = '127.0.0.1';
  url.port = String(address.port);
  proxyPort = address.port;
  // The client's writes to its socket, counted where Node hands them to the kernel (a stream's _write or, for
  // what a cork gathered, _writev): the proxy's reads could join two of them into one.
  for (const method of ['_write', '_writev'] as const) {
    const original = Object.getOwnPropertyDescriptor(Socket.prototype, method);
    const write = original?.value as ((this: Socket, ...args: unknown[]) => void) | undefined;
    if (!original || !write) throw new Error(`net.Socket has no ${method}`);
    restore.push(() => Object.defineProperty(Socket.prototype, method, original));
    Object.defineProperty(Socket.prototype, method, {
      ...original,
      value: function counted(this: Socket, ...args: unknown[]) {
        if (this.remotePort === proxyPort) writes += 1;
        write.apply(this, args);
      },
    });
  }
  proxied = openPostgres(url.toString());
});

afterAll(async () => {
  for (const undo of restore) undo();
  await proxied.close();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  await database.close();
});

/** The round trips `work` takes on a connection already open and idle. */
async function roundTripsOf(work: () => Promise<unknown>): Promise<number> {
  return (await wireOf(work)).trips;
}

/** The round trips and the socket writes (what the proxy receives at once) of `work`, as roundTripsOf. */
async function wireOf(work: () => Promise<unknown>): Promise<{ trips: number; writes: number }> {
  await proxied.db.execute(sql`select 1`);
  const [tripsBefore, writesBefore] = [roundTrips, writes];
  await work();
  return { trips: roundTrips - tripsBefore, writes: writes - writesBefore };
}

describe('a transaction on PostgreSQL', () => {
  it('sends BEGIN with a first statement that reads: two round trips for a locked read and its commit', async () => {
    const [row] = await database.db.insert(districts).values({ name: 'Pipelined district' }).returning();
    if (!row) throw new Error('no row');
    const wire = await wireOf(() =>
      proxied.db.transaction(async (tx) => {
        await tx.select().from(districts).where(eq(districts.id, row.id)).for('update');
      }),
    );
    // BEGIN and the read leave in one write, COMMIT in another.
    expect(wire).toEqual({ trips: 2, writes: 2 });
  });

  it('holds the read’s row lock until the commit: the read ran inside the transaction', async () => {
    const [row] = await database.db.insert(districts).values({ name: 'Locked district' }).returning();
    if (!row) throw new Error('no row');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = proxied.db.transaction(async (tx) => {
      await tx.select().from(districts).where(eq(districts.id, row.id)).for('update');
      locked();
      await held;
    });
    await isLocked;
    const other = database.db.transaction(async (tx) =>
      tx.select().from(districts).where(eq(districts.id, row.id)).for('update', { noWait: true }),
    );
    await expect(other).rejects.toThrow();
    release();
    await holder;
  });

  it('waits for BEGIN’s answer before a first statement that writes: three round trips', async () => {
    const trips = await roundTripsOf(() =>
      proxied.db.transaction(async (tx) => {
        await tx.insert(districts).values({ name: 'Written district' });
      }),
    );
    expect(trips).toBe(3);
    const names = (await database.db.select({ name: districts.name }).from(districts)).map((row) => row.name);
    expect(names).toContain('Written district');
  });

  it('rolls a failed transaction back whole', async () => {
    const failing = proxied.db.transaction(async (tx) => {
      await tx.select().from(districts).limit(1);
      await tx.insert(districts).values({ name: 'Rolled back district' });
      throw new Error('abort');
    });
    await expect(failing).rejects.toThrow('abort');
    const names = (await database.db.select({ name: districts.name }).from(districts)).map((row) => row.name);
    expect(names).not.toContain('Rolled back district');
  });
});
