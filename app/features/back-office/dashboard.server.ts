/**
 * The back office's dashboard figures (/admin), each read by one aggregate query on an index or a small table:
 * leads per day by kind for 90 days, open leads by stage (the lead_counts table), live listings by channel, the last
 * import run and the emails waiting or failed. What a role sees: docs/decisions/024-dashboard-email-health.md.
 */
import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { importRuns, leadCounts, leads, properties, type ImportCounts } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { countOutboxStates } from '../email/index.server.ts';
import { inboxKinds, leadScopeFor, leadStages, type LeadScope } from '../lead-inbox/index.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { EMAIL_HEALTH_ROLES, OPEN_STAGES, chartDays, type DashboardFigures } from './dashboard-model.ts';

/** Inlined, not a parameter: the grouped expression must be the same text in the select and the group by. */
const AGENCY_TIME_ZONE = sql.raw(`'Europe/London'`);
export const CHART_DAYS = 90;

function branchCondition(column: typeof leads.branchId | typeof leadCounts.branchKey, scope: LeadScope): SQL {
  if (scope.allBranches) return sql`true`;
  if (scope.branchIds.length === 0) return sql`false`;
  return inArray(column, scope.branchIds);
}

/**
 * Leads per UK day and kind since the first chart day. The kind list and `kind <> 'send-to-friend'` let the planner
 * read (kind, created_at) or the partial (branch_id, created_at, …, kind) index alone, without the rows. The day is a
 * cast to date (measured the cheapest per-row conversion, well ahead of to_char), made text only once per group.
 */
export function leadsPerDayQuery(db: Database, scope: LeadScope, firstDay: string) {
  const perDay = db
    .select({
      kind: leads.kind,
      day: sql<string>`(${leads.createdAt} at time zone ${AGENCY_TIME_ZONE})::date`.as('day'),
      count: sql<number>`count(*)`.mapWith(Number).as('count'),
    })
    .from(leads)
    .where(
      and(
        branchCondition(leads.branchId, scope),
        inArray(leads.kind, [...inboxKinds]),
        ne(leads.kind, 'send-to-friend'),
        sql`${leads.createdAt} >= (${firstDay}::date::timestamp at time zone ${AGENCY_TIME_ZONE})`,
      ),
    )
    .groupBy(sql`1`, sql`2`)
    .as('per_day');
  return db.select({ kind: perDay.kind, day: sql<string>`${perDay.day}::text`, count: perDay.count }).from(perDay);
}

async function countOpenLeads(db: Database, scope: LeadScope) {
  return db
    .select({ stage: leadCounts.stage, count: sql<number>`sum(${leadCounts.count})`.mapWith(Number) })
    .from(leadCounts)
    .where(
      and(
        branchCondition(leadCounts.branchKey, scope),
        ne(leadCounts.kind, 'send-to-friend'),
        inArray(leadCounts.stage, [...OPEN_STAGES]),
      ),
    )
    .groupBy(leadCounts.stage);
}

async function countLiveListings(db: Database) {
  return db
    .select({ channel: properties.channel, count: sql<number>`count(*)`.mapWith(Number) })
    .from(properties)
    .where(and(eq(properties.isPublished, true), isNull(properties.withdrawnAt)))
    .groupBy(properties.channel);
}

async function findLastImportRun(db: Database) {
  const [run] = await db
    .select({
      source: importRuns.source,
      fileName: importRuns.fileName,
      status: importRuns.status,
      reason: importRuns.reason,
      counts: importRuns.counts,
      recordCount: importRuns.recordCount,
      finishedAt: importRuns.finishedAt,
    })
    .from(importRuns)
    .orderBy(desc(importRuns.finishedAt), desc(importRuns.id))
    .limit(1);
  return run ?? null;
}

/** The figures this staff member may see, as of `now`. */
export async function loadDashboard(
  db: Database,
  principal: StaffPrincipal,
  now = new Date(),
): Promise<DashboardFigures> {
  const scope = leadScopeFor(principal.role, principal.branchIds);
  const days = chartDays(now, CHART_DAYS);
  const mayReadEmail = (EMAIL_HEALTH_ROLES as readonly string[]).includes(principal.role);
  const [perDay, open, listings, lastImport, emailStates] = await Promise.all([
    scope ? leadsPerDayQuery(db, scope, days[0]!) : null,
    scope ? countOpenLeads(db, scope) : null,
    countLiveListings(db),
    findLastImportRun(db),
    mayReadEmail ? countOutboxStates(db) : null,
  ]);
  const dayIndex = new Map(days.map((day, index) => [day, index]));
  const leadsFigures =
    perDay && open
      ? {
          days,
          kinds: inboxKinds.map((kind) => {
            const counts = days.map(() => 0);
            for (const row of perDay) {
              const index = dayIndex.get(row.day);
              if (row.kind === kind && index !== undefined) counts[index] = row.count;
            }
            return { kind, counts, total: counts.reduce((sum, count) => sum + count, 0) };
          }),
          open: leadStages
            .filter((stage) => (OPEN_STAGES as readonly string[]).includes(stage))
            .map((stage) => ({ stage, count: open.find((row) => row.stage === stage)?.count ?? 0 })),
        }
      : null;
  return {
    leads: leadsFigures,
    listings: (['sales', 'lettings'] as const).map((channel) => ({
      channel,
      count: listings.find((row) => row.channel === channel)?.count ?? 0,
    })),
    lastImport: lastImport
      ? { ...lastImport, counts: lastImport.counts satisfies ImportCounts, finishedAt: lastImport.finishedAt }
      : null,
    emails: emailStates
      ? {
          queued: emailStates.queued + emailStates.sending,
          retrying: emailStates.retrying,
          failed: emailStates.failed,
        }
      : null,
  };
}
