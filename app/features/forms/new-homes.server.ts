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
import { answersToStore, validateAnswers, type CustomFormView, type FieldErrors } from './custom-form.ts';
import {
  ADDRESS_PARTS,
  DEVELOPMENT_ID_FIELD,
  developmentOfInterest,
  DEVELOPMENT_OF_INTEREST_FIELD,
  isAddressElement,
  isTermsAccepted,
  newHomesRequiredMessage,
  NEW_HOMES_SUCCESS_FLASH_KEY,
  TERMS_ERROR_KEY,
  TERMS_MESSAGE,
  type NewHomesDevelopment,
} from './new-homes.ts';

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
  | { ok: false; errors: FieldErrors; redirectTo: string };

/**
 * Checks and stores one enquiry. `answers` are the form_submission[...] values; `propertyIdField` names the
 * property page it was sent from (form_submission[property_id]), falling back to development_id.
 */
export async function receiveNewHomesEnquiry(
  db: Database,
  form: CustomFormView,
  answers: Readonly<Record<string, string>>,
  fields: Readonly<Record<string, string>>,
  request: { clientIp: string; origin: string; redirectTo: string; termsField: string },
): Promise<NewHomesOutcome> {
  const propertyId = Number(answers.property_id ?? answers[DEVELOPMENT_ID_FIELD] ?? NaN);
  const development =
    Number.isInteger(propertyId) && propertyId > 0 ? await getDevelopmentByPropertyId(db, propertyId) : null;
  const redirectTo = development ? propertyPath(development.propertySlug) : request.redirectTo;
  const answerable = form.formElements.filter((element) => !isAddressElement(element));
  const errors = validateAnswers(answerable, answers, 'missing', newHomesRequiredMessage);
  if (!isTermsAccepted(fields[request.termsField])) errors[TERMS_ERROR_KEY] = TERMS_MESSAGE;
  if (!development) errors[DEVELOPMENT_ID_FIELD] = newHomesRequiredMessage({ friendlyName: 'development' });
  if (!development || Object.keys(errors).length > 0) return { ok: false, errors, redirectTo };

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
