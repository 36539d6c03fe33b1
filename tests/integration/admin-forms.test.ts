/**
 * The form builder's routes: owners and editors create and edit custom forms, managers and negotiators are refused;
 * saves change the database, raise the version, record before and after and announce the form's page; the public
 * page serves the change at once; a save from an older version is refused with the message; a missing id answers
 * 404; a form with submissions is not deleted; the leads inbox lists one form's submissions; no value gives a 500.
 */
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, formDefinitions, formSubmissions, leads } from '../../db/schema/index.ts';
import { buildFormDefinitions } from '../../db/seed/content.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { onPageChange } from '../../app/lib/page-cache-bus.server.ts';
import type { StaffRole } from '../../app/features/staff/index.ts';
import { FORM_BUILDER_MESSAGES } from '../../app/features/form-builder/form-builder-schemas.ts';
import { HAS_SUBMISSIONS_MESSAGE } from '../../app/features/form-builder/form-builder-routes.server.ts';
import { getCustomForm } from '../../app/features/forms/form-submissions.server.ts';
import * as listRoute from '../../app/routes/admin/forms.tsx';
import * as newRoute from '../../app/routes/admin/forms-new.tsx';
import * as editRoute from '../../app/routes/admin/forms-edit.tsx';
import * as previewRoute from '../../app/routes/admin/forms-preview.tsx';
import * as leadsRoute from '../../app/routes/admin/leads.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertBranches, signedInStaff, staffRouteCaller } from './staff-fixtures.ts';

let database: TestDatabase;
const cookies: Record<string, () => Promise<string>> = {};
const announced: string[][] = [];
let stopListening: () => void = () => undefined;
let landlordId = 0;
let newHomesId = 0;

async function makeStaff(name: string, role: StaffRole) {
  cookies[name] = (await signedInStaff(database.db, role, role === 'owner' ? [] : ['bath'])).cookie;
}

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertBranches(database.db);
  const seeded = await database.db
    .insert(formDefinitions)
    .values(buildFormDefinitions())
    .returning({ id: formDefinitions.id, slug: formDefinitions.slug });
  // The seed's ids are given, as the seed gives them; it then moves the sequence on, and so does this.
  await database.db.execute(
    sql`select setval(pg_get_serial_sequence('form_definitions', 'id'), (select max(id) from form_definitions))`,
  );
  landlordId = seeded.find((form) => form.slug === 'landlord-enquiry')!.id;
  newHomesId = seeded.find((form) => form.slug === 'new-homes-enquiry')!.id;
  // One landlord enquiry already sent, with its lead, as POST /form_submissions stores it.
  const [submission] = await database.db
    .insert(formSubmissions)
    .values({ formDefinitionId: landlordId, values: { name: 'Lee Landlord' } })
    .returning({ id: formSubmissions.id });
  await database.db.insert(leads).values({
    kind: 'custom-form',
    payload: { name: 'Lee Landlord' },
    email: 'lee@example.com',
    formSubmissionId: submission!.id,
  });
  await database.db.insert(leads).values({ kind: 'viewing', payload: {}, email: 'viewer@example.com', branchId: 1 });
  await makeStaff('owner', 'owner');
  await makeStaff('editor', 'editor');
  await makeStaff('manager', 'manager');
  await makeStaff('negotiator', 'negotiator');
  stopListening = onPageChange((tags) => announced.push([...tags]));
});

afterAll(async () => {
  stopListening();
  setDatabaseHandle(undefined);
  await database?.dispose();
});

afterEach(() => {
  announced.length = 0;
});

const call = staffRouteCaller(() => database.db, cookies);

