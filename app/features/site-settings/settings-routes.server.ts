/**
 * The settings editor's loader and action for its thin route (app/routes/admin/settings.tsx): owners only. The
 * authenticity token is checked by the server before these run.
 */
import { data, type AppLoadContext } from 'react-router';
import { getDb } from '../../lib/db.server.ts';
import { parseFields, replyInvalid, seeOther } from '../../lib/http/form-submission.server.ts';
import { assertMethod, HttpError } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import { requireStaff } from '../staff/index.server.ts';
import { themeColoursSchema, VERSION_CONFLICT_MESSAGE } from './settings-model.ts';
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
