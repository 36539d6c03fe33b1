/**
 * New-homes enquiries: which properties have one, and storing a submitted one as a 'new-homes' lead routed to the
 * branch's new-homes department (spec point 9 'Contact routing': a development with plots goes to new homes,
 * falling back to estate agents, then the branch). See docs/decisions/008-forms-and-uploads.md.
 */
import { and, arrayContains, asc, eq, isNull, or } from 'drizzle-orm';
import { departments, properties } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { propertyPath, routeContact } from '../properties/index.server.ts';
import { acceptLead } from '../leads/index.server.ts';
import { errorList, parseForm, replyTo, type FieldError, type FormResult } from '../../lib/http/form-submission.ts';
import { BOT_CHECK_FAILED_MESSAGE } from '../spam/index.ts';
import {
  answersPayload,
  answersToStore,
  parseSubmissionFieldName,
  type CustomFormView,
  type FieldErrors,
} from './custom-form.ts';
import {
  ADDRESS_PARTS,
  DEVELOPMENT_ID_FIELD,
  developmentOfInterest,
  DEVELOPMENT_OF_INTEREST_FIELD,
  isAddressElement,
  newHomesRequiredMessage,
  newHomesSchema,
  NEW_HOMES_EXTRA_NAMES,
  NEW_HOMES_SUCCESS_FLASH_KEY,
  type NewHomesDevelopment,
} from './new-homes.ts';
import { fieldRecord } from '../../lib/http/request-body.ts';

const NEW_HOME_TAG = 'new home';

const propertyColumns = {
  id: properties.id,
  slug: properties.slug,
  displayAddress: properties.displayAddress,
  tags: properties.tags,
  parentId: properties.parentId,
  isDevelopment: properties.isDevelopment,
  branchId: properties.branchId,
  channel: properties.channel,
};

type PropertyRow = { [K in keyof typeof propertyColumns]: (typeof properties.$inferSelect)[K] };

function isNewHome(row: PropertyRow): boolean {
  return row.isDevelopment || row.parentId !== null || row.tags.some((tag) => tag.toLowerCase() === NEW_HOME_TAG);
}

async function developmentFor(
  db: Database,
  row: PropertyRow | undefined,
): Promise<(NewHomesDevelopment & { branchId: number; channel: 'sales' | 'lettings' }) | null> {
  if (!row || !isNewHome(row)) return null;
  let development = row;
  if (row.parentId !== null) {
    const [parent] = await db
      .select(propertyColumns)
      .from(properties)
      .where(and(eq(properties.id, row.parentId), eq(properties.isPublished, true)))
      .limit(1);
    if (parent) development = parent;
  }
  return {
    propertyId: row.id,
    propertySlug: row.slug,
    displayAddress: row.displayAddress,
    developmentId: development.id,
    developmentName: developmentOfInterest(development.displayAddress),
    branchId: row.branchId,
    channel: row.channel,
  };
}

/** The new-homes development behind a published property page, or null when the property is not a new home. */
export async function getNewHomesDevelopment(db: Database, slug: string): Promise<NewHomesDevelopment | null> {
  const [row] = await db
    .select(propertyColumns)
    .from(properties)
    .where(and(eq(properties.slug, slug), eq(properties.isPublished, true)))
    .limit(1);
  const found = await developmentFor(db, row);
  if (!found) return null;
  const { branchId: _branchId, channel: _channel, ...development } = found;
  return development;
}

/**
 * The developments a visitor can register interest in without a property page: published top-level new homes
 * (a development, or a property tagged 'new home' that is not a plot), by name.
 */
export async function listNewHomesDevelopments(db: Database): Promise<NewHomesDevelopment[]> {
  const rows = await db
    .select(propertyColumns)
    .from(properties)
    .where(
      and(
        eq(properties.isPublished, true),
        isNull(properties.parentId),
        or(eq(properties.isDevelopment, true), arrayContains(properties.tags, [NEW_HOME_TAG])),
      ),
    )
    .orderBy(asc(properties.displayAddress), asc(properties.id))
    .limit(200);
  return rows.map((row) => ({
    propertyId: row.id,
    propertySlug: row.slug,
    displayAddress: row.displayAddress,
    developmentId: row.id,
    developmentName: developmentOfInterest(row.displayAddress),
  }));
}

async function getDevelopmentByPropertyId(db: Database, id: number) {
  const [row] = await db
    .select(propertyColumns)
    .from(properties)
    .where(and(eq(properties.id, id), eq(properties.isPublished, true)))
    .limit(1);
  return developmentFor(db, row);
}

