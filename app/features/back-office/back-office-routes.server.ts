/**
 * Loaders and actions of the dashboard (/admin) and email health (/admin/email), for their thin routes. Each checks
 * the role itself; the server has checked the authenticity token of every post before any route runs.
 */
import { data, type AppLoadContext } from 'react-router';
import { getDb } from '../../lib/db.server.ts';
import { seeOther } from '../../lib/http/form-submission.server.ts';
import { assertMethod, HttpError } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import {
  checkMailTransport,
  countOutboxStates,
  isOutboxState,
  listOutboxEntries,
  requeueFailedEmails,
} from '../email/index.server.ts';
import { recordAudit, requireStaff } from '../staff/index.server.ts';
import { EMAIL_HEALTH_ROLES } from './dashboard-model.ts';
import { loadDashboard } from './dashboard.server.ts';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;
const ID = /^[1-9]\d{0,9}$/;

/** GET /admin: the figures the role may see. */
export async function dashboardLoader(request: Request) {
  const principal = await requireStaff(request);
  const figures = await loadDashboard(getDb(), principal);
  return data({ principal, figures }, { headers: NO_STORE });
}

/** How long the page waits for the mail server's hello before saying it does not answer. */
const TRANSPORT_CHECK_MS = 4_000;

/** GET /admin/email?status=…&before=…: the outbox, one state or all, 50 a page, and the transport's state. */
export async function emailHealthLoader(request: Request) {
  await requireStaff(request, { roles: EMAIL_HEALTH_ROLES });
  const params = new URL(request.url).searchParams;
  const status = params.get('status') ?? '';
  const before = params.get('before') ?? '';
  const state = isOutboxState(status) ? status : undefined;
  const beforeId = ID.test(before) ? Number(before) : undefined;
  const db = getDb();
  const [page, counts, transport] = await Promise.all([
    listOutboxEntries(db, { state, beforeId }),
    countOutboxStates(db),
    checkMailTransport({ timeoutMs: TRANSPORT_CHECK_MS }),
  ]);
  const notice = params.get('requeued');
  return data(
    {
      state: state ?? null,
      isPaged: beforeId !== undefined,
      ...page,
      counts,
      transport,
      requeued: notice !== null && /^\d{1,9}$/.test(notice) ? Number(notice) : null,
    },
    { headers: NO_STORE },
  );
}

/**
 * POST /admin/email: `intent=resend` with `email_id` puts that failed email back on the queue; `intent=resend-failed`
 * every failed one. Only rows still failed are touched, so nothing already sent or queued goes twice.
 */
export async function emailHealthAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request, { roles: EMAIL_HEALTH_ROLES });
  const fields = await readFields(request);
  const intent = fields.intent;
  const idValue = typeof fields.email_id === 'string' ? fields.email_id : '';
  if (intent !== 'resend' && intent !== 'resend-failed') throw new HttpError(400, 'Choose what to resend.');
  if (intent === 'resend' && !ID.test(idValue)) throw new HttpError(400, 'Choose an email to resend.');
  const db = getDb();
  const ids = await requeueFailedEmails(db, intent === 'resend' ? Number(idValue) : undefined);
  if (ids.length > 0) {
    await recordAudit(db, {
      staffId: principal.staffId,
      actorEmail: principal.email,
      ip: context.clientIp,
      action: 'email.requeued',
      target: intent === 'resend' ? `email:${idValue}` : 'email:failed',
      details: { emailIds: ids },
    });
  }
  const back = new URL(request.url).searchParams.get('status');
  const filter = isOutboxState(back) ? `status=${back}&` : '';
  return seeOther(`/admin/email?${filter}requeued=${ids.length}`);
}