const NEW_FORM = {
  title: 'Tenant referral',
  slug: '',
  para: 'Tell us about yourself.',
  submit_button_text: 'Send it',
  recipients: 'lettings@agency.example, manager@agency.example',
  thank_you_text: 'Thanks, we will be in touch.',
  redirect: '',
  is_published: 'on',
  version: '0',
  field_0_label: 'Your name',
  field_0_type: 'text',
  field_0_required: 'on',
  field_0_width: 'full',
  field_1_label: 'Email',
  field_1_type: 'email',
  field_1_required: 'on',
  field_1_width: 'half',
  field_2_label: 'Employment',
  field_2_type: 'select',
  field_2_width: 'half',
  field_2_options: 'Employed\nSelf-employed\nStudent',
  field_3_label: 'Payslip',
  field_3_type: 'file',
  field_3_width: 'full',
  file_type_pdf: 'on',
  file_type_png: 'on',
};

async function formRow(id: number) {
  const [row] = await database.db.select().from(formDefinitions).where(eq(formDefinitions.id, id));
  return row!;
}

/** The edit form as the page would post it, from what is saved, with changes. */
async function editForm(id: number, changes: Record<string, string> = {}): Promise<Record<string, string>> {
  const row = await formRow(id);
  const posted: Record<string, string> = {
    title: row.title,
    slug: row.slug,
    para: row.para,
    submit_button_text: row.submitButtonText,
    recipients: row.recipientEmail,
    thank_you_text: row.thankYouText,
    redirect: row.redirectPath,
    version: String(row.version),
  };
  if (row.isActive) posted.is_published = 'on';
  row.formElements.forEach((element, index) => {
    posted[`field_${index}_label`] = element.friendlyName;
    posted[`field_${index}_name`] = element.fieldName;
    posted[`field_${index}_type`] = element.inputType;
    posted[`field_${index}_width`] = element.fieldPosition;
    posted[`field_${index}_options`] = (element.options ?? []).join('\n');
    posted[`field_${index}_help`] = element.helpText ?? '';
    if (element.required) posted[`field_${index}_required`] = 'on';
    for (const kind of element.fileTypes ?? []) posted[`file_type_${kind}`] = 'on';
  });
  return { ...posted, ...changes };
}

let createdId = 0;

describe('creating a form', () => {
  it('is refused to managers and negotiators', async () => {
    for (const who of ['manager', 'negotiator']) {
      expect((await call(who, newRoute.action, '/admin/forms/new', {}, NEW_FORM)).status).toBe(403);
      expect((await call(who, listRoute.loader, '/admin/forms')).status).toBe(403);
    }
    expect(await database.db.select().from(formDefinitions).where(eq(formDefinitions.title, NEW_FORM.title))).toEqual(
      [],
    );
  });

  it('lets an editor create a published form that the public page serves at once', async () => {
    const answer = await call('editor', newRoute.action, '/admin/forms/new', {}, NEW_FORM);
    expect(answer.status).toBe(303);
    const [row] = await database.db.select().from(formDefinitions).where(eq(formDefinitions.slug, 'tenant-referral'));
    expect(row).toMatchObject({
      title: 'Tenant referral',
      recipientEmail: 'lettings@agency.example, manager@agency.example',
      thankYouText: 'Thanks, we will be in touch.',
      isActive: true,
      version: 1,
    });
    createdId = row!.id;
    expect(answer.response!.headers.get('location')).toBe(`/admin/forms/${createdId}?saved=1`);
    expect(row!.formElements.map((element) => element.fieldName)).toEqual([
      'your_name',
      'email',
      'employment',
      'payslip',
    ]);
    expect(row!.formElements[3]!.fileTypes).toEqual(['pdf', 'png']);
    expect(announced).toEqual([['form:tenant-referral']]);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'form.created'), eq(auditLog.target, `form:${createdId}`)));
    expect(audit!.details).toMatchObject({ after: { title: 'Tenant referral', isPublished: true } });
    expect(await getCustomForm(database.db, { slug: 'tenant-referral' })).toMatchObject({
      title: 'Tenant referral',
      thankYouText: 'Thanks, we will be in touch.',
    });
  });

  it('answers a taken page address and a bad definition with messages, not a 500', async () => {
    const taken = await call('owner', newRoute.action, '/admin/forms/new', {}, { ...NEW_FORM, slug: 'careers' });
    expect(taken.status).toBe(422);
    expect(JSON.stringify(taken.data)).toContain(FORM_BUILDER_MESSAGES.slugTaken);
    const twoFiles = await call(
      'owner',
      newRoute.action,
      '/admin/forms/new',
      {},
      { ...NEW_FORM, slug: 'other', field_4_label: 'Second file', field_4_type: 'file' },
    );
    expect(twoFiles.status).toBe(422);
    expect(JSON.stringify(twoFiles.data)).toContain(FORM_BUILDER_MESSAGES.secondFile);
    const hostile = await call(
      'owner',
      newRoute.action,
      '/admin/forms/new',
      {},
      { title: '\u202e', field_0_label: 'x'.repeat(5_000), field_0_type: '__proto__', redirect: 'javascript:alert(1)' },
    );
    expect(hostile.status).toBe(422);
    expect(JSON.stringify(hostile.data)).toContain(FORM_BUILDER_MESSAGES.redirect);
    // A NUL byte is refused by the request layer before any schema (400), never a 500.
    const nul = await call('owner', newRoute.action, '/admin/forms/new', {}, { ...NEW_FORM, title: 'a\u0000b' });
    expect(nul.status).toBe(400);
    // Nothing was made by any of them.
    const made = await database.db.select().from(formDefinitions).where(eq(formDefinitions.slug, 'other'));
    expect(made).toEqual([]);
  });
});

