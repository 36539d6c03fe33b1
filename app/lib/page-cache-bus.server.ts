import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Database } from './db.server.ts';
import { logger } from './logger.server.ts';

/**
 * Announces that what some public pages show has changed, so every instance's shared page cache (server/page-cache.ts)
 * drops them. Tags name what a page shows: `listing:<slug>` (one listing), `listings` (any listing: search,
 * landing and home pages), `articles`, `site` (settings and content every page carries) or `*` (everything).
 * In one process an EventEmitter carries the news; on PostgreSQL, NOTIFY carries it to the other instances.
 */
export type PageChangeListener = (tags: readonly string[]) => void;

const CHANNEL = 'doorstep_page_cache';
const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export function onPageChange(listener: PageChangeListener): () => void {
  emitter.on('change', listener);
  return () => emitter.off('change', listener);
}

/**
 * Called with the database written to, after the change is committed: the next request for an affected page renders
 * it afresh. On PostgreSQL the notice also reaches every listening instance, from servers and command-line tools
 * (npm run import) alike.
 */
export function announcePageChange(db: Database, tags: readonly string[]): void {
  if (tags.length === 0) return;
  emitter.emit('change', tags);
  // NOTIFY payloads are limited to 8000 bytes: a long list of listings becomes a full flush. (On embedded PGlite
  // nobody listens: its one server process heard the emitter.)
  const payload = JSON.stringify(tags);
  db.execute(sql`select pg_notify(${CHANNEL}, ${payload.length < 7_500 ? payload : JSON.stringify(['*'])})`).catch(
    (error: unknown) => logger.warn({ err: error }, 'page cache change could not be sent to other instances'),
  );
}

/** This instance only: after its listening connection was lost, it may have missed notices. */
export function dropAllSharedPagesHere(): void {
  emitter.emit('change', ['*']);
}

export type NotificationClient = {
  query: (text: string, values?: unknown[]) => Promise<unknown>;
  on: (event: 'notification', listener: (message: { channel: string; payload?: string }) => void) => unknown;
};

/**
 * Joins the instances on one PostgreSQL database: `listener` is a dedicated connection that LISTENs (a pooled one
 * would lose the subscription). An instance hears its own notices too, which only drops the same pages twice.
 */
export async function listenForPageChanges(listener: NotificationClient): Promise<void> {
  listener.on('notification', (message) => {
    if (message.channel !== CHANNEL || !message.payload) return;
    try {
      const tags = JSON.parse(message.payload) as unknown;
      if (Array.isArray(tags))
        emitter.emit(
          'change',
          tags.filter((tag) => typeof tag === 'string'),
        );
    } catch {
      logger.warn({ payload: message.payload }, 'unreadable page cache notice');
    }
  });
  await listener.query(`LISTEN ${CHANNEL}`);
}
