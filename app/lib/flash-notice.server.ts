/**
 * A one-time notice for the page a form post redirects to (post, redirect, get). Forms that answer a script with
 * JSON and a toast answer a plain post (no JavaScript) with a redirect; the notice waits in the visitor's session
 * and the root loader takes it, so the next page shows it once, rendered on the server.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.ts';
import type { Database } from './db.server.ts';
import type { VisitorSession } from './session.server.ts';

export type FlashNotice = { message: string; kind: 'success' | 'error' };

const NOTICE_KEY = 'flash_notice';

type NoticeSession = Pick<VisitorSession, 'get' | 'set'>;

export async function setFlashNotice(session: NoticeSession, notice: FlashNotice): Promise<void> {
  await session.set(NOTICE_KEY, notice);
}

/** The waiting notice, removed as it is read (a reload does not show it again). */
export async function takeFlashNotice(session: NoticeSession): Promise<FlashNotice | null> {
  const stored = await session.get<unknown>(NOTICE_KEY);
  if (!stored || typeof stored !== 'object') return null;
  await session.set(NOTICE_KEY, null);
  const { message, kind } = stored as Record<string, unknown>;
  if (typeof message !== 'string' || message === '') return null;
  return { message, kind: kind === 'error' ? 'error' : 'success' };
}

/**
 * Whether a notice waits in this session: its holder's next page is rendered for them, not taken from the shared
 * cache (decision 026). One primary-key read, asked only of requests that carry a session cookie.
 */
export async function hasPendingFlashNotice(db: Database, sessionId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.expiresAt, new Date()),
        sql`jsonb_typeof(${sessions.data} -> ${NOTICE_KEY}::text) = 'object'`,
      ),
    )
    .limit(1);
  return found !== undefined;
}
