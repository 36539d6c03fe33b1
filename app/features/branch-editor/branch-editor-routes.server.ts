/**
 * The branch editor's loaders and actions for its thin routes (app/routes/admin/branch*.tsx). Owners and managers
 * only; a manager works on their own branches, and any other branch's id answers 404 like one that does not exist,
 * so ids cannot be probed. Forms are real posts: the page again with the errors (422), the conflict message (409)
 * or a 303 to the saved page.
 */
import { data, type AppLoadContext } from 'react-router';
import { getDb } from '../../lib/db.server.ts';
import { getEnv } from '../../lib/env.server.ts';
import { getStorage } from '../../lib/storage/storage.server.ts';
import { receiveStaffUploads } from '../media/index.server.ts';
import { parseFields, replyInvalid, seeOther } from '../../lib/http/form-submission.server.ts';
import { assertMethod, HttpError } from '../../lib/http/http-error.ts';
import { readFields, bodyKindOf } from '../../lib/http/request-body.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { requireStaff } from '../staff/index.server.ts';
import { branchFormSchema, branchSlugOf, BRANCH_MESSAGES, newBranchSchema } from './branch-editor-schemas.ts';
import {
  createBranch,
  getBranchForEditor,
  listBranchesForEditor,
  saveBranch,
  type AuditActor,
} from './branch-editor.server.ts';
import { BRANCH_EDITOR_ROLES, branchScopeFor, type BranchScope } from './branch-scope.ts';
import {
  DEPARTMENT_MESSAGES,
  departmentActionSchema,
  departmentInUseMessage,
  removeDepartmentSchema,
} from './department-schemas.ts';
import { addDepartment, listDepartments, removeDepartment } from './departments.server.ts';
import {
  newStaffProfileSchema,
  STAFF_PROFILE_MESSAGES,
  staffListActionSchema,
  staffPhotoSchema,
  staffProfileSchema,
} from './staff-profile-schemas.ts';
import {
  createStaffProfile,
  getStaffProfile,
  listStaffProfiles,
  moveStaffProfile,
  removeStaffProfile,
  saveStaffProfile,
  setStaffProfilePhoto,
  setStaffProfileShown,
} from './staff-profiles.server.ts';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;
const NOT_FOUND = 'This branch does not exist.';

async function requireBranchEditor(request: Request): Promise<{ principal: StaffPrincipal; scope: BranchScope }> {
  const principal = await requireStaff(request, { roles: BRANCH_EDITOR_ROLES });
  const scope = branchScopeFor(principal);
  if (!scope) throw new HttpError(403, 'Your role does not include the branches.');
  return { principal, scope };
}

function actorOf(principal: StaffPrincipal, context: AppLoadContext): AuditActor {
  return { staffId: principal.staffId, actorEmail: principal.email, ip: context.clientIp };
}

/** The id in a URL: a positive integer, else the page does not exist. */
function idParam(value: string | undefined, message = NOT_FOUND): number {
  const id = /^[1-9]\d{0,8}$/.test(value ?? '') ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw new HttpError(404, message);
  return id;
}

/** GET /admin/branches */
export async function branchListLoader(request: Request) {
  const { principal, scope } = await requireBranchEditor(request);
  const branches = await listBranchesForEditor(getDb(), scope);
  return data({ branches, canAddBranch: principal.role === 'owner' }, { headers: NO_STORE });
}

/** GET /admin/branches/new (owners) */
export async function newBranchLoader(request: Request) {
  await requireStaff(request, { roles: ['owner'] });
  return data({}, { headers: NO_STORE });
}

/** POST /admin/branches/new (owners): the branch is made, then filled in on its own edit form. */
export async function newBranchAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireStaff(request, { roles: ['owner'] });
  const submission = parseFields(await readFields(request), newBranchSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  if (branchSlugOf(submission.value.name) === '') {
    return replyInvalid(submission, [{ field: 'name', message: BRANCH_MESSAGES.name }]);
  }
  const outcome = await createBranch(getDb(), submission.value, actorOf(principal, context));
  if (outcome.status === 'slug-taken') {
    return replyInvalid(submission, [{ field: 'name', message: BRANCH_MESSAGES.slugTaken }]);
  }
  return seeOther(`/admin/branches/${outcome.id}?saved=1`);
}

/** GET /admin/branches/:id */
export async function branchEditLoader(request: Request, idValue: string | undefined) {
  const { scope } = await requireBranchEditor(request);
  const branch = await getBranchForEditor(getDb(), scope, idParam(idValue));
  if (!branch) throw new HttpError(404, NOT_FOUND);
  return data(
    { branch, tileUrl: getEnv().MAP_TILE_URL, isSaved: new URL(request.url).searchParams.has('saved') },
    { headers: NO_STORE },
  );
}

