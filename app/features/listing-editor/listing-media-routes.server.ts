/**
 * The media manager's loader and action (/admin/listings/:id/media, docs/decisions/033-media-manager.md). The same
 * scope as the editor: a listing outside the staff member's branches, or an item that is not on this listing,
 * answers 404 like a missing one.
 */
import { createHash } from 'node:crypto';
import { data, type AppLoadContext } from 'react-router';
import { getDb } from '../../lib/db.server.ts';
import { getStorage } from '../../lib/storage/storage.server.ts';
import { receiveStaffUploads } from '../media/index.server.ts';
import { errorList } from '../../lib/http/form-submission.ts';
import { parseFields, seeOther } from '../../lib/http/form-submission.server.ts';
import { assertMethod, HttpError } from '../../lib/http/http-error.ts';
import { readFields, bodyKindOf } from '../../lib/http/request-body.ts';
import { STALE_VERSION_MESSAGE } from './listing-editor-model.ts';
import { getEditableListing } from './listing-editor.server.ts';
import {
  actorOf,
  idParam,
  LISTING_NOT_FOUND,
  NO_STORE,
  requireListingStaff,
  type ListingStaff,
} from './listing-editor-routes.server.ts';
import {
  IMPORTED_LISTING_INTENTS,
  MAX_FILES_PER_UPLOAD,
  addFiles,
  addVideo,
  deleteItem,
  makeMainPhoto,
  mediaActionSchema,
  mediaUploadSchema,
  moveItem,
  reorderImages,
  setCaption,
  setImageKind,
  type MediaAction,
  type MediaChange,
} from './listing-media-model.ts';
import { mediaOf, saveListingMedia, setListingFeatured, setListingHidden } from './listing-media.server.ts';

const MEDIA_NOTICES = ['saved', 'unchanged', 'uploaded', 'featured', 'hidden'] as const;
async function loadInScope(request: Request, idValue: string | undefined) {
  const staff = await requireListingStaff(request);
  const listing = await getEditableListing(getDb(), staff.scope, idParam(idValue));
  if (!listing) throw new HttpError(404, LISTING_NOT_FOUND);
  return { staff, listing };
}

/** GET /admin/listings/:id/media */
export async function listingMediaLoader(request: Request, idValue: string | undefined) {
  const { listing } = await loadInScope(request, idValue);
  const params = new URL(request.url).searchParams;
  const notice = MEDIA_NOTICES.find((value) => value === params.get('notice')) ?? null;
  const focus = params.get('focus');
  return data(
    {
      listing: {
        id: listing.id,
        slug: listing.slug,
        version: listing.version,
        reference: listing.reference,
        displayAddress: listing.displayAddress,
        isPublished: listing.isPublished,
        source: listing.source,
        siteHidden: listing.siteHidden,
        siteFeatured: listing.siteFeatured,
      },
      media: mediaOf(listing),
      notice,
      focus: focus && /^(up|down|main):.{1,500}$/.test(focus) ? focus : null,
      count: Number(params.get('count')) || 0,
    },
    { headers: NO_STORE },
  );
}

function refused(status: number, field: string, message: string) {
  return data({ errors: [{ field, message }] }, { status, headers: NO_STORE });
}

/** The change a form asks for, worked out on the stored media (not found when the item is not this listing's). */
function changeFor(form: MediaAction, media: ReturnType<typeof mediaOf>, displayAddress: string): MediaChange | null {
  switch (form.intent) {
    case 'move':
      return moveItem(media, form.item, form.direction);
    case 'reorder':
      return reorderImages(media, form.kind, form.order);
    case 'main':
      return makeMainPhoto(media, form.item);
    case 'caption':
      return setCaption(media, form.item, form.caption, displayAddress);
    case 'kind':
      return setImageKind(media, form.item, form.kind);
    case 'delete':
      return deleteItem(media, form.item);
    case 'video':
      return addVideo(
        media,
        { url: form.video_url, kind: form.video_kind, description: form.description },
        createHash('sha256').update(form.video_url).digest('hex').slice(0, 12),
      );
    default:
      return null;
  }
}

/** POST /admin/listings/:id/media: every form of the page but the upload (its own route takes the files). */
export async function listingMediaAction(request: Request, context: AppLoadContext, idValue: string | undefined) {
  assertMethod(request, ['POST']);
  if (isMultipart(request)) {
    // The upload form posted without JavaScript: the page again with the refusal, or on to the saved media.
    const outcome = await uploadFiles(request, context, idValue);
    return outcome.ok ? seeOther(outcome.location) : refused(outcome.status, 'files', outcome.message);
  }
  const { staff, listing } = await loadInScope(request, idValue);
  const submission = parseFields(await readFields(request), mediaActionSchema);
  if (submission.status !== 'success') {
    return data({ errors: errorList(submission.error) }, { status: 422, headers: NO_STORE });
  }
  const form = submission.value;
  return applyMediaAction(staff, context, listing, form);
}

