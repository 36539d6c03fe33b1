import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { consentLogs, siteSettings } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import type { ConsentStatus } from './consent.ts';

/**
 * Records a consent choice. The consent id is a hash of the visitor's session id: it ties several choices of
 * one visitor together without storing the session id itself.
 */
export async function recordConsent(
  db: Database,
  entry: { status: ConsentStatus; sessionId: string; userAgent: string | null; path?: string },
): Promise<{ consentId: string }> {
  const consentId = createHash('sha256').update(`consent:${entry.sessionId}`).digest('hex').slice(0, 32);
  await db.insert(consentLogs).values({
    status: entry.status,
    consentId,
    userAgent: entry.userAgent?.slice(0, 500) ?? null,
    details: entry.path ? { path: entry.path } : {},
  });
  return { consentId };
}

/** Spec point 7 `GET /analytics_code`: the snippets configured in theme settings. */
export async function getAnalyticsCode(db: Database): Promise<{ analytics_code: string; head_analytics_code: string }> {
  const [row] = await db
    .select({ analyticsCode: siteSettings.analyticsCode, headAnalyticsCode: siteSettings.headAnalyticsCode })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return { analytics_code: row?.analyticsCode ?? '', head_analytics_code: row?.headAnalyticsCode ?? '' };
}
