import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { createTestDatabase } from '../test/database.ts';
import { createUser } from '../test/factories.ts';
import { violatedUniqueIndex } from './database-errors.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** What the statement threw, as the driver in use (PGlite, or node-postgres with DATABASE_URL) and drizzle report it. */
async function failureOf(statement: Promise<unknown>): Promise<unknown> {
  try {
    await statement;
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
}

describe('violatedUniqueIndex', () => {
  it('names the unique index a drizzle insert ran into', async () => {
    const { db } = database;
    const user = await createUser(db);
    const duplicate = db.insert(users).values({ email: user.email.toUpperCase(), firstName: 'A', lastName: 'B' });
    expect(violatedUniqueIndex(await failureOf(duplicate))).toBe('users_email_lower_unique');
  });

  it('names the constraint a raw statement inside a transaction ran into', async () => {
    const { db } = database;
    await db.execute(sql`create table unique_probe (code text constraint unique_probe_code unique)`);
    await db.execute(sql`insert into unique_probe (code) values ('A')`);
    const duplicate = db.transaction(async (tx) => {
      await tx.execute(sql`insert into unique_probe (code) values ('A')`);
    });
    expect(violatedUniqueIndex(await failureOf(duplicate))).toBe('unique_probe_code');
  });

  it('is null for other database errors and for anything else', async () => {
    const { db } = database;
    const missingName = db.execute(sql`insert into users (email, first_name) values ('x@example.test', 'X')`);
    expect(violatedUniqueIndex(await failureOf(missingName))).toBeNull();
    expect(violatedUniqueIndex(new Error('boom'))).toBeNull();
    expect(violatedUniqueIndex('23505')).toBeNull();
    expect(violatedUniqueIndex(null)).toBeNull();
  });

  it('follows a wrapped cause and survives a cycle', () => {
    const driverError = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'some_index' });
    expect(violatedUniqueIndex(new Error('outer', { cause: new Error('middle', { cause: driverError }) }))).toBe(
      'some_index',
    );
    expect(violatedUniqueIndex({ code: '23505' })).toBe('');
    const looped: { cause?: unknown } = {};
    looped.cause = looped;
    expect(violatedUniqueIndex(looped)).toBeNull();
  });
});
