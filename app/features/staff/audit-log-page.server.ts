/** The audit log page's loader (app/routes/admin/audit.tsx): owners only; bad filters answer 400 with messages. */
import { data } from 'react-router';
import { getDb } from '../../lib/db.server.ts';
import { parseAuditFilters } from './audit-log-model.ts';
import { listAuditActors, listAuditEntries } from './audit-log.server.ts';
import { requireStaff } from './staff-sessions.server.ts';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export async function auditLogLoader(request: Request) {
  await requireStaff(request, { roles: ['owner'] });
  const db = getDb();
  const actors = await listAuditActors(db);
  const parsed = parseAuditFilters(new URL(request.url).searchParams);
  if (!parsed.success) {
    const log = { entries: [], page: 1, total: 0, hasNext: false, countLimit: 0 };
    return data({ log, filters: {}, actors, errors: parsed.errors }, { status: 400, headers: NO_STORE });
  }
  const log = await listAuditEntries(db, parsed.filters, parsed.page);
  return data({ log, filters: parsed.filters, actors, errors: [] }, { headers: NO_STORE });
}
