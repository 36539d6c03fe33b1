/**
 * The settings editor's loader and action for its thin route (app/routes/admin/settings.tsx): owners only. The
 * authenticity token is checked by the server before these run.
 */
import { data, type AppLoadContext } from 'react-router';
import type { z } from 'zod';
import { getDb, type Database } from '../../lib/db.server.ts';
import { parseFields, replyInvalid, seeOther } from '../../lib/http/form-submission.server.ts';
import { assertMethod, HttpError } from '../../lib/http/http-error.ts';
import { readFields, bodyKindOf } from '../../lib/http/request-body.ts';
import { requireStaff } from '../staff/index.server.ts';
import {
  agencyDetailsSchema,
  analyticsSchema,
  BRANDING_MESSAGES,
  brandingSchema,
  leadRoutingSchema,
  legalSettingsSchema,
  siteOptionsSchema,
  themeColoursSchema,
  VERSION_CONFLICT_MESSAGE,
} from './settings-model.ts';
import {
  getAgencyDetailsForm,
  getAnalyticsForm,
  getLeadRoutingForm,
  getLegalForm,
  getSiteOptionsForm,
  saveAgencyDetails,
  saveAnalytics,
  saveLeadRouting,
  saveLegalSettings,
  saveSiteOptions,
  readBrandingRow,
  type SettingsActor,
} from './settings-forms.server.ts';
import { saveBranding } from './branding.server.ts';
import { receiveStaffUploads, type StoredStaffFile } from '../media/index.server.ts';
import { getStorage } from '../../lib/storage/storage.server.ts';
import { getThemeColoursForm, saveThemeColours } from './site-settings.server.ts';

const OWNER_ONLY = { roles: ['owner'] } as const;
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** GET /admin/settings: the colours with their version, and a notice after saving. */
export async function settingsLoader(request: Request) {
  await requireStaff(request, OWNER_ONLY);
  const form = await getThemeColoursForm(getDb());
  if (!form) throw new HttpError(409, 'The site has no settings yet: run the seed or set the site up first.');
  const isSaved = new URL(request.url).searchParams.get('saved') === 'colours';
  return data({ ...form, isSaved }, { headers: NO_STORE });
}

/** POST /admin/settings: the colours, refused below AA contrast or when saved from an older version. */
export async function settingsAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request, OWNER_ONLY);
  const submission = parseFields(await readFields(request), themeColoursSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  const outcome = await saveThemeColours(getDb(), submission.value, {
    staffId: principal.staffId,
    actorEmail: principal.email,
    ip: context.clientIp,
  });
  if (outcome.status === 'missing') {
    throw new HttpError(409, 'The site has no settings yet: run the seed or set the site up first.');
  }
  if (outcome.status === 'conflict') {
    return replyInvalid(submission, [{ field: 'form', message: VERSION_CONFLICT_MESSAGE }], 409);
  }
  return seeOther('/admin/settings?saved=colours');
}

type SavedOutcome = Awaited<ReturnType<typeof saveAgencyDetails>>;

/** A settings sub-page's loader: owners only, the form with its version, and whether it was just saved. */
async function subPageLoader<Form extends object>(request: Request, read: (db: Database) => Promise<Form | null>) {
  await requireStaff(request, OWNER_ONLY);
  const form = await read(getDb());
  if (!form) throw new HttpError(409, 'The site has no settings yet: run the seed or set the site up first.');
  const isSaved = new URL(request.url).searchParams.get('saved') === '1';
  return data({ ...form, isSaved }, { headers: NO_STORE });
}

