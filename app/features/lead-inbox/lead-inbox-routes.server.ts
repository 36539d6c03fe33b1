/**
 * The leads inbox's loaders and actions for its thin routes (app/routes/admin/leads*.tsx). Each one checks the
 * staff member's role and works within their scope: a lead or file outside it answers 404 like a missing one, so
 * ids cannot be probed. Bad filters answer the page with their messages (400). See docs/decisions/020.
 */
import { Readable } from 'node:stream';
import { asc, inArray } from 'drizzle-orm';
import { data, type AppLoadContext } from 'react-router';
import { branches } from '../../../db/schema/index.ts';
import { getDb, type Database } from '../../lib/db.server.ts';
import { errorList, type FieldError } from '../../lib/http/form-submission.ts';
import { parseFields, seeOther } from '../../lib/http/form-submission.server.ts';
import { assertMethod, HttpError } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import { limit } from '../../lib/rate-limit.server.ts';
import { getStorage } from '../../lib/storage/storage.server.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import {
  findLeadAssignee,
  listLeadAssignees,
  listStaffNames,
  recordAudit,
  requireStaff,
} from '../staff/index.server.ts';
import { exportLeadsCsv, leadsCsvResponse } from './lead-export.server.ts';
import {
  addLeadNote,
  assignLead,
  getLead,
  getLeadUpload,
  listCustomFormChoices,
  listLeads,
  setLeadStage,
} from './lead-inbox.server.ts';
import { leadActionSchema, leadScopeFor, parseLeadFilters, type LeadScope } from './lead-inbox-model.ts';

const LEAD_ROLES = ['owner', 'manager', 'negotiator'] as const;
const NO_STORE = { 'Cache-Control': 'no-store' } as const;
const NOT_FOUND = 'This lead does not exist.';

async function requireLeadStaff(request: Request): Promise<{ principal: StaffPrincipal; scope: LeadScope }> {
  const principal = await requireStaff(request, { roles: LEAD_ROLES });
  const scope = leadScopeFor(principal.role, principal.branchIds);
  // requireStaff has already refused editors; a role without a scope is refused all the same.
  if (!scope) throw new HttpError(403, 'Your role does not include the leads inbox.');
  return { principal, scope };
}

function auditMeta(principal: StaffPrincipal, context: AppLoadContext) {
  return { staffId: principal.staffId, actorEmail: principal.email, ip: context.clientIp };
}

/** The id in a URL: a positive integer, else the page does not exist. */
function idParam(value: string | undefined): number {
  const id = /^[1-9]\d{0,9}$/.test(value ?? '') ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw new HttpError(404, NOT_FOUND);
  return id;
}

async function branchesInScope(db: Database, scope: LeadScope): Promise<{ id: number; name: string }[]> {
  if (!scope.allBranches && scope.branchIds.length === 0) return [];
  const query = db.select({ id: branches.id, name: branches.name }).from(branches);
  return (scope.allBranches ? query : query.where(inArray(branches.id, scope.branchIds))).orderBy(asc(branches.name));
}

/** GET /admin/leads */
export async function leadListLoader(request: Request) {
  const { scope } = await requireLeadStaff(request);
  const db = getDb();
  const [branchChoices, staff, forms] = await Promise.all([
    branchesInScope(db, scope),
    listStaffNames(db),
    listCustomFormChoices(db),
  ]);
  const parsed = parseLeadFilters(new URL(request.url).searchParams);
  if (!parsed.success) {
    const list = { leads: [], page: 1, total: null, lastPage: null, hasNext: false, counts: null, countLimit: 0 };
    return data(
      { list, filters: {}, branches: branchChoices, staff, forms, errors: parsed.errors },
      { status: 400, headers: NO_STORE },
    );
  }
  const list = await listLeads(db, scope, parsed.filters, parsed.page);
  return data(
    { list, filters: parsed.filters, branches: branchChoices, staff, forms, errors: [] },
    { headers: NO_STORE },
  );
}

