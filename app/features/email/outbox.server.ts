import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import nodemailer from 'nodemailer';
import { emailOutbox } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { getEnv } from '../../lib/env.server.ts';

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  relatedKind?: string;
  relatedId?: number;
};

/** Every email is stored first; delivery happens later, so a lead never waits on (or fails with) SMTP. */
export async function enqueueEmail(db: Database, email: OutgoingEmail): Promise<number> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: email.to,
      fromAddress: getEnv().MAIL_FROM,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      headers: email.headers ?? null,
      relatedKind: email.relatedKind ?? null,
      relatedId: email.relatedId ?? null,
    })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('email was not stored');
  return row.id;
}

export const MAX_EMAIL_ATTEMPTS = 8;
/** How long a claimed email stays reserved for the worker sending it. */
const CLAIM_LEASE_MS = 10 * 60_000;

/** Exponential backoff: 30 s, 1 min, 2 min … capped at 1 hour. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

let cachedTransport: Transporter | null | undefined;

export function getSmtpTransport(): Transporter | null {
  if (cachedTransport === undefined) {
    const url = getEnv().SMTP_URL;
    cachedTransport = url ? nodemailer.createTransport(url) : null;
  }
  return cachedTransport;
}

/**
 * Sends due emails. Without SMTP the outbox is the delivery (development): rows are marked 'stored' and read
 * on /outbox. Failures are kept and retried with backoff; nothing is dropped.
 */
export async function deliverDueEmails(db: Database, transport: Transporter | null, batchSize = 20): Promise<number> {
  // Claim a batch: the rows are leased (next attempt pushed 10 minutes on) in the same statement that picks them,
  // skipping rows another worker holds, so several servers or `npm run jobs` workers never send one email twice.
  const now = new Date();
  const due = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(
      inArray(
        emailOutbox.id,
        db
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          // The database's clock decides what is due (one clock for every worker, and no sub-millisecond gap).
          .where(and(eq(emailOutbox.status, 'pending'), sql`${emailOutbox.nextAttemptAt} <= now()`))
          .orderBy(asc(emailOutbox.id))
          .limit(batchSize)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  due.sort((a, b) => a.id - b.id);
  if (due.length === 0) return 0;
  if (!transport) {
    await db
      .update(emailOutbox)
      .set({ status: 'stored' })
      .where(
        inArray(
          emailOutbox.id,
          due.map((row) => row.id),
        ),
      );
    return due.length;
  }
  let sent = 0;
  for (const row of due) {
    try {
      await transport.sendMail({
        from: row.fromAddress,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody ?? undefined,
        headers: row.headers ?? undefined,
      });
      await db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1` })
        .where(eq(emailOutbox.id, row.id));
      sent++;
    } catch (error) {
      const attempts = row.attempts + 1;
      await db
        .update(emailOutbox)
        .set({
          attempts,
          lastError: error instanceof Error ? error.message.slice(0, 500) : 'unknown error',
          status: attempts >= MAX_EMAIL_ATTEMPTS ? 'failed' : 'pending',
          nextAttemptAt: new Date(Date.now() + nextAttemptDelayMs(attempts)),
        })
        .where(eq(emailOutbox.id, row.id));
    }
  }
  return sent;
}

export async function listOutbox(db: Database, limit = 50) {
  return db
    .select({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      textBody: emailOutbox.textBody,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(sql`${emailOutbox.id} desc`)
    .limit(limit);
}
