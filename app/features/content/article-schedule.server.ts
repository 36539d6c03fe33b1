/**
 * Which articles the public sees, and scheduled articles falling due on cached pages (docs/decisions/031).
 *
 * An article is public when it is published and its publication time has come; a time still to come is a scheduled
 * article. Every public query filters by the time, so an uncached render is always right. Cached pages (the shared
 * page cache and a CDN's copy) hold a list as it was: when the earliest scheduled time comes, this process announces
 * `articles`, which drops every page showing articles. The timer is armed by the public article queries themselves:
 * a page carrying the `articles` tag is cached only after a render that ran one of them, and any change to an
 * article announces `articles` (dropping those pages and the remembered time), so a cached list never outlives the
 * next publication time. Each instance arms its own timer; the announcement also reaches the others, which only
 * drops the same pages twice.
 */
import { and, eq, gt, min, sql, type SQL } from 'drizzle-orm';
import { articles } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { announcePageChange, onPageChange } from '../../lib/page-cache-bus.server.ts';
import { logger } from '../../lib/logger.server.ts';

/** The public's articles at `now`: published, publication time reached. */
export function visibleArticle(now = new Date()): SQL {
  return sql`(${articles.isPublished} and ${articles.publishedAt} <= ${now.toISOString()}::timestamptz)`;
}

/** A timer no longer than this is set; a later time is looked up again when it fires. */
const LONGEST_WAIT_MS = 60 * 60 * 1000;
/** Fired a moment after the time, so a render that follows at once is past it on any clock reading. */
const MARGIN_MS = 1000;

type Watch = { isKnown: boolean; dueAt: number | null; timer: ReturnType<typeof setTimeout> | null };
const watch: Watch = { isKnown: false, dueAt: null, timer: null };
let generation = 0;

onPageChange((tags) => {
  if (tags.includes('articles') || tags.includes('*')) {
    watch.isKnown = false;
    generation += 1;
  }
});

function clearTimer(): void {
  if (watch.timer) clearTimeout(watch.timer);
  watch.timer = null;
  watch.dueAt = null;
}

/** The earliest publication time still to come, or null. */
async function nextScheduledPublication(db: Database, now = new Date()): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(articles.publishedAt) })
    .from(articles)
    .where(and(eq(articles.isPublished, true), gt(articles.publishedAt, now)));
  const at = row?.at;
  if (at === null || at === undefined) return null;
  return at instanceof Date ? at : new Date(at);
}

/**
 * Makes sure this process announces `articles` when the next scheduled article falls due. Cheap when nothing
 * changed since the last call (no query); called by every public article query.
 */
export async function watchArticleSchedule(db: Database): Promise<void> {
  if (watch.isKnown) return;
  const started = generation;
  let next: Date | null;
  try {
    next = await nextScheduledPublication(db);
  } catch (error) {
    // The page's own query reports the database's trouble; without a time the next render looks again.
    logger.warn({ err: error }, 'the next scheduled article could not be looked up');
    return;
  }
  // An article changed while the query ran: its answer may be out of date, the next render asks again.
  if (started !== generation) return;
  watch.isKnown = true;
  const dueAt = next ? next.getTime() : null;
  if (dueAt === watch.dueAt && watch.timer) return;
  clearTimer();
  if (dueAt === null) return;
  watch.dueAt = dueAt;
  const wait = Math.min(Math.max(dueAt - Date.now() + MARGIN_MS, 0), LONGEST_WAIT_MS);
  watch.timer = setTimeout(() => {
    watch.timer = null;
    watch.dueAt = null;
    if (Date.now() >= dueAt) {
      announcePageChange(db, ['articles']);
      return;
    }
    // A time beyond the longest wait: look again now, as cached pages may still be showing the list.
    watch.isKnown = false;
    void watchArticleSchedule(db);
  }, wait);
  // A pending publication must not keep a command or a test process alive.
  watch.timer.unref?.();
}

/** For tests: forget the remembered time and any timer. */
export function resetArticleScheduleWatch(): void {
  clearTimer();
  watch.isKnown = false;
  generation += 1;
}
