// Streaming exports (issue 24): the staff event-payments export (CSV and XLSX) over 10,000 and then
// 100,000 payments, each size in a process of its own on a fresh embedded database (PGlite), the file
// written to nowhere as it is read. Reports each run's seconds and peak memory above the process's
// baseline (RSS and JS heap sampled every 10 ms while the file is written; RSS includes the embedded
// database's own memory, which grows with its table), and the 100,000 / 10,000 ratios: a
// streaming export's time grows with the rows (about 10) while its memory stays about flat (about 1);
// a whole-table export would show about 10 for both. Writes bench/results/exports.json. Reports only.
//
//   npm run bench:exports
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const sizes = [10_000, 100_000];
const formats = ['csv', 'xlsx'];

async function measure(rows, format) {
  const { sql } = await import('drizzle-orm');
  const { openPglite } = await import('../apps/server/src/db/client.ts');
  const { exportEventPayments } = await import('../apps/server/src/features/admin-event-payments/service.ts');
  const { sendExport } = await import('../apps/server/src/platform/exports.ts');
  const handle = await openPglite(undefined);
  await handle.migrate();
  const { db } = handle;
  await db.execute(sql`insert into users (email, first_name, last_name, password_hash)
    select 'buyer-' || n || '@bench.test', 'Buyer', 'Number ' || n, 'x' from generate_series(1, 200) n`);
  await db.execute(sql`insert into event_payments (user_id, status, method, subtotal_cents, total_cents, created_at)
    select (select id from users order by email offset (n % 200) limit 1), 'PAID', 'CARD', 34500, 34500,
      now() - n * interval '1 second'
    from generate_series(1, ${rows}) n`);

  global.gc?.();
  const baseline = process.memoryUsage();
  let peak = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const sampler = setInterval(sample, 10);
  const start = performance.now();
  let bytes = 0;
  let body;
  // The part of a Fastify reply sendExport uses: headers, then the body stream.
  const reply = {
    header() {
      return reply;
    },
    send(stream) {
      body = stream;
      return reply;
    },
  };
  sendExport(
    reply,
    exportEventPayments(
      { db, clock: () => new Date(), config: { timeZone: 'America/New_York' } },
      {
        format,
      },
    ),
  );
  await new Promise((resolve, reject) => {
    body.on('error', reject);
    body
      .pipe(
        new Writable({
          write(chunk, _encoding, done) {
            bytes += chunk.length;
            done();
          },
        }),
      )
      .on('finish', resolve)
      .on('error', reject);
  });
  const seconds = (performance.now() - start) / 1_000;
  clearInterval(sampler);
  sample();
  await handle.close();
  const mb = (value) => Math.round(value / 1e5) / 10;
  return {
    rows,
    format,
    seconds: Math.round(seconds * 100) / 100,
    peakMb: mb(peak - baseline.rss),
    peakHeapMb: mb(peakHeap - baseline.heapUsed),
    bytes,
  };
}

if (process.argv[2] === '--one') {
  const result = await measure(Number(process.argv[3]), process.argv[4]);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  const script = fileURLToPath(import.meta.url);
  const runs = [];
  for (const format of formats)
    for (const rows of sizes) {
      const output = execFileSync(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', script, '--one', String(rows), format],
        {
          encoding: 'utf8',
          env: { ...process.env, LOG_LEVEL: 'silent' },
          maxBuffer: 1 << 20,
        },
      );
      const run = JSON.parse(output.trim().split('\n').at(-1));
      runs.push(run);
      console.log(
        `${format} ${rows} rows: ${run.seconds} s, peak RSS +${run.peakMb} MB, JS heap +${run.peakHeapMb} MB, ${run.bytes} bytes`,
      );
    }
  const ratios = Object.fromEntries(
    formats.map((format) => {
      const [small, large] = sizes.map((rows) => runs.find((run) => run.rows === rows && run.format === format));
      return [
        format,
        {
          seconds: Math.round((large.seconds / small.seconds) * 10) / 10,
          peakMemory: Math.round((Math.max(large.peakMb, 1) / Math.max(small.peakMb, 1)) * 10) / 10,
          peakHeap: Math.round((Math.max(large.peakHeapMb, 1) / Math.max(small.peakHeapMb, 1)) * 10) / 10,
        },
      ];
    }),
  );
  for (const [format, ratio] of Object.entries(ratios))
    console.log(
      `${format}: 100,000 / 10,000 rows — time ×${ratio.seconds}, peak RSS ×${ratio.peakMemory}, JS heap ×${ratio.peakHeap}`,
    );
  writeFileSync(
    new URL('results/exports.json', import.meta.url),
    `${JSON.stringify({ runs, ratios, node: process.version, at: new Date().toISOString() }, null, 2)}\n`,
  );
}