export type NewHomesOutcome =
  | { ok: true; leadId: number; redirectTo: string; flashKey: string }
  | {
      ok: false;
      /** The first message per field (the JSON answer's `errors`). */
      errors: FieldErrors;
      /** Conform's result: the errors and the answers minus secrets, for the form shown again. */
      result: FormResult;
      isBotCheckFailed: boolean;
      redirectTo: string;
    };

function firstMessages(list: readonly FieldError[]): FieldErrors {
  const errors: FieldErrors = fieldRecord();
  for (const { field, message } of list) errors[field] ??= message;
  return errors;
}

/**
 * Checks and stores one enquiry. `fields` are the posted fields (form_submission[...] answers, the terms box and
 * the bot check's proof); form_submission[property_id] names the property page it was sent from, falling back to
 * development_id. The answers are judged first, so a visitor without JavaScript (who cannot run the bot check)
 * still learns what to correct; only a valid enquiry meets the bot check.
 */
export async function receiveNewHomesEnquiry(
  db: Database,
  form: CustomFormView,
  fields: Readonly<Record<string, unknown>>,
  request: { clientIp: string; origin: string; redirectTo: string; verifyBotCheck: () => Promise<boolean> },
): Promise<NewHomesOutcome> {
  const answers: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const fieldName = parseSubmissionFieldName(name);
    if (fieldName && typeof value === 'string') answers[fieldName] = value;
  }
  const propertyId = Number(answers.property_id ?? answers[DEVELOPMENT_ID_FIELD] ?? NaN);
  const development =
    Number.isInteger(propertyId) && propertyId > 0 ? await getDevelopmentByPropertyId(db, propertyId) : null;
  const redirectTo = development ? propertyPath(development.propertySlug) : request.redirectTo;
  const answerable = form.formElements.filter((element) => !isAddressElement(element));
  const submission = parseForm(
    answersPayload(Object.entries(fields), NEW_HOMES_EXTRA_NAMES),
    newHomesSchema(form.formElements),
  );
  const noDevelopment: FieldError[] = development
    ? []
    : [{ field: DEVELOPMENT_ID_FIELD, message: newHomesRequiredMessage({ friendlyName: 'development' }) }];
  if (!development || submission.status !== 'success') {
    const result = replyTo(submission, noDevelopment);
    return { ok: false, errors: firstMessages(errorList(result.error)), result, isBotCheckFailed: false, redirectTo };
  }
  if (!(await request.verifyBotCheck())) {
    const result = replyTo(submission, [{ field: 'form', message: BOT_CHECK_FAILED_MESSAGE }]);
    return { ok: false, errors: {}, result, isBotCheckFailed: true, redirectTo };
  }

  const values = answersToStore(answerable, answers);
  // The development is whatever the property says, not what the (disabled) field might have been changed to.
  values[DEVELOPMENT_OF_INTEREST_FIELD] = development.developmentName;
  values[DEVELOPMENT_ID_FIELD] = String(development.developmentId);
  const address = ADDRESS_PARTS.map((part) => (answers[part] ?? '').trim().slice(0, 200)).filter(Boolean);
  for (const part of ADDRESS_PARTS) values[part] = (answers[part] ?? '').trim().slice(0, 200);

  const branchDepartments = await db
    .select({ id: departments.id, name: departments.name, label: departments.label, kind: departments.kind })
    .from(departments)
    .where(eq(departments.branchId, development.branchId));
  const route = routeContact({
    property: {
      channel: development.channel,
      tags: [NEW_HOME_TAG],
      isDevelopmentPlot: true,
      branch: { branchId: development.branchId },
    },
    departments: branchDepartments,
    externalCommercialDepartment: null,
    tagsToDepartmentLabelsConversions: null,
  });

  const summary = [
    `Development: ${development.developmentName} (property ${development.developmentId})`,
    `Property: ${development.displayAddress}`,
    ...answerable
      .filter(
        (element) => element.fieldName !== DEVELOPMENT_OF_INTEREST_FIELD && element.fieldName !== DEVELOPMENT_ID_FIELD,
      )
      .filter((element) => !element.hidden)
      .map((element) => `${element.friendlyName}: ${values[element.fieldName] || '-'}`),
    `Current home address: ${address.length > 0 ? address.join(', ') : '-'}`,
  ];
  const { leadId } = await acceptLead(
    db,
    {
      kind: 'new-homes',
      payload: { form: form.slug, ...values, terms: 'on' },
      email: values.email || null,
      propertyId: development.propertyId,
      branchId: development.branchId,
      departmentId: route.kind === 'department' ? route.department.id : null,
      ipAddress: request.clientIp,
      summary,
      subject: `New homes enquiry: ${development.developmentName}`,
    },
    request.origin,
  );
  return { ok: true, leadId, redirectTo, flashKey: NEW_HOMES_SUCCESS_FLASH_KEY };
}
