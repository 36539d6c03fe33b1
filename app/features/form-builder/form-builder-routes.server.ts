/**
 * The form builder's loaders and actions for its thin routes (app/routes/admin/forms*.tsx). Owners and editors
 * only (docs/decisions/034); a missing id (or the new-homes form, which has its own page) answers 404. Forms are
 * real posts: the page again with the errors (422), the conflict message (409) or a 303 to the saved page.
 */
import { data, type AppLoadContext } from 'react-router';
import { getDb } from '../../lib/db.server.ts';
import { parseFields, replyInvalid, seeOther } from '../../lib/http/form-submission.server.ts';
import { assertMethod, HttpError } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { requireStaff } from '../staff/index.server.ts';
import { FORM_BUILDER_MESSAGES, formBuilderSchema } from './form-builder-schemas.ts';
import {
  createForm,
  deleteForm,
  getFormForBuilder,
  listFormsForBuilder,
  saveForm,
  type AuditActor,
} from './form-builder.server.ts';
import { FORM_BUILDER_ROLES } from './form-builder-roles.ts';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;
const NOT_FOUND = 'This form does not exist.';
export const HAS_SUBMISSIONS_MESSAGE =
  'This form has submissions, so it cannot be deleted: its leads refer to it. Unpublish it instead.';
const DELETE_CONFLICT_MESSAGE =
  'Someone else saved this form while you were looking at it, so it was not deleted. The page shows their version.';

function actorOf(principal: StaffPrincipal, context: AppLoadContext): AuditActor {
  return { staffId: principal.staffId, actorEmail: principal.email, ip: context.clientIp };
}

function idParam(value: string | undefined): number {
  const id = /^[1-9]\d{0,8}$/.test(value ?? '') ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw new HttpError(404, NOT_FOUND);
  return id;
}

/** GET /admin/forms */
export async function formListLoader(request: Request) {
  await requireStaff(request, { roles: FORM_BUILDER_ROLES });
  const url = new URL(request.url);
  return data(
    { forms: await listFormsForBuilder(getDb()), isDeleted: url.searchParams.has('deleted') },
    { headers: NO_STORE },
  );
}

/** GET /admin/forms/new */
export async function newFormLoader(request: Request, context: AppLoadContext) {
  await requireStaff(request, { roles: FORM_BUILDER_ROLES });
  return data({ siteOrigin: context.origin }, { headers: NO_STORE });
}

/** POST /admin/forms/new: the whole definition at once; then its own edit page. */
export async function newFormAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request, { roles: FORM_BUILDER_ROLES });
  const submission = parseFields(await readFields(request), formBuilderSchema(context.origin));
  if (submission.status !== 'success') return replyInvalid(submission);
  const outcome = await createForm(getDb(), submission.value, actorOf(principal, context));
  if (outcome.status === 'slug-taken') {
    return replyInvalid(submission, [{ field: 'slug', message: FORM_BUILDER_MESSAGES.slugTaken }]);
  }
  return seeOther(`/admin/forms/${outcome.id}?saved=1`);
}

/** GET /admin/forms/:id */
export async function formEditLoader(request: Request, context: AppLoadContext, idValue: string | undefined) {
  const principal = await requireStaff(request, { roles: FORM_BUILDER_ROLES });
  const form = await getFormForBuilder(getDb(), idParam(idValue));
  if (!form) throw new HttpError(404, NOT_FOUND);
  const params = new URL(request.url).searchParams;
  const moved = /^([A-Za-z][A-Za-z0-9_-]{0,59}):(up|down)$/.exec(params.get('moved') ?? '');
  return data(
    {
      form,
      siteOrigin: context.origin,
      isSaved: params.has('saved'),
      moved: moved ? { fieldName: moved[1]!, direction: moved[2] as 'up' | 'down' } : null,
      // Custom-form leads belong to no branch, so of the inbox's roles only the owner sees them (decision 020).
      canOpenInbox: principal.role === 'owner',
    },
    { headers: NO_STORE },
  );
}

/** POST /admin/forms/:id: save (or a Move button, which saves with the move), or delete. */
export async function formEditAction(request: Request, context: AppLoadContext, idValue: string | undefined) {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request, { roles: FORM_BUILDER_ROLES });
  const id = idParam(idValue);
  const db = getDb();
  if (!(await getFormForBuilder(db, id))) throw new HttpError(404, NOT_FOUND);
  const fields = await readFields(request);
  const actor = actorOf(principal, context);
  if (fields.intent === 'delete') {
    const version = typeof fields.version === 'string' && /^\d{1,9}$/.test(fields.version) ? Number(fields.version) : 0;
    const outcome = await deleteForm(db, id, version, actor);
    if (outcome === 'not-found') throw new HttpError(404, NOT_FOUND);
    if (outcome === 'deleted') return seeOther('/admin/forms?deleted=1');
    const message = outcome === 'has-submissions' ? HAS_SUBMISSIONS_MESSAGE : DELETE_CONFLICT_MESSAGE;
    return data({ formResult: null, conflict: message }, { status: 409, headers: NO_STORE });
  }
  const submission = parseFields(fields, formBuilderSchema(context.origin));
  if (submission.status !== 'success') return replyInvalid(submission);
  const { moved, ...draft } = submission.value;
  const outcome = await saveForm(db, id, draft, actor, moved ? 'form.field-moved' : 'form.updated');
  if (outcome.status === 'not-found') throw new HttpError(404, NOT_FOUND);
  if (outcome.status === 'slug-taken') {
    return replyInvalid(submission, [{ field: 'slug', message: FORM_BUILDER_MESSAGES.slugTaken }]);
  }
  if (outcome.status === 'conflict') {
    // Not the posted answers: the page shows the version that was saved, with the message.
    return data({ formResult: null, conflict: FORM_BUILDER_MESSAGES.conflict }, { status: 409, headers: NO_STORE });
  }
  if (moved) {
    const query = new URLSearchParams({ moved: `${moved.fieldName}:${moved.direction}` });
    // No fragment: a browser skips `autofocus` when the address points at an element, and the moved field's button
    // must get the focus back.
    return seeOther(`/admin/forms/${id}?${query.toString()}`);
  }
  return seeOther(`/admin/forms/${id}?saved=1`);
}

/** GET /admin/forms/:id/preview: the saved form, published or not. */
export async function formPreviewLoader(request: Request, idValue: string | undefined) {
  await requireStaff(request, { roles: FORM_BUILDER_ROLES });
  const form = await getFormForBuilder(getDb(), idParam(idValue));
  if (!form) throw new HttpError(404, NOT_FOUND);
  return form;
}