/** POST /admin/branches/:id: the edit form (the server has checked the authenticity token). */
export async function branchEditAction(request: Request, context: AppLoadContext, idValue: string | undefined) {
  assertMethod(request, ['POST']);
  const { principal, scope } = await requireBranchEditor(request);
  const id = idParam(idValue);
  const db = getDb();
  // Out of scope or missing: 404 before the form is read, so the answer says nothing about another branch.
  if (!(await getBranchForEditor(db, scope, id))) throw new HttpError(404, NOT_FOUND);
  const submission = parseFields(await readFields(request), branchFormSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  const outcome = await saveBranch(db, scope, id, submission.value, actorOf(principal, context));
  if (outcome.status === 'not-found') throw new HttpError(404, NOT_FOUND);
  if (outcome.status === 'conflict') {
    // Not the posted answers: the page shows the version that was saved, with the message.
    return data({ formResult: null, conflict: BRANCH_MESSAGES.conflict }, { status: 409, headers: NO_STORE });
  }
  return seeOther(`/admin/branches/${id}?saved=1`);
}

// ---------------------------------------------------------------------------------------------------------------
// Staff profiles of a branch

const PROFILE_NOT_FOUND = 'This staff profile does not exist.';

/** GET /admin/branches/:id/staff */
export async function staffProfileListLoader(request: Request, idValue: string | undefined) {
  const { scope } = await requireBranchEditor(request);
  const list = await listStaffProfiles(getDb(), scope, idParam(idValue));
  if (!list) throw new HttpError(404, NOT_FOUND);
  const param = new URL(request.url).searchParams.get('notice');
  const notice =
    (['conflict', 'saved', 'removed', 'in-use', 'added'] as const).find((known) => known === param) ?? null;
  return data({ ...list, notice }, { headers: NO_STORE });
}

/** POST /admin/branches/:id/staff: a profile's move up or down, or its show/hide button. */
export async function staffProfileListAction(request: Request, context: AppLoadContext, idValue: string | undefined) {
  assertMethod(request, ['POST']);
  const { principal, scope } = await requireBranchEditor(request);
  const branchId = idParam(idValue);
  const db = getDb();
  if (!(await listStaffProfiles(db, scope, branchId))) throw new HttpError(404, NOT_FOUND);
  const submission = parseFields(await readFields(request), staffListActionSchema);
  if (submission.status !== 'success') throw new HttpError(400, STAFF_PROFILE_MESSAGES.profile);
  const form = submission.value;
  const actor = actorOf(principal, context);
  const back = `/admin/branches/${branchId}/staff`;
  if (form.intent === 'move') {
    const outcome = await moveStaffProfile(db, scope, branchId, form.staff_id, form.direction, actor);
    if (outcome === 'not-found') throw new HttpError(404, PROFILE_NOT_FOUND);
    return seeOther(`${back}#staff-${form.staff_id}`);
  }
  if (form.intent === 'remove') {
    const outcome = await removeStaffProfile(db, scope, branchId, form.staff_id, form.version, actor);
    if (outcome === 'not-found') throw new HttpError(404, PROFILE_NOT_FOUND);
    if (outcome === 'removed') return seeOther(`${back}?notice=removed`);
    // Refused (an older list, or something points at the profile): the list as it is now, with the reason.
    return data({ formResult: null, notice: outcome }, { status: 409, headers: NO_STORE });
  }
  const outcome = await setStaffProfileShown(
    db,
    scope,
    branchId,
    form.staff_id,
    { isShownOnSite: form.is_shown_on_site, version: form.version },
    actor,
  );
  if (outcome === 'not-found') throw new HttpError(404, PROFILE_NOT_FOUND);
  return seeOther(`${back}?notice=${outcome}#staff-${form.staff_id}`);
}

/** GET /admin/branches/:id/staff/:staffId */
export async function staffProfileLoader(
  request: Request,
  idValue: string | undefined,
  staffValue: string | undefined,
) {
  const { scope } = await requireBranchEditor(request);
  const found = await getStaffProfile(getDb(), scope, idParam(idValue), idParam(staffValue, PROFILE_NOT_FOUND));
  if (!found) throw new HttpError(404, PROFILE_NOT_FOUND);
  return data({ ...found, isSaved: new URL(request.url).searchParams.has('saved') }, { headers: NO_STORE });
}

/** POST /admin/branches/:id/staff/:staffId: the profile form. */
export async function staffProfileAction(
  request: Request,
  context: AppLoadContext,
  idValue: string | undefined,
  staffValue: string | undefined,
) {
  assertMethod(request, ['POST']);
  const { principal, scope } = await requireBranchEditor(request);
  const branchId = idParam(idValue);
  const staffId = idParam(staffValue, PROFILE_NOT_FOUND);
  const db = getDb();
  if (!(await getStaffProfile(db, scope, branchId, staffId))) throw new HttpError(404, PROFILE_NOT_FOUND);
  const submission = parseFields(await readFields(request), staffProfileSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  const form = submission.value;
  const outcome = await saveStaffProfile(db, scope, branchId, staffId, form, actorOf(principal, context));
  if (outcome.status === 'not-found') throw new HttpError(404, PROFILE_NOT_FOUND);
  if (outcome.status === 'branch-not-allowed') {
    return replyInvalid(submission, [{ field: 'branch_id', message: STAFF_PROFILE_MESSAGES.branch }]);
  }
  if (outcome.status === 'conflict') {
    return data({ formResult: null, conflict: STAFF_PROFILE_MESSAGES.conflict }, { status: 409, headers: NO_STORE });
  }
  // Moved to another branch: its page is now that branch's.
  return seeOther(`/admin/branches/${form.branch_id}/staff/${staffId}?saved=1`);
}

/** GET /admin/branches/:id/staff/new */
export async function newStaffProfileLoader(request: Request, idValue: string | undefined) {
  const { scope } = await requireBranchEditor(request);
  const list = await listStaffProfiles(getDb(), scope, idParam(idValue));
  if (!list) throw new HttpError(404, NOT_FOUND);
  return data({ branch: list.branch }, { headers: NO_STORE });
}

/** POST /admin/branches/:id/staff/new: the profile is made in this branch, last on its page. */
export async function newStaffProfileAction(request: Request, context: AppLoadContext, idValue: string | undefined) {
  assertMethod(request, ['POST']);
  const { principal, scope } = await requireBranchEditor(request);
  const branchId = idParam(idValue);
  const db = getDb();
  if (!(await listStaffProfiles(db, scope, branchId))) throw new HttpError(404, NOT_FOUND);
  const submission = parseFields(await readFields(request), newStaffProfileSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  const outcome = await createStaffProfile(db, scope, branchId, submission.value, actorOf(principal, context));
  if (outcome.status === 'not-found') throw new HttpError(404, NOT_FOUND);
  return seeOther(`/admin/branches/${branchId}/staff?notice=added#staff-${outcome.id}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Departments of a branch

const DEPARTMENT_NOT_FOUND = 'This department does not exist.';

/** GET /admin/branches/:id/departments */
export async function departmentsLoader(request: Request, idValue: string | undefined) {
  const { scope } = await requireBranchEditor(request);
  const found = await listDepartments(getDb(), scope, idParam(idValue));
  if (!found) throw new HttpError(404, NOT_FOUND);
  const param = new URL(request.url).searchParams.get('notice');
  const notice = (['added', 'removed'] as const).find((known) => known === param) ?? null;
  return data({ ...found, notice }, { headers: NO_STORE });
}

/** POST /admin/branches/:id/departments: add a department, or remove one that nothing points at. */
export async function departmentsAction(request: Request, context: AppLoadContext, idValue: string | undefined) {
  assertMethod(request, ['POST']);
  const { principal, scope } = await requireBranchEditor(request);
  const branchId = idParam(idValue);
  const db = getDb();
  const found = await listDepartments(db, scope, branchId);
  if (!found) throw new HttpError(404, NOT_FOUND);
  const fields = await readFields(request);
  const actor = actorOf(principal, context);
  const back = `/admin/branches/${branchId}/departments`;
  if (fields.intent === 'remove') {
    const removal = parseFields(fields, removeDepartmentSchema);
    // A malformed id is an id that does not exist.
    if (removal.status !== 'success') throw new HttpError(404, DEPARTMENT_NOT_FOUND);
    const { department_id: departmentId, version } = removal.value;
    const outcome = await removeDepartment(db, scope, branchId, { departmentId, version }, actor);
    if (outcome.status === 'not-found') throw new HttpError(404, DEPARTMENT_NOT_FOUND);
    if (outcome.status === 'conflict') {
      return data({ formResult: null, refused: DEPARTMENT_MESSAGES.conflict }, { status: 409, headers: NO_STORE });
    }
    if (outcome.status === 'in-use') {
      const label = found.departments.find((department) => department.id === departmentId)?.label ?? '';
      const refused = departmentInUseMessage(label, outcome.references);
      return data({ formResult: null, refused }, { status: 409, headers: NO_STORE });
    }
    return seeOther(`${back}?notice=removed`);
  }
  const submission = parseFields(fields, departmentActionSchema);
  if (submission.status !== 'success' || submission.value.intent !== 'add') return replyInvalid(submission);
  const outcome = await addDepartment(db, scope, branchId, submission.value, actor);
  if (outcome.status === 'not-found') throw new HttpError(404, NOT_FOUND);
  if (outcome.status === 'kind-taken') {
    return replyInvalid(submission, [{ field: 'kind', message: DEPARTMENT_MESSAGES.kindTaken }]);
  }
  if (outcome.status === 'conflict') {
    return data({ formResult: null, refused: DEPARTMENT_MESSAGES.conflict }, { status: 409, headers: NO_STORE });
  }
  return seeOther(`${back}?notice=added`);
}

// ---------------------------------------------------------------------------------------------------------------
// A staff profile's photo

/** GET /admin/branches/:id/staff/:staffId/photo */
export async function staffPhotoLoader(request: Request, idValue: string | undefined, staffValue: string | undefined) {
  const { scope } = await requireBranchEditor(request);
  const found = await getStaffProfile(getDb(), scope, idParam(idValue), idParam(staffValue, PROFILE_NOT_FOUND));
  if (!found) throw new HttpError(404, PROFILE_NOT_FOUND);
  const param = new URL(request.url).searchParams.get('notice');
  const notice = (['saved', 'removed'] as const).find((known) => known === param) ?? null;
  return data({ branch: found.branch, profile: found.profile, notice }, { headers: NO_STORE });
}

const photoRefused = (message: string, status: number) =>
  data({ formResult: null, refused: message }, { status, headers: NO_STORE });

/**
 * POST /admin/branches/:id/staff/:staffId/photo: a photo (multipart, read by the media feature: checked by its bytes,
 * re-encoded without metadata, stored) or "remove the photo" (a plain form). The profile is found in the staff
 * member's scope before a byte of the body is read; a photo stored for a save that then fails is deleted again.
 */
export async function staffPhotoAction(
  request: Request,
  context: AppLoadContext,
  idValue: string | undefined,
  staffValue: string | undefined,
) {
  assertMethod(request, ['POST']);
  const { principal, scope } = await requireBranchEditor(request);
  const branchId = idParam(idValue);
  const staffId = idParam(staffValue, PROFILE_NOT_FOUND);
  const db = getDb();
  if (!(await getStaffProfile(db, scope, branchId, staffId))) throw new HttpError(404, PROFILE_NOT_FOUND);
  const isMultipart = bodyKindOf(request.headers.get('content-type')) === 'multipart';
  let photo: { url: string; key: string } | null = null;
  let fields: Record<string, unknown>;
  if (isMultipart) {
    const upload = await receiveStaffUploads(request, context, { kinds: ['image'], maxFiles: 1, folder: 'staff' });
    if (!upload.ok) return photoRefused(upload.message, upload.status);
    const [file] = upload.files;
    if (!file) return photoRefused(STAFF_PROFILE_MESSAGES.photoMissing, 422);
    photo = { url: file.url, key: file.key };
    fields = upload.fields;
  } else {
    fields = await readFields(request);
  }
  const discard = async () => {
    if (photo) await getStorage().delete(photo.key);
  };
  const submission = parseFields(fields, staffPhotoSchema);
  if (submission.status !== 'success' || (submission.value.intent === 'upload') !== (photo !== null)) {
    await discard();
    return photoRefused(
      submission.status === 'success' ? STAFF_PROFILE_MESSAGES.photoMissing : STAFF_PROFILE_MESSAGES.version,
      422,
    );
  }
  const outcome = await setStaffProfilePhoto(
    db,
    scope,
    branchId,
    staffId,
    { photoUrl: photo?.url ?? null, version: submission.value.version },
    actorOf(principal, context),
  );
  if (outcome === 'not-found' || outcome === 'conflict') await discard();
  if (outcome === 'not-found') throw new HttpError(404, PROFILE_NOT_FOUND);
  if (outcome === 'conflict') return photoRefused(STAFF_PROFILE_MESSAGES.photoConflict, 409);
  return seeOther(
    `/admin/branches/${branchId}/staff/${staffId}/photo?notice=${submission.value.intent === 'upload' ? 'saved' : 'removed'}`,
  );
}
