/**
 * Which visitors holding a session get the shared public pages (decision 026). A signed-in visitor's page is the
 * anonymous one, and the browser asks GET /user.ljson who they are; that only works where the page's script runs.
 * A shared page carries no authenticity token, and a write from a session must carry one, so a browser that runs
 * no script keeps getting its own page with its token (its plain form posts still work). Whether the script runs is
 * learnt from the script itself: its GET /user.ljson marks the session once.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema/index.ts';
import type { Database } from './db.server.ts';
import { NOTICE_KEY } from './flash-notice.server.ts';
import type { VisitorSession } from './session.server.ts';

const RUNS_SCRIPTS_KEY = 'runs_scripts';

/**
 * Called by GET /user.ljson: a script's call (fetch metadata says so) for a signed-in visitor marks their session,
 * once. A visitor without a session is given none for it; a browser sending no fetch metadata is never marked.
 */
export async function noteSessionRunsScripts(
  request: Request,
  session: Pick<VisitorSession, 'get' | 'set' | 'getUserId'>,
): Promise<void> {
  const mode = request.headers.get('sec-fetch-mode');
  if (mode !== 'cors' && mode !== 'same-origin') return;
  if ((await session.getUserId()) === null) return;
  if ((await session.get(RUNS_SCRIPTS_KEY)) === true) return;
  await session.set(RUNS_SCRIPTS_KEY, true);
}

/**
 * Must this session's holder get a page of their own rather than the shared one: a one-time notice waits for their
 * next page, or their browser has not shown that it runs the page's script. One primary-key read. A session that
 * no longer exists holds nothing of the visitor's: the shared page is theirs too.
 */
export async function sessionNeedsOwnPage(db: Database, sessionId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.expiresAt, new Date()),
        sql`(jsonb_typeof(${sessions.data} -> ${NOTICE_KEY}::text) = 'object' OR NOT ${sessions.data} @> ${JSON.stringify({ [RUNS_SCRIPTS_KEY]: true })}::jsonb)`,
      ),
    )
    .limit(1);
  return found !== undefined;
}
