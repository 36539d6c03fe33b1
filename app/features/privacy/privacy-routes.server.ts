/**
 * The privacy tools' loaders and actions for their thin routes (app/routes/admin/privacy*.ts[x]): owners only. The
 * address is always posted, never put in a URL (addresses in URLs end up in logs and browser history). Every post's
 * authenticity token is checked by the server before these run. Audit entries never hold the address: an erasure
 * would otherwise leave it behind in a log that cannot be edited.
 */
import { data, type AppLoadContext } from 'react-router';
import { getDb } from '../../lib/db.server.ts';
import { errorList, type FieldError } from '../../lib/http/form-submission.ts';
import { parseFields, seeOther } from '../../lib/http/form-submission.server.ts';
import { assertMethod, HttpError } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import { getStorage } from '../../lib/storage/storage.server.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { recordAudit, requireStaff } from '../staff/index.server.ts';
import { deleteStoredEmailFiles } from '../email/index.server.ts';
import { personalDataZip } from './export-zip.server.ts';
import {
  collectPersonalData,
  erasePersonalData,
  summarisePersonalData,
  type ErasureCounts,
} from './personal-data.server.ts';
import { privacyEraseSchema, privacySearchSchema, retentionSchema, type PrivacySummary } from './privacy-model.ts';
import { getRetentionMonths, setRetentionMonths } from './retention.server.ts';

const OWNER_ONLY = { roles: ['owner'] } as const;
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

function auditMeta(principal: StaffPrincipal, context: AppLoadContext) {
  return { staffId: principal.staffId, actorEmail: principal.email, ip: context.clientIp };
}

/** GET /admin/privacy: the search form, the retention setting and a notice after saving it. */
export async function privacyLoader(request: Request) {
  await requireStaff(request, OWNER_ONLY);
  const retentionMonths = await getRetentionMonths(getDb());
  const isSaved = new URL(request.url).searchParams.get('saved') === 'retention';
  return data({ retentionMonths, isSaved }, { headers: NO_STORE });
}

type PrivacyActionData =
  | { intent: 'find'; email: string; summary: PrivacySummary; errors: FieldError[] }
  | { intent: 'erased'; email: string; counts: ErasureCounts; errors: [] }
  | { intent: 'invalid'; email: string; errors: FieldError[] };

function invalid(email: string, errors: FieldError[]) {
  return data({ intent: 'invalid', email, errors } satisfies PrivacyActionData, { status: 422, headers: NO_STORE });
}

const stringField = (value: unknown) => (typeof value === 'string' ? value.slice(0, 254) : '');

/** POST /admin/privacy: `intent` find (the summary), erase (with the address typed again) or retention. */
export async function privacyAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request, OWNER_ONLY);
  const fields = await readFields(request);
  const db = getDb();
  const audit = auditMeta(principal, context);
  if (fields.intent === 'retention') {
    const submission = parseFields(fields, retentionSchema);
    if (submission.status !== 'success') return invalid('', errorList(submission.error));
    const months = submission.value.months;
    const saved = await setRetentionMonths(db, months);
    if (!saved) throw new HttpError(409, 'The site has no settings yet: run the seed or set the site up first.');
    if (saved.from !== months) {
      const details = { setting: 'Retention of leads and uploads (months)', from: saved.from, to: months };
      await recordAudit(db, { ...audit, action: 'settings.retention-changed', details });
    }
    return seeOther('/admin/privacy?saved=retention');
  }
  if (fields.intent === 'find') {
    const submission = parseFields(fields, privacySearchSchema);
    if (submission.status !== 'success') return invalid(stringField(fields.email), errorList(submission.error));
    const email = submission.value.email;
    const summary = await summarisePersonalData(db, email);
    await recordAudit(db, { ...audit, action: 'privacy.search', details: { found: summary.counts } });
    return data({ intent: 'find', email, summary, errors: [] } satisfies PrivacyActionData, { headers: NO_STORE });
  }
  if (fields.intent === 'erase') {
    const submission = parseFields(fields, privacyEraseSchema);
    if (submission.status !== 'success') {
      // The summary again beside the errors, so the owner still sees what the erasure would do.
      const search = privacySearchSchema.safeParse({ email: fields.email });
      const errors = errorList(submission.error);
      if (!search.success) return invalid(stringField(fields.email), errors);
      const summary = await summarisePersonalData(db, search.data.email);
      return data({ intent: 'find', email: search.data.email, summary, errors } satisfies PrivacyActionData, {
        status: 422,
        headers: NO_STORE,
      });
    }
    const storage = getStorage();
    const { counts, emailIds } = await erasePersonalData(db, submission.value.email, (key) => storage.delete(key));
    await deleteStoredEmailFiles(emailIds);
    await recordAudit(db, { ...audit, action: 'privacy.erase', details: { erased: counts } });
    return data({ intent: 'erased', email: submission.value.email, counts, errors: [] } satisfies PrivacyActionData, {
      headers: NO_STORE,
    });
  }
  throw new HttpError(400, 'Choose what to do: find, erase or save the retention setting.');
}

/** POST /admin/privacy/export: everything held about the address, as one zip download. */
export async function privacyExportAction(request: Request, context: AppLoadContext): Promise<Response> {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request, OWNER_ONLY);
  const submission = parseFields(await readFields(request), privacySearchSchema);
  if (submission.status !== 'success') {
    throw new HttpError(
      400,
      errorList(submission.error)
        .map((error) => error.message)
        .join(' '),
    );
  }
  const db = getDb();
  const now = new Date();
  const exported = await collectPersonalData(db, submission.value.email, now);
  const body = await personalDataZip(exported, getStorage());
  const counts = {
    account: exported.data.account ? 1 : 0,
    leads: (exported.data.leads as unknown[]).length,
    uploads: exported.files.length,
    emails: (exported.data.emails as unknown[]).length,
  };
  await recordAudit(db, { ...auditMeta(principal, context), action: 'privacy.export', details: { exported: counts } });
  return new Response(body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="personal-data-${now.toISOString().slice(0, 10)}.zip"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  });
}