describe('editing a form', () => {
  it('saves a change with a new version, records before and after, and announces the page', async () => {
    const answer = await call(
      'editor',
      editRoute.action,
      `/admin/forms/${createdId}`,
      { id: String(createdId) },
      await editForm(createdId, { title: 'Tenant referral form', redirect: 'http://localhost/thanks' }),
    );
    expect(answer.status).toBe(303);
    const row = await formRow(createdId);
    expect(row).toMatchObject({ title: 'Tenant referral form', redirectPath: '/thanks', version: 2 });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'form.updated'), eq(auditLog.target, `form:${createdId}`)));
    expect(audit!.details).toEqual({
      before: { title: 'Tenant referral', redirectPath: '' },
      after: { title: 'Tenant referral form', redirectPath: '/thanks' },
    });
    expect(announced).toEqual([['form:tenant-referral']]);
  });

  it('refuses the second save from the same version with the message and keeps the first', async () => {
    const stale = await editForm(createdId, { version: '1', title: 'Overwritten' });
    const answer = await call('owner', editRoute.action, `/admin/forms/${createdId}`, { id: String(createdId) }, stale);
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({ conflict: FORM_BUILDER_MESSAGES.conflict });
    expect(await formRow(createdId)).toMatchObject({ title: 'Tenant referral form', version: 2 });
    expect(announced).toEqual([]);
  });

  it('moves a field with the Move down button (a plain post) and says which', async () => {
    const answer = await call(
      'editor',
      editRoute.action,
      `/admin/forms/${createdId}`,
      { id: String(createdId) },
      await editForm(createdId, { move: '0:down' }),
    );
    expect(answer.status).toBe(303);
    expect(answer.response!.headers.get('location')).toBe(`/admin/forms/${createdId}?moved=your_name%3Adown`);
    const row = await formRow(createdId);
    expect(row.formElements.map((element) => element.fieldName)).toEqual([
      'email',
      'your_name',
      'employment',
      'payslip',
    ]);
    expect(row.version).toBe(3);
    const moves = await database.db.select().from(auditLog).where(eq(auditLog.action, 'form.field-moved'));
    expect(moves).toHaveLength(1);
  });

  it('unpublishing takes the public page away at once', async () => {
    const form = await editForm(createdId);
    delete form.is_published;
    const answer = await call('owner', editRoute.action, `/admin/forms/${createdId}`, { id: String(createdId) }, form);
    expect(answer.status).toBe(303);
    expect(await getCustomForm(database.db, { slug: 'tenant-referral' })).toBeNull();
  });

  it('answers 404 for a missing id, a non-number and the new-homes form, for every role that may edit', async () => {
    for (const id of ['999999', 'abc', String(newHomesId)]) {
      for (const [handler, url] of [
        [editRoute.loader, `/admin/forms/${id}`],
        [previewRoute.loader, `/admin/forms/${id}/preview`],
      ] as const) {
        expect((await call('owner', handler, url, { id })).status).toBe(404);
      }
      const posted = await call('editor', editRoute.action, `/admin/forms/${id}`, { id }, { title: 'x' });
      expect(posted.status).toBe(404);
    }
  });

  it('previews an unpublished form for its editors', async () => {
    const answer = await call('editor', previewRoute.loader, `/admin/forms/${createdId}/preview`, {
      id: String(createdId),
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ isPublished: false, form: { title: 'Tenant referral form' } });
  });
});

