/**
 * The article and page editors' loaders and actions for their thin routes (app/routes/admin/articles*.tsx,
 * pages*.tsx). Owners and editors only (editors are the content role, decision 019); an id that does not exist
 * answers 404. Forms are real posts: the page again with the errors (422), a refused save (409) or a 303 to the
 * saved page. "Preview" posts the same form and only renders its Markdown: nothing is saved.
 */
import { data, type AppLoadContext } from 'react-router';
import { getDb } from '../../lib/db.server.ts';
import { parseFields, replyInvalid, seeOther } from '../../lib/http/form-submission.server.ts';
import { replyTo, type FormResult, type FormSubmission } from '../../lib/http/form-submission.ts';
import { assertMethod, HttpError } from '../../lib/http/http-error.ts';
import { readFields, type FieldRecord } from '../../lib/http/request-body.ts';
import { isAvailablePageSlug } from '../../lib/page-paths.ts';
import { renderMarkdown } from '../content/index.server.ts';
import { receiveStaffUploads } from '../media/index.server.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { recordAudit, requireStaff } from '../staff/index.server.ts';
import {
  ARTICLE_MESSAGES,
  articleFormSchema,
  cleanMarkdown,
  altFromFileName,
  imageMarkdown,
  intentOf,
  MAX_IMAGES_PER_UPLOAD,
  MAX_BODY_LENGTH,
  deletePageSchema,
  newPageFormSchema,
  PAGE_MESSAGES,
  pageFormSchema,
  restoreSchema,
} from './article-editor-model.ts';
import {
  createArticle,
  createPage,
  deletePage,
  getArticleForEditor,
  getPageForEditor,
  listArticlesForEditor,
  listPagesForEditor,
  listRevisions,
  pageDeletionRefusal,
  restoreArticleRevision,
  restorePageRevision,
  saveArticle,
  savePage,
  type ArticleSaveOutcome,
  type AuditActor,
} from './article-editor.server.ts';

/** Content is the owner's and the editor's (decision 019: editor = content, no leads); managers and negotiators not. */
const CONTENT_ROLES = ['owner', 'editor'] as const;

const NO_STORE = { 'Cache-Control': 'no-store' } as const;
const ARTICLE_NOT_FOUND = 'This article does not exist.';
const PAGE_NOT_FOUND = 'This page does not exist.';
const REVISION_NOT_FOUND = 'This saved version does not exist.';
const RESTORED_SLUG_TAKEN =
  'The address this version had is now used by another article. Give that article another address first, or change this one by hand.';
/** Markdown posts can be long: room for the longest body with every character percent-encoded. */
const FORM_LIMIT_BYTES = MAX_BODY_LENGTH * 12 + 16_000;

async function requireContentEditor(request: Request): Promise<StaffPrincipal> {
  return requireStaff(request, { roles: CONTENT_ROLES });
}

function actorOf(principal: StaffPrincipal, context: AppLoadContext): AuditActor {
  return { staffId: principal.staffId, actorEmail: principal.email, ip: context.clientIp };
}

/** The id in a URL: a positive integer, else the page does not exist. */
function idParam(value: string | undefined, message: string): number {
  const id = /^[1-9]\d{0,8}$/.test(value ?? '') ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw new HttpError(404, message);
  return id;
}

function savedNotice(request: Request): 'saved' | 'restored' | null {
  const params = new URL(request.url).searchParams;
  if (params.has('restored')) return 'restored';
  return params.has('saved') ? 'saved' : null;
}

/** The Markdown as the public page will show it (the one renderer, so the preview is the page). */
function previewOf(fields: FieldRecord): string {
  const body = typeof fields.body_markdown === 'string' ? fields.body_markdown : '';
  return renderMarkdown(cleanMarkdown(body).slice(0, MAX_BODY_LENGTH));
}

