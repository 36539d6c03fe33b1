/**
 * Reading the audit log (/admin/audit): newest first, 50 a page, filtered by who, what, when (days in UK time) and
 * free text. Reading is all this module does: the log is append-only (audit.server.ts, and a trigger in the database).
 */
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { auditLog, staffAccounts } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { AUDIT_PAGE_SIZE, type AuditFilters } from './audit-log-model.ts';

const AGENCY_TIME_ZONE = 'Europe/London';
/** Counting stops here: past it the page says "more than" and the pager knows only that a next page exists. */
const COUNT_LIMIT = 10_000;

type AuditEntryRow = {
  id: number;
  at: string;
  actorName: string | null;
  actorEmail: string | null;
  ip: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
};

/** `%` and `_` typed by the person are matched as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function auditConditions(filters: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.actor === 'system') conditions.push(and(isNull(auditLog.staffId), isNull(auditLog.actorEmail))!);
  else if (filters.actor !== undefined) conditions.push(eq(auditLog.staffId, filters.actor));
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.from) {
    conditions.push(sql`${auditLog.at} >= (${filters.from}::timestamp at time zone ${AGENCY_TIME_ZONE})`);
  }
  if (filters.to) {
    conditions.push(sql`${auditLog.at} < ((${filters.to}::date + 1)::timestamp at time zone ${AGENCY_TIME_ZONE})`);
  }
  if (filters.q) {
    const pattern = likePattern(filters.q);
    conditions.push(
      sql`(${auditLog.action} ilike ${pattern} or ${auditLog.actorEmail} ilike ${pattern} or ${auditLog.ip} ilike ${pattern}
        or ${auditLog.target} ilike ${pattern} or ${auditLog.details}::text ilike ${pattern}
        or exists (select 1 from ${staffAccounts} where ${staffAccounts.id} = ${auditLog.staffId} and ${staffAccounts.name} ilike ${pattern}))`,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export type AuditPage = {
  entries: AuditEntryRow[];
  page: number;
  /** Null past COUNT_LIMIT. */
  total: number | null;
  hasNext: boolean;
  countLimit: number;
};

export async function listAuditEntries(db: Database, filters: AuditFilters, page: number): Promise<AuditPage> {
  const where = auditConditions(filters);
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorName: staffAccounts.name,
      actorEmail: auditLog.actorEmail,
      ip: auditLog.ip,
      action: auditLog.action,
      target: auditLog.target,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(staffAccounts, eq(staffAccounts.id, auditLog.staffId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sql`(select 1 from ${auditLog} ${where ? sql`where ${where}` : sql``} limit ${COUNT_LIMIT + 1}) as matching`);
  const count = Number(counted?.count ?? 0);
  return {
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map((row) => ({ ...row, at: row.at.toISOString() })),
    page,
    total: count > COUNT_LIMIT ? null : count,
    hasNext: rows.length > AUDIT_PAGE_SIZE,
    countLimit: COUNT_LIMIT,
  };
}

/** The filter's choices: everyone who has an account (deactivated people too: their entries stay). */
export async function listAuditActors(db: Database): Promise<{ id: number; name: string; email: string }[]> {
  return db
    .select({ id: staffAccounts.id, name: staffAccounts.name, email: staffAccounts.email })
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.name), asc(staffAccounts.id));
}
