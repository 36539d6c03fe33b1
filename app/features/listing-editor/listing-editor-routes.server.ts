/**
 * The listings editor's loaders and actions for its thin routes (app/routes/admin/listing*.tsx). Owners edit every
 * listing, managers their branches' listings; negotiators and editors are refused by `requireStaff`. A listing
 * outside the staff member's branches answers 404 like a missing one, so ids cannot be probed.
 */
import { data, type AppLoadContext } from 'react-router';
import { getDb, type Database } from '../../lib/db.server.ts';
import { errorList, type FieldError } from '../../lib/http/form-submission.ts';
import { parseFields, replyInvalid, seeOther } from '../../lib/http/form-submission.server.ts';
import { assertMethod, HttpError } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import type { StaffPrincipal } from '../staff/index.ts';
import { requireStaff } from '../staff/index.server.ts';
import {
  STALE_VERSION_MESSAGE,
  formValuesOf,
  isInScope,
  listingActionSchema,
  listingFormSchema,
  listingScopeFor,
  missingPartA,
  parseListingFilters,
  partAWarning,
  statusesFor,
  type ListingScope,
} from './listing-editor-model.ts';
import {
  changeListingPrice,
  changeListingStatus,
  createListing,
  getEditableListing,
  getLastImport,
  listBranchesInScope,
  listContactsInScope,
  listListings,
  listSources,
  setListingPublished,
  updateListing,
  type ListingActor,
} from './listing-editor.server.ts';

const LISTING_ROLES = ['owner', 'manager'] as const;
export const NO_STORE = { 'Cache-Control': 'no-store' } as const;
export const LISTING_NOT_FOUND = 'This listing does not exist.';
const NOT_FOUND = LISTING_NOT_FOUND;
/** The listing form carries a long description: more than the default limit for form fields. */
const FORM_LIMIT_BYTES = 512_000;

export type ListingStaff = { principal: StaffPrincipal; scope: ListingScope };

export async function requireListingStaff(request: Request): Promise<ListingStaff> {
  const principal = await requireStaff(request, { roles: LISTING_ROLES });
  const scope = listingScopeFor(principal.role, principal.branchIds);
  if (!scope) throw new HttpError(403, 'Your role does not include editing listings.');
  return { principal, scope };
}

export function actorOf(principal: StaffPrincipal, context: AppLoadContext): ListingActor {
  return { staffId: principal.staffId, actorEmail: principal.email, ip: context.clientIp };
}

/** The id in a URL: a positive integer, else the page does not exist. */
export function idParam(value: string | undefined): number {
  const id = /^[1-9]\d{0,8}$/.test(value ?? '') ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw new HttpError(404, NOT_FOUND);
  return id;
}

/** GET /admin/listings */
export async function listingListLoader(request: Request) {
  const { scope } = await requireListingStaff(request);
  const db = getDb();
  const [branchChoices, sources] = await Promise.all([listBranchesInScope(db, scope), listSources(db)]);
  const parsed = parseListingFilters(new URL(request.url).searchParams);
  if (!parsed.success) {
    const list = { listings: [], page: 1, total: 0, isTotalCapped: false, hasNext: false };
    return data(
      { list, filters: {}, branches: branchChoices, sources, errors: parsed.errors },
      { status: 400, headers: NO_STORE },
    );
  }
  const list = await listListings(db, scope, parsed.filters, parsed.page);
  return data(
    { list, filters: parsed.filters, branches: branchChoices, sources, errors: [] as FieldError[] },
    { headers: NO_STORE },
  );
}

/** GET /admin/listings/new */
export async function newListingLoader(request: Request) {
  const { scope } = await requireListingStaff(request);
  const db = getDb();
  const [branchChoices, contacts] = await Promise.all([listBranchesInScope(db, scope), listContactsInScope(db, scope)]);
  return data({ branches: branchChoices, contacts }, { headers: NO_STORE });
}

/** The branch must be the staff member's, and the contact one of that branch's people. */
async function choiceErrors(
  db: Database,
  scope: ListingScope,
  listing: { branchId: number; staffMemberId: number | null },
): Promise<FieldError[]> {
  if (!isInScope(scope, listing.branchId)) return [{ field: 'branch_id', message: 'Choose a branch from the list' }];
  const branchChoices = await listBranchesInScope(db, scope);
  if (!branchChoices.some((branch) => branch.id === listing.branchId)) {
    return [{ field: 'branch_id', message: 'Choose a branch from the list' }];
  }
  if (listing.staffMemberId === null) return [];
  const contacts = await listContactsInScope(db, scope);
  const isBranchContact = contacts.some(
    (contact) => contact.id === listing.staffMemberId && contact.branchId === listing.branchId,
  );
  return isBranchContact ? [] : [{ field: 'staff_member_id', message: 'Choose a contact from the listing’s branch' }];
}

/** POST /admin/listings/new: the form's answers become a draft; the editor opens it. */
export async function newListingAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const { principal, scope } = await requireListingStaff(request);
  const submission = parseFields(await readFields(request, { limitBytes: FORM_LIMIT_BYTES }), listingFormSchema);
  if (submission.status !== 'success') return replyInvalid(submission);
  const { listing } = submission.value;
  const db = getDb();
  const errors = await choiceErrors(db, scope, listing);
  if (errors.length > 0) return replyInvalid(submission, errors);
  const created = await createListing(db, listing, actorOf(principal, context));
  return seeOther(`/admin/listings/${created.id}?notice=created`);
}