describe('deleting a form', () => {
  it('keeps a form that has submissions, and deletes one nobody sent', async () => {
    const landlord = await formRow(landlordId);
    const kept = await call(
      'owner',
      editRoute.action,
      `/admin/forms/${landlordId}`,
      { id: String(landlordId) },
      { intent: 'delete', version: String(landlord.version) },
    );
    expect(kept.status).toBe(409);
    expect(kept.data).toMatchObject({ conflict: HAS_SUBMISSIONS_MESSAGE });
    expect(await formRow(landlordId)).toBeTruthy();

    const created = await formRow(createdId);
    const deleted = await call(
      'editor',
      editRoute.action,
      `/admin/forms/${createdId}`,
      { id: String(createdId) },
      { intent: 'delete', version: String(created.version) },
    );
    expect(deleted.status).toBe(303);
    expect(await database.db.select().from(formDefinitions).where(eq(formDefinitions.id, createdId))).toEqual([]);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, 'form.deleted'))).toHaveLength(1);
  });
});

describe("a form's submissions in the leads inbox", () => {
  it('lists only that form’s leads when filtered by it', async () => {
    const all = await call('owner', leadsRoute.loader, '/admin/leads');
    const filtered = await call('owner', leadsRoute.loader, `/admin/leads?form=${landlordId}`);
    type ListData = { list: { leads: { kind: string; formTitle: string | null }[] }; forms: { id: number }[] };
    expect((all.data as ListData).list.leads.length).toBe(2);
    const rows = (filtered.data as ListData).list.leads;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'custom-form', formTitle: 'Landlord enquiry' });
    expect((filtered.data as ListData).forms.map((form) => form.id)).toContain(landlordId);
    expect((await call('owner', leadsRoute.loader, '/admin/leads?form=abc')).status).toBe(400);
  });
});

describe('hostile posts from a signed-in editor', () => {
  it('never answer 5xx, and change nothing they should not', async () => {
    const key = fc.oneof(
      fc.constantFrom('title', 'slug', 'recipients', 'redirect', 'version', 'move', 'intent', 'field_0_type'),
      fc.constantFrom('field_0_label', 'field_1_name', 'field_2_options', 'file_type_pdf', '__proto__'),
      fc.string({ maxLength: 12 }),
    );
    const value = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('delete', '0:down', '99:up', '-1', '\uD800'));
    const landlord = String(landlordId);
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 10 }), fc.boolean(), async (body, isEdit) => {
        const answer = isEdit
          ? await call('editor', editRoute.action, `/admin/forms/${landlord}`, { id: landlord }, body)
          : await call('editor', newRoute.action, '/admin/forms/new', {}, body);
        expect(answer.status).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    // The landlord form (which has a submission) is still there.
    expect(await formRow(landlordId)).toBeTruthy();
  }, 60_000);
});
