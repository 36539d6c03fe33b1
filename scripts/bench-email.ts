/**
 * npm run bench:email — outbox throughput to a local SMTP sink.
 *
 *   npm run bench:email                                   (PGlite in memory)
 *   BENCH_DATABASE_URL=postgres://user:pass@host/db npm run bench:email
 *   BENCH_EMAILS=3000 EMAIL_CONCURRENCY=4 ...             (the defaults)
 *
 * Starts an SMTP server on 127.0.0.1 that accepts everything, stores BENCH_EMAILS emails in the outbox and times the
 * job runner sending them all (pooled SMTP, EMAIL_CONCURRENCY at a time). For comparison it first times the old way
 * on a few hundred: one email at a time, a new SMTP connection for each. Target: at least 50 emails/s.
 * With a server URL it creates (and leaves) the database doorstep_bench_email; the user must be allowed to create it.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { createSmtpTransport, deliverDueEmails } from '../app/features/email/outbox.server.ts';
import { rowsOf, type DatabaseHandle } from '../app/lib/db.server.ts';
import { openBenchDatabase } from './bench-helpers.ts';
import { emailOutbox } from '../db/schema/index.ts';
import { startJobRunner } from '../server/job-runner.ts';
import { getEnv, getScriptEnv } from '../app/lib/env.server.ts';

const EMAILS = getScriptEnv().BENCH_EMAILS;
const BASELINE_EMAILS = Math.min(EMAILS, 100);
const CONCURRENCY = getEnv().EMAIL_CONCURRENCY;
const TARGET_PER_SECOND = 50;

/** An SMTP server that accepts and discards every message, counting them. */
async function startSink(): Promise<{ url: string; count: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A typical lead email: a couple of kilobytes of text and HTML. */
async function enqueue(handle: DatabaseHandle, count: number, label: string) {
  const text = `Viewing request\n\n${'A buyer would like to view the property on Saturday morning. '.repeat(30)}`;
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, index) => ({
      toAddress: `buyer${start + index}@example.com`,
      fromAddress: 'Doorstep <no-reply@doorstep.example>',
      subject: `${label} ${start + index}`,
      textBody: text,
      htmlBody: `<p>${text}</p>`,
    }));
    await handle.db.insert(emailOutbox).values(rows);
  }
}

async function countSent(handle: DatabaseHandle): Promise<number> {
  const [row] = rowsOf<{ sent: number }>(
    await handle.db.execute(sql`select count(*)::int as sent from ${emailOutbox} where status = 'sent'`),
  );
  return Number(row?.sent ?? 0);
}

const { handle, label } = await openBenchDatabase('doorstep_bench_email');
const sink = await startSink();
const quiet = pino({ level: 'warn' });

// The old way: one at a time, a fresh SMTP connection per email.
await enqueue(handle, BASELINE_EMAILS, 'Baseline');
const unpooled = nodemailer.createTransport(sink.url);
let started = performance.now();
while ((await deliverDueEmails(handle.db, unpooled, { batchSize: 20, concurrency: 1, logger: quiet })) > 0);
const baselineSeconds = (performance.now() - started) / 1000;
const baselineRate = BASELINE_EMAILS / baselineSeconds;

// The job runner as it runs in production.
await enqueue(handle, EMAILS, 'Bench');
const transport = createSmtpTransport({ url: sink.url, concurrency: CONCURRENCY, timeoutMs: 30_000 });
const before = sink.count();
started = performance.now();
const stop = startJobRunner(() => handle.db, quiet, {
  sender: transport,
  concurrency: CONCURRENCY,
  alertJob: async () => undefined,
});
while ((await countSent(handle)) < BASELINE_EMAILS + EMAILS) await new Promise((resolve) => setTimeout(resolve, 20));
const seconds = (performance.now() - started) / 1000;
await stop();
transport.close();
const rate = EMAILS / seconds;
const delivered = sink.count() - before;

console.log(`Database: ${label}`);
console.log(
  `Before (serial, one connection per email): ${BASELINE_EMAILS} emails in ${baselineSeconds.toFixed(2)} s = ${baselineRate.toFixed(1)} emails/s`,
);
console.log(
  `Job runner (pooled SMTP, ${CONCURRENCY} in parallel): ${EMAILS} emails in ${seconds.toFixed(2)} s = ${rate.toFixed(1)} emails/s` +
    ` (target ≥ ${TARGET_PER_SECOND}/s: ${rate >= TARGET_PER_SECOND ? 'met' : 'NOT met'})`,
);
console.log(`SMTP sink received ${delivered} (each email once: ${delivered === EMAILS ? 'yes' : 'NO'})`);
if (rate < TARGET_PER_SECOND || delivered !== EMAILS) process.exitCode = 1;

await sink.close();
await handle.close();
