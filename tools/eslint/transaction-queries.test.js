import path from 'node:path';
import { transactionQueries } from './transaction-queries.js';
import { fixtures, typedRuleTester } from './typed-rule-tester.js';

// The fixture's tsconfig gives the parser a program; each case's code replaces file.ts in it.
const ruleTester = typedRuleTester();

// The shapes of drizzle's classes the rule recognises by name, and the project's aliases (db/client.ts).
const types = `
declare class PgDatabase { select(): Promise<number[]>; transaction<T>(run: (tx: PgTransaction) => Promise<T>): Promise<T> }
declare class PgTransaction extends PgDatabase { rollback(): never }
type Database = PgDatabase;
type Transaction = PgTransaction;
type Executor = Database | Transaction;
declare const db: Database;
declare function readOne(db: Executor): Promise<number[]>;
declare function readOnPool(db: Database): Promise<number[]>;
`;
const code = (body) => `${types}\n${body}`;
const filename = path.join(fixtures, 'file.ts');

ruleTester.run('transaction-queries', transactionQueries, {
  valid: [
    { filename, code: code('export const both = () => Promise.all([db.select(), readOnPool(db)]);') },
    {
      filename,
      code: code('export const inTurn = (tx: Transaction) => tx.select().then(async (a) => [a, await tx.select()]);'),
    },
    { filename, code: code('export const passed = (tx: Transaction) => readOne(tx);') },
    {
      filename,
      code: code('export const each = () => Promise.all([1, 2].map(() => db.transaction(async (tx) => tx.select())));'),
    },
  ],
  invalid: [
    {
      filename,
      code: code('export const both = (tx: Transaction) => Promise.all([tx.select(), tx.select()]);'),
      errors: [{ messageId: 'concurrent', data: { name: 'tx', combinator: 'all' } }],
    },
    {
      filename,
      code: code('export const helpers = (tx: Transaction) => Promise.allSettled([readOne(tx), readOne(tx)]);'),
      errors: [{ messageId: 'concurrent', data: { name: 'tx', combinator: 'allSettled' } }],
    },
    {
      filename,
      code: code('export async function read(db: Executor) { return Promise.all([db.select(), db.select()]); }'),
      errors: [{ messageId: 'concurrent', data: { name: 'db', combinator: 'all' } }],
    },
    {
      filename,
      code: code('export const mapped = (tx: Transaction) => Promise.all([1, 2].map(() => tx.select()));'),
      errors: [{ messageId: 'concurrent', data: { name: 'tx', combinator: 'all' } }],
    },
    {
      filename,
      code: code('export const widened = () => db.transaction((tx) => readOnPool(tx));'),
      errors: [{ messageId: 'widened' }],
    },
    {
      filename,
      code: code('export const fromExecutor = (db: Executor) => readOnPool(db);'),
      errors: [{ messageId: 'widened' }],
    },
  ],
});
