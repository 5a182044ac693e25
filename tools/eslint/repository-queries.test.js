import path from 'node:path';
import { repositoryQueries } from './repository-queries.js';
import { fixtures, typedRuleTester } from './typed-rule-tester.js';

// fixtures/features/: 'kept' holds a repository.ts and a service, 'bare' only a service.
const ruleTester = typedRuleTester();

// The shapes of drizzle's classes the rule recognises by name, and the project's aliases (db/client.ts).
const types = `
declare class PgDatabase { select(): Promise<number[]>; insert(table: string): Promise<void>; execute(query: string): Promise<void>; query: Record<string, { findMany(): Promise<number[]> }>; transaction<T>(run: (tx: PgTransaction) => Promise<T>): Promise<T> }
declare class PgTransaction extends PgDatabase { rollback(): never }
type Database = PgDatabase;
type Transaction = PgTransaction;
type Executor = Database | Transaction;
declare const deps: { db: Database };
declare const app: { delete(path: string): void };
declare function readOne(db: Executor): Promise<number[]>;
`;
const code = (body) => `${types}\n${body}`;
const file = (...parts) => path.join(fixtures, 'features', ...parts);
const options = [{ root: fixtures }];
const service = file('kept', 'service.ts');

ruleTester.run('repository-queries', repositoryQueries, {
  valid: [
    // The repository itself, and a feature without a repository.
    {
      filename: file('kept', 'repository.ts'),
      options,
      code: code('export const all = (db: Executor) => db.select();'),
    },
    { filename: file('bare', 'service.ts'), options, code: code("import { sql } from 'drizzle-orm';\nsql;") },
    // A service calls its repository, opens transactions, and imports row types only.
    {
      filename: service,
      options,
      code: code('export const run = () => deps.db.transaction((tx) => readOne(tx));'),
    },
    {
      filename: service,
      options,
      code: code(
        "import type { SQL } from 'drizzle-orm';\nimport { type packages } from '../../db/schema/packages.ts';\nexport type Row = [SQL, typeof packages];",
      ),
    },
    // Fastify's app.delete is a route, not a query.
    { filename: service, options, code: code("app.delete('/x');") },
  ],
  invalid: [
    {
      filename: service,
      options,
      code: code('export const all = () => deps.db.select();'),
      errors: [{ messageId: 'query', data: { area: 'kept', name: 'deps.db', method: 'select' } }],
    },
    {
      filename: service,
      options,
      code: code("export const write = (tx: Transaction) => tx.insert('t');"),
      errors: [{ messageId: 'query', data: { area: 'kept', name: 'tx', method: 'insert' } }],
    },
    {
      filename: service,
      options,
      code: code("export const raw = (db: Executor) => db.execute('select 1');"),
      errors: [{ messageId: 'query', data: { area: 'kept', name: 'db', method: 'execute' } }],
    },
    {
      filename: service,
      options,
      code: code('export const relational = (db: Database) => db.query.users?.findMany();'),
      errors: [{ messageId: 'query', data: { area: 'kept', name: 'db', method: 'query' } }],
    },
    {
      filename: service,
      options,
      code: code("import { sql } from 'drizzle-orm';\nexport const one = sql`1`;"),
      errors: [{ messageId: 'builder', data: { area: 'kept', specifier: 'drizzle-orm' } }],
    },
    {
      filename: service,
      options,
      code: code("import { packages } from '../../db/schema/packages.ts';\nexport const table = packages;"),
      errors: [{ messageId: 'builder', data: { area: 'kept', specifier: '../../db/schema/packages.ts' } }],
    },
  ],
});
