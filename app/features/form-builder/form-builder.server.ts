/**
 * The custom-form builder's reads and writes (docs/decisions/034). Every write checks the version the editor was
 * loaded with in the same statement that writes (a save from an older version changes nothing), records what
 * changed before and after in the audit log, and once committed announces the form's page. A form that has
 * submissions is never deleted: its leads point at it, so it is unpublished instead.
 */
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { formDefinitions, formSubmissions, type FormElement } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { announcePageChange } from '../../lib/page-cache-bus.server.ts';
import { recordAudit } from '../staff/index.server.ts';
import type { FormDefinitionDraft } from './form-builder-schemas.ts';

/** The new-homes form has its own page and fields the builder does not edit (docs/decisions/034). */
const NEW_HOMES_SLUG = 'new-homes-enquiry';

export type AuditActor = { staffId: number; actorEmail: string; ip: string | null };

/** The tag of the public pages showing a form (its /forms/<slug> page, and any cached page linking to it). */
function formPageTag(slug: string): string {
  return `form:${slug}`;
}

const isBuilderForm = ne(formDefinitions.slug, NEW_HOMES_SLUG);

const submissionCount =
  sql<number>`(select count(*) from ${formSubmissions} where ${formSubmissions.formDefinitionId} = ${formDefinitions.id})`.mapWith(
    Number,
  );

export type FormListRow = {
  id: number;
  slug: string;
  title: string;
  isActive: boolean;
  fieldCount: number;
  submissionCount: number;
};

export async function listFormsForBuilder(db: Database): Promise<FormListRow[]> {
  const rows = await db
    .select({
      id: formDefinitions.id,
      slug: formDefinitions.slug,
      title: formDefinitions.title,
      isActive: formDefinitions.isActive,
      formElements: formDefinitions.formElements,
      submissionCount,
    })
    .from(formDefinitions)
    .where(isBuilderForm)
    .orderBy(asc(formDefinitions.title), asc(formDefinitions.id));
  return rows.map(({ formElements, ...row }) => ({ ...row, fieldCount: formElements.length }));
}

export type FormForBuilder = FormDefinitionDraft & {
  id: number;
  version: number;
  htmlFormId: string;
  gaName: string;
  submissionCount: number;
};

export async function getFormForBuilder(db: Database, id: number): Promise<FormForBuilder | null> {
  const [row] = await db
    .select({
      id: formDefinitions.id,
      slug: formDefinitions.slug,
      title: formDefinitions.title,
      para: formDefinitions.para,
      gaName: formDefinitions.gaName,
      submitButtonText: formDefinitions.submitButtonText,
      htmlFormId: formDefinitions.htmlFormId,
      formElements: formDefinitions.formElements,
      recipientEmail: formDefinitions.recipientEmail,
      isActive: formDefinitions.isActive,
      thankYouText: formDefinitions.thankYouText,
      redirectPath: formDefinitions.redirectPath,
      version: formDefinitions.version,
      submissionCount,
    })
    .from(formDefinitions)
    .where(and(eq(formDefinitions.id, id), isBuilderForm))
    .limit(1);
  if (!row) return null;
  const { recipientEmail, isActive, ...rest } = row;
  return {
    ...rest,
    recipients: recipientEmail
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    isPublished: isActive,
  };
}

/** What the audit log keeps of a form: everything the builder edits. */
function snapshotOf(form: FormDefinitionDraft): Record<string, unknown> {
  return {
    title: form.title,
    slug: form.slug,
    para: form.para,
    submitButtonText: form.submitButtonText,
    recipients: form.recipients.join(', '),
    thankYouText: form.thankYouText,
    redirectPath: form.redirectPath,
    isPublished: form.isPublished,
    formElements: form.formElements,
  };
}

/** JSON with each object's keys sorted: the database's jsonb hands keys back in its own order. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changed = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const key of Object.keys(after)) {
    if (stableJson(before[key]) === stableJson(after[key])) continue;
    changed.before[key] = before[key] ?? null;
    changed.after[key] = after[key] ?? null;
  }
  return changed;
}

function columnsOf(draft: FormDefinitionDraft) {
  return {
    title: draft.title,
    slug: draft.slug,
    para: draft.para,
    submitButtonText: draft.submitButtonText,
    recipientEmail: draft.recipients.join(', '),
    thankYouText: draft.thankYouText,
    redirectPath: draft.redirectPath,
    isActive: draft.isPublished,
    formElements: draft.formElements satisfies FormElement[],
  };
}

async function isSlugTaken(db: Database, slug: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: formDefinitions.id })
    .from(formDefinitions)
    .where(
      exceptId === null
        ? eq(formDefinitions.slug, slug)
        : and(eq(formDefinitions.slug, slug), ne(formDefinitions.id, exceptId)),
    )
    .limit(1);
  return row !== undefined;
}

/** The PostgreSQL error in a chain of causes (drizzle wraps the driver's error), if its code is `code`. */
function errorWithCode(error: unknown, code: string): { constraint?: unknown; message?: unknown } | null {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === code) return cause as { constraint?: unknown; message?: unknown };
  }
  return null;
}