const NOTICES = ['created', 'saved', 'unchanged', 'status', 'price', 'published', 'unpublished'] as const;

/** GET /admin/listings/:id: the editor, or the read-only view of an imported listing. */
export async function listingLoader(request: Request, idValue: string | undefined) {
  const { scope } = await requireListingStaff(request);
  const db = getDb();
  const listing = await getEditableListing(db, scope, idParam(idValue));
  if (!listing) throw new HttpError(404, NOT_FOUND);
  const [branchChoices, contacts, lastImport] = await Promise.all([
    listBranchesInScope(db, scope),
    listContactsInScope(db, scope),
    listing.source ? getLastImport(db, listing.source) : Promise.resolve(null),
  ]);
  const noticeParam = new URL(request.url).searchParams.get('notice');
  const notice = NOTICES.find((value) => value === noticeParam) ?? null;
  return data(
    {
      listing: {
        id: listing.id,
        slug: listing.slug,
        version: listing.version,
        reference: listing.reference,
        displayAddress: listing.displayAddress,
        channel: listing.channel,
        status: listing.status,
        isPublished: listing.isPublished,
        isWithdrawn: listing.withdrawnAt !== null,
        priceValue: listing.priceValue,
        source: listing.source,
        sourceRef: listing.sourceRef,
        photoCount: listing.photos.length,
        isHidden: listing.siteHidden,
        priceHistory: listing.priceHistory,
        statusHistory: listing.statusHistory,
        updatedAt: listing.updatedAt.toISOString(),
      },
      values: formValuesOf(listing),
      missingPartA: missingPartA(listing),
      lastImport: lastImport
        ? { finishedAt: lastImport.finishedAt.toISOString(), fileName: lastImport.fileName }
        : null,
      branches: branchChoices,
      contacts,
      notice,
    },
    { headers: NO_STORE },
  );
}

function refused(status: number, message: string) {
  return data({ errors: [{ field: 'form', message }], warning: null }, { status, headers: NO_STORE });
}

/** POST /admin/listings/:id: the edit form (intent=save), and the status, price and publish forms. */
export async function listingAction(request: Request, context: AppLoadContext, idValue: string | undefined) {
  assertMethod(request, ['POST']);
  const { principal, scope } = await requireListingStaff(request);
  const id = idParam(idValue);
  const db = getDb();
  const current = await getEditableListing(db, scope, id);
  if (!current) throw new HttpError(404, NOT_FOUND);
  const fields = await readFields(request, { limitBytes: FORM_LIMIT_BYTES });
  const actor = actorOf(principal, context);
  if (current.source !== null) {
    return refused(
      409,
      `This listing comes from the “${current.source}” feed and is changed there: the next import would overwrite changes made here.`,
    );
  }
  if (fields.intent === 'save') {
    const submission = parseFields(fields, listingFormSchema);
    if (submission.status !== 'success') return replyInvalid(submission);
    const { listing, version } = submission.value;
    const errors = await choiceErrors(db, scope, listing);
    if (errors.length > 0) return replyInvalid(submission, errors);
    const outcome = await updateListing(db, current, version ?? -1, listing, actor);
    if (outcome.status === 'stale')
      return replyInvalid(submission, [{ field: 'form', message: STALE_VERSION_MESSAGE }], 409);
    return seeOther(`/admin/listings/${id}?notice=${outcome.status}`);
  }
  const submission = parseFields(fields, listingActionSchema);
  if (submission.status !== 'success') {
    return data({ errors: errorList(submission.error), warning: null }, { status: 422, headers: NO_STORE });
  }
  const form = submission.value;
  let outcome;
  let notice: string;
  if (form.intent === 'status') {
    if (!statusesFor[current.channel].includes(form.status)) {
      return data(
        { errors: [{ field: 'status', message: 'Choose a status from the list' }], warning: null },
        { status: 422, headers: NO_STORE },
      );
    }
    outcome = await changeListingStatus(db, current, form.version, form.status, actor);
    notice = 'status';
  } else if (form.intent === 'price') {
    outcome = await changeListingPrice(db, current, form.version, form.price_value, actor);
    notice = 'price';
  } else if (form.intent === 'publish') {
    const missing = missingPartA(current);
    if (missing.length > 0 && !form.confirm_missing_part_a) {
      // Not an error the form can fix: a warning, and the choice to publish anyway.
      return data({ errors: [], warning: partAWarning(missing) }, { status: 409, headers: NO_STORE });
    }
    outcome = await setListingPublished(db, current, form.version, true, actor);
    notice = 'published';
  } else {
    outcome = await setListingPublished(db, current, form.version, false, actor);
    notice = 'unpublished';
  }
  if (outcome.status === 'stale') return refused(409, STALE_VERSION_MESSAGE);
  return seeOther(`/admin/listings/${id}?notice=${outcome.status === 'unchanged' ? 'unchanged' : notice}`);
}

/** GET /admin/listings/:id/preview: the listing as a visitor would see it, published or not. */
export async function listingPreviewLoader(request: Request, idValue: string | undefined) {
  const { scope } = await requireListingStaff(request);
  const listing = await getEditableListing(getDb(), scope, idParam(idValue));
  if (!listing) throw new HttpError(404, NOT_FOUND);
  return listing;
}
