import { afterAll, afterEach } from 'vitest';

/**
 * node-postgres warns, once per process, when a second query reaches a connection still busy with one:
 * Promise.all over a transaction (docs/decisions/0084-transactions-and-sql.md). Its next major refuses, so
 * the test during which the warning arrives fails instead of the warning scrolling past.
 */
const concurrentQuery = 'client.query() when the client is already executing a query';

let caught: Error | undefined;
const listener = (warning: Error) => {
  if (warning.message.includes(concurrentQuery)) caught = warning;
};
process.on('warning', listener);

afterEach(() => {
  const warning = caught;
  caught = undefined;
  if (warning)
    throw new Error(
      `Two queries ran at once on one PostgreSQL connection: await a transaction's queries one after another. ${warning.message}`,
    );
});

afterAll(() => {
  process.off('warning', listener);
});