/** The form again with the answers as typed and the rendered text; a preview reports no errors. */
function replyPreview(submission: FormSubmission, fields: FieldRecord) {
  const formResult: FormResult = { ...replyTo(submission), error: {} };
  return data({ formResult, preview: previewOf(fields) }, { headers: NO_STORE });
}

function articleRefusal(submission: FormSubmission, outcome: ArticleSaveOutcome) {
  if (outcome.status === 'slug-taken') {
    return replyInvalid(submission, [{ field: 'slug', message: ARTICLE_MESSAGES.slugTaken }]);
  }
  if (outcome.status === 'past') {
    return replyInvalid(submission, [{ field: 'publish_at', message: ARTICLE_MESSAGES.publishAtPast }]);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Articles

/** GET /admin/articles */
export async function articleListLoader(request: Request) {
  await requireContentEditor(request);
  return data({ articles: await listArticlesForEditor(getDb()) }, { headers: NO_STORE });
}

/** GET /admin/articles/new */
export async function newArticleLoader(request: Request) {
  await requireContentEditor(request);
  return data({}, { headers: NO_STORE });
}

/** POST /admin/articles/new: Preview, or create the article (as a draft, published or scheduled). */
export async function newArticleAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireContentEditor(request);
  const fields = await readFields(request, { limitBytes: FORM_LIMIT_BYTES });
  const submission = parseFields(fields, articleFormSchema);
  if (intentOf(fields) === 'preview') return replyPreview(submission, fields);
  if (submission.status !== 'success') return replyInvalid(submission);
  const outcome = await createArticle(getDb(), submission.value, actorOf(principal, context));
  const refusal = articleRefusal(submission, outcome);
  if (refusal) return refusal;
  if (outcome.status !== 'saved') throw new HttpError(409, ARTICLE_MESSAGES.conflict);
  return seeOther(`/admin/articles/${outcome.id}?saved=1`);
}

/** GET /admin/articles/:id: the form, the rendered text and the history. */
export async function articleEditLoader(request: Request, idValue: string | undefined) {
  await requireContentEditor(request);
  const id = idParam(idValue, ARTICLE_NOT_FOUND);
  const db = getDb();
  const article = await getArticleForEditor(db, id);
  if (!article) throw new HttpError(404, ARTICLE_NOT_FOUND);
  const revisions = await listRevisions(db, 'article', id);
  return data(
    {
      article: { ...article, publishedAt: article.publishedAt.toISOString() },
      revisions,
      preview: renderMarkdown(article.bodyMarkdown),
      notice: savedNotice(request),
    },
    { headers: NO_STORE },
  );
}

/** POST /admin/articles/:id: Preview, Save (words and publication) or Restore a saved version. */
export async function articleEditAction(request: Request, context: AppLoadContext, idValue: string | undefined) {
  assertMethod(request, ['POST']);
  const principal = await requireContentEditor(request);
  const id = idParam(idValue, ARTICLE_NOT_FOUND);
  const db = getDb();
  if (!(await getArticleForEditor(db, id))) throw new HttpError(404, ARTICLE_NOT_FOUND);
  const fields = await readFields(request, { limitBytes: FORM_LIMIT_BYTES });
  const intent = intentOf(fields);
  const actor = actorOf(principal, context);
  const conflict = (message: string) =>
    data({ formResult: null, conflict: message }, { status: 409, headers: NO_STORE });
  if (intent === 'restore') {
    const restore = parseFields(fields, restoreSchema);
    if (restore.status !== 'success') throw new HttpError(400, ARTICLE_MESSAGES.revision);
    const outcome = await restoreArticleRevision(
      db,
      id,
      { revisionId: restore.value.revision_id, version: restore.value.version },
      actor,
    );
    if (outcome.status === 'not-found') throw new HttpError(404, ARTICLE_NOT_FOUND);
    if (outcome.status === 'revision-not-found') throw new HttpError(404, REVISION_NOT_FOUND);
    if (outcome.status === 'conflict') return conflict(ARTICLE_MESSAGES.conflict);
    if (outcome.status === 'slug-taken') return conflict(RESTORED_SLUG_TAKEN);
    return seeOther(`/admin/articles/${id}?restored=1`);
  }
  const submission = parseFields(fields, articleFormSchema);
  if (intent === 'preview') return replyPreview(submission, fields);
  if (submission.status !== 'success') return replyInvalid(submission);
  const { version } = submission.value;
  if (version === undefined) {
    return replyInvalid(submission, [{ field: 'form', message: ARTICLE_MESSAGES.version }]);
  }
  const outcome = await saveArticle(db, id, { ...submission.value, version }, actor);
  if (outcome.status === 'not-found') throw new HttpError(404, ARTICLE_NOT_FOUND);
  if (outcome.status === 'conflict') return conflict(ARTICLE_MESSAGES.conflict);
  const refusal = articleRefusal(submission, outcome);
  if (refusal) return refusal;
  return seeOther(`/admin/articles/${id}?saved=1`);
}

// ---------------------------------------------------------------------------------------------------------------
// Static pages

/** GET /admin/pages (after a delete, `?deleted=<address>` names the page that went). */
export async function pageListLoader(request: Request) {
  await requireContentEditor(request);
  const deleted = new URL(request.url).searchParams.get('deleted');
  return data(
    {
      pages: await listPagesForEditor(getDb()),
      deleted: deleted && isAvailablePageSlug(deleted) ? `/${deleted}` : null,
    },
    { headers: NO_STORE },
  );
}

/** GET /admin/pages/new */
export async function newPageLoader(request: Request) {
  await requireContentEditor(request);
  return data({}, { headers: NO_STORE });
}

/** POST /admin/pages/new: Preview, or create the page at its address. */
export async function newPageAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireContentEditor(request);
  const fields = await readFields(request, { limitBytes: FORM_LIMIT_BYTES });
  const submission = parseFields(fields, newPageFormSchema);
  if (intentOf(fields) === 'preview') return replyPreview(submission, fields);
  if (submission.status !== 'success') return replyInvalid(submission);
  const outcome = await createPage(getDb(), submission.value, actorOf(principal, context));
  if (outcome.status === 'slug-taken') {
    return replyInvalid(submission, [{ field: 'slug', message: PAGE_MESSAGES.slugTaken }]);
  }
  return seeOther(`/admin/pages/${outcome.id}?saved=1`);
}