/** A settings sub-page's action: owners only, the form's schema, then one versioned save. */
async function subPageAction<Schema extends z.ZodType>(
  request: Request,
  context: AppLoadContext,
  schema: Schema,
  save: (db: Database, input: z.output<Schema>, actor: SettingsActor) => Promise<SavedOutcome>,
  path: string,
) {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request, OWNER_ONLY);
  const submission = parseFields(await readFields(request), schema);
  if (submission.status !== 'success') return replyInvalid(submission);
  const outcome = await save(getDb(), submission.value as z.output<Schema>, {
    staffId: principal.staffId,
    actorEmail: principal.email,
    ip: context.clientIp,
  });
  switch (outcome.status) {
    case 'missing':
      throw new HttpError(409, 'The site has no settings yet: run the seed or set the site up first.');
    case 'conflict':
      return replyInvalid(submission, [{ field: 'form', message: VERSION_CONFLICT_MESSAGE }], 409);
    case 'invalid':
      return replyInvalid(submission, outcome.errors);
    default:
      return seeOther(`${path}?saved=1`);
  }
}

export const agencySettingsLoader = (request: Request) => subPageLoader(request, getAgencyDetailsForm);
export const agencySettingsAction = (request: Request, context: AppLoadContext) =>
  subPageAction(request, context, agencyDetailsSchema, saveAgencyDetails, '/admin/settings/agency');

export const legalSettingsLoader = (request: Request) => subPageLoader(request, getLegalForm);
export const legalSettingsAction = (request: Request, context: AppLoadContext) =>
  subPageAction(request, context, legalSettingsSchema, saveLegalSettings, '/admin/settings/legal');

export const optionsSettingsLoader = (request: Request) => subPageLoader(request, getSiteOptionsForm);
export const optionsSettingsAction = (request: Request, context: AppLoadContext) =>
  subPageAction(request, context, siteOptionsSchema, saveSiteOptions, '/admin/settings/options');

export const analyticsSettingsLoader = (request: Request) => subPageLoader(request, getAnalyticsForm);
export const analyticsSettingsAction = (request: Request, context: AppLoadContext) =>
  subPageAction(request, context, analyticsSchema, saveAnalytics, '/admin/settings/analytics');

export const leadRoutingLoader = (request: Request) => subPageLoader(request, getLeadRoutingForm);
export const leadRoutingAction = (request: Request, context: AppLoadContext) =>
  subPageAction(request, context, leadRoutingSchema, saveLeadRouting, '/admin/settings/lead-routing');

export const brandingLoader = (request: Request) => subPageLoader(request, readBrandingRow);

function uploadRefused(status: number, message: string) {
  return data({ uploadError: message }, { status, headers: NO_STORE });
}

/**
 * POST /admin/settings/branding: a logo or favicon upload (multipart, its authenticity token checked by the upload
 * reader before the file), or going back to the default icon (a plain form).
 */
export async function brandingAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request, OWNER_ONLY);
  const isUpload = bodyKindOf(request.headers.get('content-type')) === 'multipart';
  let fields: Record<string, unknown>;
  let files: StoredStaffFile[] = [];
  if (isUpload) {
    const received = await receiveStaffUploads(request, context, { kinds: ['image'], maxFiles: 1, folder: 'site' });
    if (!received.ok) return uploadRefused(received.status, received.message);
    fields = received.fields;
    files = received.files;
  } else {
    fields = await readFields(request);
  }
  const storage = getStorage();
  const discard = () => Promise.allSettled(files.map((file) => storage.delete(file.key)));
  const parsed = brandingSchema.safeParse(fields);
  if (!parsed.success) {
    await discard();
    return uploadRefused(422, BRANDING_MESSAGES.intent);
  }
  const file = files[0] ?? null;
  if (parsed.data.intent !== 'default-favicon' && !file) {
    return uploadRefused(
      422,
      parsed.data.intent === 'logo' ? BRANDING_MESSAGES.chooseLogo : BRANDING_MESSAGES.chooseFavicon,
    );
  }
  const outcome = await saveBranding(
    getDb(),
    parsed.data,
    parsed.data.intent === 'default-favicon' ? null : file,
    { staffId: principal.staffId, actorEmail: principal.email, ip: context.clientIp },
    storage,
  );
  if (outcome.status === 'missing') {
    throw new HttpError(409, 'The site has no settings yet: run the seed or set the site up first.');
  }
  if (outcome.status === 'conflict') return uploadRefused(409, VERSION_CONFLICT_MESSAGE);
  return seeOther('/admin/settings/branding?saved=1');
}