function hasErrorCode(error: unknown, code: string): boolean {
  return errorWithCode(error, code) !== null;
}

/** The page-address index's refusal: another save took the address in between (any other stays an error). */
function isUniqueViolation(error: unknown): boolean {
  const found = errorWithCode(error, '23505');
  return found !== null && `${String(found.constraint)} ${String(found.message)}`.includes('form_definitions_slug_idx');
}

export async function createForm(
  db: Database,
  draft: FormDefinitionDraft,
  actor: AuditActor,
): Promise<{ status: 'created'; id: number } | { status: 'slug-taken' }> {
  try {
    const outcome = await db.transaction(async (tx) => {
      if (await isSlugTaken(tx, draft.slug, null)) return { status: 'slug-taken' as const };
      const [row] = await tx
        .insert(formDefinitions)
        .values({ ...columnsOf(draft), gaName: draft.title, htmlFormId: `${draft.slug}-form` })
        .returning({ id: formDefinitions.id });
      const id = row!.id;
      await recordAudit(tx, {
        ...actor,
        action: 'form.created',
        target: `form:${id}`,
        details: { after: snapshotOf(draft) },
      });
      return { status: 'created' as const, id };
    });
    if (outcome.status === 'created') announcePageChange(db, [formPageTag(draft.slug)]);
    return outcome;
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'slug-taken' };
    throw error;
  }
}

type SaveOutcome =
  | { status: 'saved'; version: number }
  | { status: 'unchanged' }
  | { status: 'not-found' }
  | { status: 'conflict' }
  | { status: 'slug-taken' };

/** Saves the editor's form if the definition is still at the version it was loaded with. */
export async function saveForm(
  db: Database,
  id: number,
  draft: FormDefinitionDraft & { version: number },
  actor: AuditActor,
  action: 'form.updated' | 'form.field-moved' = 'form.updated',
): Promise<SaveOutcome> {
  try {
    const outcome = await db.transaction(async (tx): Promise<SaveOutcome & { tags?: string[] }> => {
      const before = await getFormForBuilder(tx, id);
      if (!before) return { status: 'not-found' };
      if (before.version !== draft.version) return { status: 'conflict' };
      const changes = changesBetween(snapshotOf(before), snapshotOf(draft));
      if (Object.keys(changes.after).length === 0) return { status: 'unchanged' };
      if (draft.slug !== before.slug && (await isSlugTaken(tx, draft.slug, id))) return { status: 'slug-taken' };
      const updated = await tx
        .update(formDefinitions)
        .set({ ...columnsOf(draft), version: sql`${formDefinitions.version} + 1` })
        // The version in the condition makes the check and the write one step: a save that committed in between wins.
        .where(and(eq(formDefinitions.id, id), eq(formDefinitions.version, draft.version)))
        .returning({ version: formDefinitions.version });
      if (updated.length === 0) return { status: 'conflict' };
      await recordAudit(tx, { ...actor, action, target: `form:${id}`, details: changes });
      return {
        status: 'saved',
        version: updated[0]!.version,
        tags: [...new Set([formPageTag(before.slug), formPageTag(draft.slug)])],
      };
    });
    if (outcome.status === 'saved' && outcome.tags) {
      announcePageChange(db, outcome.tags);
      return { status: 'saved', version: outcome.version };
    }
    return outcome;
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'slug-taken' };
    throw error;
  }
}

/**
 * Deletes a form nobody has sent yet. One with submissions stays (its leads and files refer to it): the answer
 * says to unpublish it instead.
 */
export async function deleteForm(
  db: Database,
  id: number,
  version: number,
  actor: AuditActor,
): Promise<'deleted' | 'has-submissions' | 'conflict' | 'not-found'> {
  const outcome = await db
    .transaction(async (tx) => {
      const before = await getFormForBuilder(tx, id);
      if (!before) return { status: 'not-found' as const };
      if (before.version !== version) return { status: 'conflict' as const };
      const [submissions] = await tx
        .select({ total: count() })
        .from(formSubmissions)
        .where(eq(formSubmissions.formDefinitionId, id));
      if ((submissions?.total ?? 0) > 0) return { status: 'has-submissions' as const };
      const deleted = await tx
        .delete(formDefinitions)
        .where(and(eq(formDefinitions.id, id), eq(formDefinitions.version, version)))
        .returning({ id: formDefinitions.id });
      if (deleted.length === 0) return { status: 'conflict' as const };
      await recordAudit(tx, {
        ...actor,
        action: 'form.deleted',
        target: `form:${id}`,
        details: { before: snapshotOf(before) },
      });
      return { status: 'deleted' as const, slug: before.slug };
    })
    // A submission that arrived after the count holds the form (its foreign key): it stays, unpublishable.
    .catch((error: unknown) => {
      if (hasErrorCode(error, '23503')) return { status: 'has-submissions' as const };
      throw error;
    });
  if (outcome.status === 'deleted') announcePageChange(db, [formPageTag(outcome.slug)]);
  return outcome.status;
}
