/**
 * A one-time notice for the page a form post redirects to (post, redirect, get). Forms that answer a script with
 * JSON and a toast answer a plain post (no JavaScript) with a redirect; the notice waits in the visitor's session
 * and the root loader takes it, so the next page shows it once, rendered on the server.
 */
import type { VisitorSession } from './session.server.ts';

export type FlashNotice = { message: string; kind: 'success' | 'error' };

/** Where the notice waits in the session (read by shared-page-visitor.server.ts too). */
export const NOTICE_KEY = 'flash_notice';

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