/** GET /admin/leads/export.csv: the filtered list as a streamed download, recorded in the audit log. */
export async function leadExportLoader(request: Request, context: AppLoadContext): Promise<Response> {
  const { principal, scope } = await requireLeadStaff(request);
  const parsed = parseLeadFilters(new URL(request.url).searchParams);
  if (!parsed.success) throw new HttpError(400, parsed.errors.map((error) => error.message).join(' '));
  const db = getDb();
  await limit(db, 'staffLeadExport', String(principal.staffId));
  await recordAudit(db, {
    ...auditMeta(principal, context),
    action: 'lead.export',
    details: { filters: parsed.filters },
  });
  return leadsCsvResponse(exportLeadsCsv(db, scope, parsed.filters));
}

/** GET /admin/leads/:id */
export async function leadLoader(request: Request, idValue: string | undefined) {
  const { scope } = await requireLeadStaff(request);
  const db = getDb();
  const lead = await getLead(db, scope, idParam(idValue));
  if (!lead) throw new HttpError(404, NOT_FOUND);
  const assignees = await listLeadAssignees(db, lead.branch?.id ?? null);
  const staff = assignees.map((member) => ({ id: member.staffId, name: member.name }));
  return data({ lead, staff }, { headers: NO_STORE });
}

/** POST /admin/leads/:id: the status, assignment and note forms (the server has checked the authenticity token). */
export async function leadAction(request: Request, context: AppLoadContext, idValue: string | undefined) {
  assertMethod(request, ['POST']);
  const { principal, scope } = await requireLeadStaff(request);
  const id = idParam(idValue);
  const db = getDb();
  const lead = await getLead(db, scope, id);
  if (!lead) throw new HttpError(404, NOT_FOUND);
  const submission = parseFields(await readFields(request), leadActionSchema);
  if (submission.status !== 'success') return invalid(errorList(submission.error));
  const form = submission.value;
  const audit = auditMeta(principal, context);
  let isDone: boolean;
  if (form.intent === 'stage') {
    isDone = await setLeadStage(db, scope, principal.staffId, id, { stage: form.stage, lostReason: form.lost_reason });
    if (isDone && form.stage !== lead.stage) {
      const details = { from: lead.stage, to: form.stage };
      await recordAudit(db, { ...audit, action: 'lead.stage-changed', target: `lead:${id}`, details });
    }
  } else if (form.intent === 'assign') {
    const assignee =
      form.assigned_staff_id === 'none'
        ? null
        : await findLeadAssignee(db, form.assigned_staff_id, lead.branch?.id ?? null);
    if (form.assigned_staff_id !== 'none' && !assignee) {
      return invalid([{ field: 'assigned_staff_id', message: 'Choose a staff member from the list' }]);
    }
    isDone = await assignLead(db, scope, principal.staffId, id, assignee, context.origin);
    if (isDone && (assignee?.staffId ?? null) !== lead.assignedStaffId) {
      const details = { from: lead.assignedStaffId, to: assignee?.staffId ?? null };
      await recordAudit(db, { ...audit, action: 'lead.assigned', target: `lead:${id}`, details });
    }
  } else {
    const note = await addLeadNote(db, scope, principal.staffId, id, form.note);
    isDone = note !== null;
    // The note's text stays in lead_notes: the log says a note was added, not what it says.
    if (note !== null) await recordAudit(db, { ...audit, action: 'lead.note-added', target: `lead:${id}` });
  }
  if (!isDone) throw new HttpError(404, NOT_FOUND);
  return seeOther(`/admin/leads/${id}`);
}

function invalid(errors: FieldError[]) {
  return data({ errors }, { status: 422, headers: NO_STORE });
}

/** GET /admin/leads/:id/files/:uploadId: a visitor's file, always downloaded, never shown inline. */
export async function leadFileLoader(request: Request, leadValue: string | undefined, uploadValue: string | undefined) {
  const { scope } = await requireLeadStaff(request);
  const upload = await getLeadUpload(getDb(), scope, idParam(leadValue), idParam(uploadValue));
  const stored = upload ? await getStorage().get(upload.key) : null;
  if (!upload || !stored) throw new HttpError(404, 'This file does not exist.');
  return new Response(Readable.toWeb(stored.body) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': upload.contentType,
      'Content-Disposition': attachmentDisposition(upload.name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  });
}

/** RFC 6266: a plain ASCII fallback name and the real one percent-encoded. */
function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
