// The baseline of bench/reads.mjs: a bare Fastify server over a pg pool of the app's size, one GET
// route per read, each issuing the very SQL the app issued for that read (captured by reads.mjs:
// text, parameters, row mode and prepared-statement name, in the same concurrent groups) and
// answering the rows as JSON. No sessions, validation, access rules, schemas or hooks: what the
// app adds on top of its SQL is what the comparison shows.
//
//   node bench/lib/bare-server.mjs <captured.json> <port>   (DATABASE_URL names the database)
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const [capturedFile, port] = process.argv.slice(2);
/** @type {Record<string, { text: string, values: unknown[], rowMode?: 'array', name?: string }[][]>} */
const captured = JSON.parse(readFileSync(capturedFile, 'utf8'));

// Dates and times as PostgreSQL writes them, as drizzle asks node-postgres for them.
const asText = new Set([1082, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182]);
const types = {
  getTypeParser: (oid, format) => (asText.has(oid) ? (value) => value : pg.types.getTypeParser(oid, format)),
};

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

for (const [read, groups] of Object.entries(captured)) {
  app.get(`/${read}`, async () => {
    const results = [];
    for (const group of groups) {
      const answers = await Promise.all(group.map((query) => pool.query({ ...query, types })));
      results.push(...answers.map((answer) => answer.rows));
    }
    return { results };
  });
}

await app.listen({ port: Number(port), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}