/** GET /admin/pages/:id */
export async function pageEditLoader(request: Request, idValue: string | undefined) {
  await requireContentEditor(request);
  const id = idParam(idValue, PAGE_NOT_FOUND);
  const db = getDb();
  const page = await getPageForEditor(db, id);
  if (!page) throw new HttpError(404, PAGE_NOT_FOUND);
  const [revisions, deletionRefusal] = await Promise.all([
    listRevisions(db, 'page', id),
    pageDeletionRefusal(db, page.slug),
  ]);
  return data(
    { page, revisions, deletionRefusal, preview: renderMarkdown(page.bodyMarkdown), notice: savedNotice(request) },
    { headers: NO_STORE },
  );
}

/** POST /admin/pages/:id: Preview, Save, Restore a saved version, or Delete the page. */
export async function pageEditAction(request: Request, context: AppLoadContext, idValue: string | undefined) {
  assertMethod(request, ['POST']);
  const principal = await requireContentEditor(request);
  const id = idParam(idValue, PAGE_NOT_FOUND);
  const db = getDb();
  if (!(await getPageForEditor(db, id))) throw new HttpError(404, PAGE_NOT_FOUND);
  const fields = await readFields(request, { limitBytes: FORM_LIMIT_BYTES });
  const intent = intentOf(fields);
  const actor = actorOf(principal, context);
  const conflict = () =>
    data({ formResult: null, conflict: PAGE_MESSAGES.conflict }, { status: 409, headers: NO_STORE });
  if (intent === 'delete') {
    const remove = parseFields(fields, deletePageSchema);
    if (remove.status !== 'success') throw new HttpError(400, PAGE_MESSAGES.version);
    const outcome = await deletePage(db, id, remove.value.version, actor);
    if (outcome.status === 'not-found') throw new HttpError(404, PAGE_NOT_FOUND);
    if (outcome.status === 'conflict') {
      return data({ formResult: null, conflict: PAGE_MESSAGES.deleteConflict }, { status: 409, headers: NO_STORE });
    }
    if (outcome.status === 'refused') {
      return data({ formResult: null, conflict: outcome.message }, { status: 409, headers: NO_STORE });
    }
    return seeOther(`/admin/pages?deleted=${outcome.slug}`);
  }
  if (intent === 'restore') {
    const restore = parseFields(fields, restoreSchema);
    if (restore.status !== 'success') throw new HttpError(400, PAGE_MESSAGES.revision);
    const outcome = await restorePageRevision(
      db,
      id,
      { revisionId: restore.value.revision_id, version: restore.value.version },
      actor,
    );
    if (outcome.status === 'not-found') throw new HttpError(404, PAGE_NOT_FOUND);
    if (outcome.status === 'revision-not-found') throw new HttpError(404, REVISION_NOT_FOUND);
    if (outcome.status === 'conflict') return conflict();
    return seeOther(`/admin/pages/${id}?restored=1`);
  }
  const submission = parseFields(fields, pageFormSchema);
  if (intent === 'preview') return replyPreview(submission, fields);
  if (submission.status !== 'success') return replyInvalid(submission);
  const outcome = await savePage(db, id, submission.value, actor);
  if (outcome.status === 'not-found') throw new HttpError(404, PAGE_NOT_FOUND);
  if (outcome.status === 'conflict') return conflict();
  return seeOther(`/admin/pages/${id}?saved=1`);
}

