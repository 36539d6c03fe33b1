/**
 * The diary's loaders and action for its thin routes (app/routes/admin/diary*.tsx). Each checks the role and works
 * within the staff member's branches: an entry or branch outside them answers 404 like a missing one, so ids and
 * slugs cannot be probed. Bad query values answer the page with their messages (400). See docs/decisions/023.
 */
import { data, type AppLoadContext } from 'react-router';
import { getDb } from '../../lib/db.server.ts';
import { errorList, type FieldError } from '../../lib/http/form-submission.ts';
import { parseFields, seeOther } from '../../lib/http/form-submission.server.ts';
import { assertMethod, HttpError } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import { leadScopeFor, type LeadScope } from '../lead-inbox/index.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { recordAudit, requireStaff } from '../staff/index.server.ts';
import { buildDayGrid, buildWeekGrid, viewPeriod } from './diary-grid.ts';
import { DIARY_MESSAGES, diaryActionSchema, parseDiaryQuery } from './diary-model.ts';
import {
  changeAppointment,
  getDiaryEntry,
  getLeadAppointment,
  listDiaryBranches,
  listDiaryEntries,
  listDiaryRequests,
} from './diary.server.ts';
import { londonToday } from './diary-time.ts';

const DIARY_ROLES = ['owner', 'manager', 'negotiator'] as const;
const NO_STORE = { 'Cache-Control': 'no-store' } as const;
const NOT_FOUND = 'This diary entry does not exist.';

async function requireDiaryStaff(request: Request): Promise<{ principal: StaffPrincipal; scope: LeadScope }> {
  const principal = await requireStaff(request, { roles: DIARY_ROLES });
  const scope = leadScopeFor(principal.role, principal.branchIds);
  // requireStaff has already refused editors; a role without a scope is refused all the same.
  if (!scope) throw new HttpError(403, 'Your role does not include the diary.');
  return { principal, scope };
}

/** The entry id in a URL (the lead's id): a positive integer, else the page does not exist. */
function idParam(value: string | undefined): number {
  const id = /^[1-9]\d{0,9}$/.test(value ?? '') ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw new HttpError(404, NOT_FOUND);
  return id;
}

/** GET /admin/diary?view=day|week&date=YYYY-MM-DD&branch=slug */
export async function diaryLoader(request: Request) {
  const { scope } = await requireDiaryStaff(request);
  const db = getDb();
  const branches = await listDiaryBranches(db, scope);
  const parsed = parseDiaryQuery(new URL(request.url).searchParams);
  if (!parsed.success) {
    return data(
      {
        branches,
        branch: null,
        query: null,
        period: null,
        grid: null,
        requests: [],
        errors: parsed.errors,
        today: londonToday(),
      },
      { status: 400, headers: NO_STORE },
    );
  }
  const { query } = parsed;
  const branch = query.branch === null ? (branches[0] ?? null) : branches.find((item) => item.slug === query.branch);
  // Another branch's slug reads like an unknown one.
  if (branch === undefined) throw new HttpError(404, 'This branch has no diary here.');
  const period = viewPeriod(query.view, query.date);
  if (!branch) {
    return data(
      { branches, branch: null, query, period, grid: null, requests: [], errors: [], today: londonToday() },
      { headers: NO_STORE },
    );
  }
  const [entries, requests] = await Promise.all([
    listDiaryEntries(db, branch.id, period),
    listDiaryRequests(db, branch.id),
  ]);
  const grid =
    query.view === 'day'
      ? { view: 'day' as const, day: buildDayGrid(query.date, entries) }
      : { view: 'week' as const, week: buildWeekGrid(query.date, entries) };
  return data(
    {
      branches,
      branch,
      query: { ...query, branch: branch.slug },
      period,
      grid,
      requests,
      errors: [],
      today: londonToday(),
    },
    { headers: NO_STORE },
  );
}

/** GET /admin/diary/:id */
export async function diaryEntryLoader(request: Request, idValue: string | undefined) {
  const { scope } = await requireDiaryStaff(request);
  const entry = await getDiaryEntry(getDb(), scope, idParam(idValue));
  if (!entry) throw new HttpError(404, NOT_FOUND);
  return data({ entry, today: londonToday() }, { headers: NO_STORE });
}

const AUDIT_ACTIONS = {
  confirm: 'diary.confirmed',
  reschedule: 'diary.rescheduled',
  cancel: 'diary.cancelled',
} as const;

/** POST /admin/diary/:id: confirm, reschedule or cancel (the server has checked the authenticity token). */
export async function diaryEntryAction(request: Request, context: AppLoadContext, idValue: string | undefined) {
  assertMethod(request, ['POST']);
  const { principal, scope } = await requireDiaryStaff(request);
  const id = idParam(idValue);
  const db = getDb();
  const entry = await getDiaryEntry(db, scope, id);
  if (!entry) throw new HttpError(404, NOT_FOUND);
  const submission = parseFields(await readFields(request), diaryActionSchema);
  if (submission.status !== 'success') return invalid(errorList(submission.error));
  const form = submission.value;
  const outcome = await changeAppointment(db, scope, principal.staffId, id, form, {
    origin: context.origin,
    missingTimeMessage: DIARY_MESSAGES.missingTime,
  });
  if (outcome.status === 'not-found') throw new HttpError(404, NOT_FOUND);
  if (outcome.status === 'invalid') return invalid([{ field: outcome.field, message: outcome.message }]);
  if (outcome.status === 'conflict') {
    return data(
      {
        errors: [
          { field: 'form', message: 'This appointment has changed since the page was opened: check it and try again.' },
        ],
      },
      { status: 409, headers: NO_STORE },
    );
  }
  await recordAudit(db, {
    staffId: principal.staffId,
    actorEmail: principal.email,
    ip: context.clientIp,
    action: AUDIT_ACTIONS[form.intent],
    target: `lead:${id}`,
    details: {
      state: outcome.state,
      startsAt: outcome.startsAt.toISOString(),
      previousStartsAt: outcome.previousStartsAt?.toISOString() ?? null,
      ...(form.intent === 'cancel' ? { reason: form.reason } : { durationMinutes: form.duration }),
    },
  });
  return seeOther(`/admin/diary/${id}`);
}

function invalid(errors: FieldError[]) {
  return data({ errors }, { status: 422, headers: NO_STORE });
}

/** The lead page's appointment line (null for leads that are not viewings or valuations). */
export async function leadAppointmentFor(request: Request, idValue: string | undefined) {
  const { scope } = await requireDiaryStaff(request);
  return getLeadAppointment(getDb(), scope, idParam(idValue));
}