async function applyMediaAction(
  staff: ListingStaff,
  context: AppLoadContext,
  listing: NonNullable<Awaited<ReturnType<typeof getEditableListing>>>,
  form: MediaAction,
) {
  const db = getDb();
  const actor = actorOf(staff.principal, context);
  const isImported = listing.source !== null;
  if (isImported && !IMPORTED_LISTING_INTENTS.includes(form.intent)) {
    return refused(
      409,
      'form',
      `This listing comes from the “${listing.source}” feed: its files and links are changed there. Only the order of its photos, featured and hidden are the site’s own.`,
    );
  }
  const back = `/admin/listings/${listing.id}/media`;
  if (form.intent === 'featured' || form.intent === 'hidden') {
    if (form.intent === 'hidden' && !isImported) {
      return refused(409, 'form', 'A listing entered here is taken off the site by unpublishing it.');
    }
    const outcome =
      form.intent === 'featured'
        ? await setListingFeatured(db, listing, form.version, form.featured === 'yes', actor)
        : await setListingHidden(db, listing, form.version, form.hidden === 'yes', actor);
    if (outcome.status === 'stale') return refused(409, 'form', STALE_VERSION_MESSAGE);
    return seeOther(`${back}?notice=${outcome.status === 'saved' ? form.intent : 'unchanged'}`);
  }
  const media = mediaOf(listing);
  const change = changeFor(form, media, listing.displayAddress);
  if (!change) throw new HttpError(404, LISTING_NOT_FOUND);
  if (!change.ok) {
    if (change.status === 404) throw new HttpError(404, change.message);
    return refused(change.status, change.field, change.message);
  }
  if (isImported) {
    // The feed owns every group but the photos' order: a move of anything else would be undone by the next import.
    const sameOtherGroups =
      JSON.stringify({ ...change.media, photos: [] }) === JSON.stringify({ ...media, photos: [] }) &&
      change.media.photos.length === media.photos.length;
    if (!sameOtherGroups) return refused(409, 'form', 'Only the order of an imported listing’s photos can be changed.');
  }
  const outcome = await saveListingMedia(db, listing, form.version, change.media, actor);
  if (outcome.status === 'stale') return refused(409, 'form', STALE_VERSION_MESSAGE);
  // Focus goes back to the button that was pressed, so a keyboard user can press it again.
  const focus =
    form.intent === 'move'
      ? `&focus=${encodeURIComponent(`${form.direction}:${form.item}`)}`
      : form.intent === 'main'
        ? `&focus=${encodeURIComponent(`main:${form.item}`)}`
        : '';
  return seeOther(`${back}?notice=${outcome.status}${focus}`);
}

function isMultipart(request: Request): boolean {
  return bodyKindOf(request.headers.get('content-type')) === 'multipart';
}

type UploadOutcome = { ok: true; location: string } | { ok: false; status: number; message: string };

/**
 * The upload form's files: checked by their bytes and stored by the staff uploads reader, then added to the
 * listing's media over the version the page was loaded at. Refused files are never kept.
 */
async function uploadFiles(
  request: Request,
  context: AppLoadContext,
  idValue: string | undefined,
): Promise<UploadOutcome> {
  const { staff, listing } = await loadInScope(request, idValue);
  if (listing.source !== null) {
    return {
      ok: false,
      status: 409,
      message: `This listing comes from the “${listing.source}” feed: its photos and files are added there.`,
    };
  }
  const received = await receiveStaffUploads(request, context, {
    kinds: ['image', 'pdf'],
    maxFiles: MAX_FILES_PER_UPLOAD,
    folder: `listing-${listing.id}`,
  });
  if (!received.ok) return { ok: false, status: received.status, message: received.message };
  const discard = () => Promise.all(received.files.map((file) => getStorage().delete(file.key))).catch(() => undefined);
  const form = mediaUploadSchema.safeParse(received.fields);
  if (!form.success) {
    await discard();
    return { ok: false, status: 409, message: STALE_VERSION_MESSAGE };
  }
  if (received.files.length === 0) return { ok: false, status: 422, message: 'Choose at least one file to upload.' };
  const change = addFiles(mediaOf(listing), received.files, form.data.kind, listing.displayAddress);
  if (!change.ok) {
    await discard();
    return { ok: false, status: change.status, message: change.message };
  }
  const actor = actorOf(staff.principal, context);
  const outcome = await saveListingMedia(getDb(), listing, form.data.version, change.media, actor);
  if (outcome.status === 'stale') {
    await discard();
    return { ok: false, status: 409, message: STALE_VERSION_MESSAGE };
  }
  return { ok: true, location: `/admin/listings/${listing.id}/media?notice=uploaded&count=${received.files.length}` };
}

/**
 * POST /admin/listings/:id/media/upload: the drop zone's scripted upload (XMLHttpRequest, with progress), answered
 * with JSON — where to go next, or why the files were refused.
 */
export async function listingMediaUploadAction(request: Request, context: AppLoadContext, idValue: string | undefined) {
  assertMethod(request, ['POST']);
  const outcome = await uploadFiles(request, context, idValue);
  return outcome.ok
    ? Response.json({ location: outcome.location }, { headers: NO_STORE })
    : Response.json({ message: outcome.message }, { status: outcome.status, headers: NO_STORE });
}