// ---------------------------------------------------------------------------------------------------------------
// Images for the text

/** GET /admin/articles/images: the upload form on a page of its own (where a post without JavaScript lands). */
export async function contentImagesLoader(request: Request) {
  await requireContentEditor(request);
  return data({}, { headers: NO_STORE });
}

export type UploadedImage = { url: string; markdown: string; originalName: string };

/**
 * POST /admin/articles/images (multipart): images for articles and pages, checked by their bytes and stored
 * through the shared staff upload; the answer is each image's Markdown, which the editor puts into the text (or,
 * without JavaScript, the page shows to copy).
 */
export async function contentImagesAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const principal = await requireContentEditor(request);
  const outcome = await receiveStaffUploads(request, context, {
    kinds: ['image'],
    maxFiles: MAX_IMAGES_PER_UPLOAD,
    folder: 'articles',
  });
  if (!outcome.ok) {
    return data(
      { error: outcome.message, images: [] as UploadedImage[] },
      { status: outcome.status, headers: NO_STORE },
    );
  }
  if (outcome.files.length === 0) {
    return data(
      { error: 'Choose one or more images to upload.', images: [] as UploadedImage[] },
      { status: 422, headers: NO_STORE },
    );
  }
  const alt = outcome.fields.alt ?? '';
  const images = outcome.files.map((file) => ({
    url: file.url,
    // Without a description, the file's name stands in; the editor can change it in the text.
    markdown: imageMarkdown(alt.trim() || altFromFileName(file.originalName), file.url),
    originalName: file.originalName,
  }));
  await recordAudit(getDb(), {
    ...actorOf(principal, context),
    action: 'content.images-uploaded',
    target: 'articles',
    details: {
      files: outcome.files.map((file) => ({ url: file.url, name: file.originalName, bytes: file.sizeBytes })),
    },
  });
  return data({ error: null, images }, { headers: NO_STORE });
}
