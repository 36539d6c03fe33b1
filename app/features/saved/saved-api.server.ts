/**
 * The JSON calls of spec point 7 for saved properties and searches. Each answers only for the signed-in user
 * (401 otherwise) and touches only that user's rows: another user's id is answered 404 (quality bar 8.2.2).
 */
import type { RequestContext } from '../../lib/context.ts';
import { getDb } from '../../lib/db.server.ts';
import { HttpError, assertMethod, respondingToHttpErrors } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import { setFlashNotice, type FlashNotice } from '../../lib/flash-notice.server.ts';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import { fromQueryParams, isSearchStatus } from '../search/index.ts';
import { addSavedProperties, listSavedProperties, removeSavedProperty } from './saved-property-queries.server.ts';
import {
  listSavedSearches,
  removeSavedSearch,
  saveSearchForUser,
  updateSavedSearchFrequency,
} from './saved-search-queries.server.ts';
import {
  PROPERTY_SAVED_MESSAGE,
  SAVED_PROPERTY_REMOVED_MESSAGE,
  SEARCH_ALREADY_SAVED_MESSAGE,
  SEARCH_SAVED_MESSAGE,
} from './saved-messages.ts';
import {
  ALERT_FREQUENCY_UPDATED_MESSAGE,
  NOT_FOUND_MESSAGE,
  SAVED_PROPERTIES_LIMIT_MESSAGE,
  SAVED_SEARCH_REMOVED_MESSAGE,
  SAVED_SEARCHES_LIMIT_MESSAGE,
  SIGN_IN_REQUIRED_MESSAGE,
  idSchema,
  propertyIdsSchema,
  savedSearchUpdateSchema,
} from './saved-schemas.ts';

type Context = Pick<RequestContext, 'session' | 'csrfToken'>;

/** The field only the saved-items forms carry: where a plain post (no JavaScript) goes back to. */
const RETURN_TO_FIELD = 'return_to';

const FAILED_MESSAGE = 'Sorry, that did not work. Please try again.';

const NO_STORE = { 'Cache-Control': 'no-store' };

function jsonResponse(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/**
 * Body fields (form or JSON, read by the request layer) over query fields, as text; lists become comma-separated
 * text. The control fields the server already used are dropped. An unreadable body is an HttpError (400/413/415).
 */
async function readSavedFields(request: Request): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) fields[key] = value;
  for (const [key, value] of Object.entries(await readFields(request))) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = String(value);
    // A list's nested objects (a hostile body) have no prototype, so String() would throw: they count as empty.
    else if (Array.isArray(value))
      fields[key] = value
        .map((item: unknown) => (typeof item === 'object' && item !== null ? '' : String(item)))
        .join(',');
  }
  delete fields.authenticity_token;
  delete fields._method;
  return fields;
}

/**
 * A plain form post (the page's script did not take it over) names the page to go back to; the script's JSON
 * calls never do. Such a post is answered with a redirect and a one-time notice, not JSON.
 */
function formReturnPath(fields: Record<string, string>): string | null {
  const returnTo = fields[RETURN_TO_FIELD];
  delete fields[RETURN_TO_FIELD];
  return returnTo === undefined ? null : safeRedirectPath(returnTo, '/');
}

async function redirectWithNotice(context: Context, path: string, notice: FlashNotice): Promise<Response> {
  await setFlashNotice(context.session, notice);
  return new Response(null, { status: 303, headers: { Location: path, ...NO_STORE } });
}

/** Signed-out visitors keep saved items in the browser, which needs the script: without it they are asked to sign in. */
function askToSignIn(context: Context): Promise<Response> {
  return redirectWithNotice(context, '/user/sign-in', { message: SIGN_IN_REQUIRED_MESSAGE, kind: 'error' });
}

/** A wrong method, or a body the request layer could not read, answered as JSON like every other error here. */
function answering(request: Request, run: () => Promise<Response>): Promise<Response> {
  return respondingToHttpErrors(request, run, { json: true });
}

async function signedInUserId(context: Context): Promise<number | null> {
  return context.session.getUserId();
}

const unauthorised = () => jsonResponse({ error: SIGN_IN_REQUIRED_MESSAGE }, 401);
const notFound = () => jsonResponse({ error: NOT_FOUND_MESSAGE }, 404);

/** GET /saved_properties.ljson */
export async function savedPropertiesLoader(context: Context): Promise<Response> {
  const userId = await signedInUserId(context);
  if (userId === null) return unauthorised();
  return jsonResponse({ ...(await listSavedProperties(getDb(), userId)), authenticity_token: context.csrfToken });
}

/** POST /saved_properties.ljson with property_ids (comma string); `synced=1` also stores the merge flag. */
export async function savedPropertiesAction(request: Request, context: Context): Promise<Response> {
  return answering(request, async () => {
    // GET is the loader's: listed so the Allow header names everything this address answers.
    assertMethod(request, ['GET', 'POST']);
    const userId = await signedInUserId(context);
    const fields = await readSavedFields(request);
    const returnPath = formReturnPath(fields);
    if (returnPath !== null) return savePropertyFromForm(context, userId, fields, returnPath);
    if (userId === null) return unauthorised();
    const parsed = propertyIdsSchema.safeParse(fields.property_ids);
    const markSynced = fields.synced === '1' || fields.synced === 'true';
    if (!parsed.success) {
      // A merge with nothing local to push still stores the flag.
      if (markSynced && (fields.property_ids ?? '').trim() === '') {
        await addSavedProperties(getDb(), userId, [], { markSynced });
        return jsonResponse(await listSavedProperties(getDb(), userId));
      }
      return jsonResponse({ error: parsed.error.issues[0]?.message ?? 'Invalid property_ids.' }, 400);
    }
    const result = await addSavedProperties(getDb(), userId, parsed.data, { markSynced });
    const list = { ...(await listSavedProperties(getDb(), userId)), authenticity_token: context.csrfToken };
    if (result.isLimitReached) return jsonResponse({ error: SAVED_PROPERTIES_LIMIT_MESSAGE, ...list }, 422);
    return jsonResponse(list);
  });
}

/** The save toggle posted without JavaScript: the same add, answered with a redirect back and a notice. */
async function savePropertyFromForm(
  context: Context,
  userId: number | null,
  fields: Record<string, string>,
  returnPath: string,
): Promise<Response> {
  if (userId === null) return askToSignIn(context);
  const parsed = propertyIdsSchema.safeParse(fields.property_ids);
  if (!parsed.success) return redirectWithNotice(context, returnPath, { message: FAILED_MESSAGE, kind: 'error' });
  const result = await addSavedProperties(getDb(), userId, parsed.data);
  return redirectWithNotice(
    context,
    returnPath,
    result.isLimitReached
      ? { message: SAVED_PROPERTIES_LIMIT_MESSAGE, kind: 'error' }
      : { message: PROPERTY_SAVED_MESSAGE, kind: 'success' },
  );
}

/** POST /saved_properties/{id} with _method=delete (the id is the property's id). */
export async function savedPropertyAction(request: Request, context: Context, rawId: unknown): Promise<Response> {
  return answering(request, async () => {
    assertMethod(request, ['DELETE']);
    const userId = await signedInUserId(context);
    const returnPath = formReturnPath(await readSavedFields(request));
    if (userId === null) return returnPath === null ? unauthorised() : askToSignIn(context);
    const id = idSchema.safeParse(rawId);
    const isRemoved = id.success && (await removeSavedProperty(getDb(), userId, id.data));
    if (returnPath !== null) {
      // Already gone (another tab) is what the visitor asked for.
      return redirectWithNotice(context, returnPath, { message: SAVED_PROPERTY_REMOVED_MESSAGE, kind: 'success' });
    }
    if (!isRemoved || !id.success) return notFound();
    return jsonResponse({ property_id: id.data, removed: true });
  });
}

/** GET /saved_searches.ljson */
export async function savedSearchesLoader(context: Context): Promise<Response> {
  const userId = await signedInUserId(context);
  if (userId === null) return unauthorised();
  return jsonResponse({
    saved_searches: await listSavedSearches(getDb(), userId),
    authenticity_token: context.csrfToken,
  });
}

/** POST /saved_searches?{fields} with _method=put: change alert_frequency of search_id. */
export async function savedSearchesAction(request: Request, context: Context): Promise<Response> {
  return answering(request, async () => {
    assertMethod(request, ['GET', 'PUT', 'PATCH']);
    const userId = await signedInUserId(context);
    const fields = await readSavedFields(request);
    const returnPath = formReturnPath(fields);
    if (userId === null) return returnPath === null ? unauthorised() : askToSignIn(context);
    const id = idSchema.safeParse(fields.search_id);
    const parsed = savedSearchUpdateSchema.safeParse(fields);
    const updated =
      id.success && parsed.success
        ? await updateSavedSearchFrequency(getDb(), userId, parsed.data.search_id, parsed.data.alert_frequency)
        : null;
    if (returnPath !== null) {
      if (updated)
        return redirectWithNotice(context, returnPath, { message: ALERT_FREQUENCY_UPDATED_MESSAGE, kind: 'success' });
      const message = id.success && !parsed.success ? parsed.error.issues[0]?.message : NOT_FOUND_MESSAGE;
      return redirectWithNotice(context, returnPath, { message: message ?? FAILED_MESSAGE, kind: 'error' });
    }
    if (!id.success) return notFound();
    if (!parsed.success) return jsonResponse({ error: parsed.error.issues[0]?.message ?? 'Invalid update.' }, 400);
    if (!updated) return notFound();
    return jsonResponse({ saved_search: updated });
  });
}

/** POST /searches/{search_id} with _method=delete. */
export async function searchDeleteAction(request: Request, context: Context, rawId: unknown): Promise<Response> {
  return answering(request, async () => {
    assertMethod(request, ['DELETE']);
    const userId = await signedInUserId(context);
    const returnPath = formReturnPath(await readSavedFields(request));
    if (userId === null) return returnPath === null ? unauthorised() : askToSignIn(context);
    const id = idSchema.safeParse(rawId);
    const isRemoved = id.success && (await removeSavedSearch(getDb(), userId, id.data));
    if (returnPath !== null) {
      // Already gone (another tab) is what the visitor asked for.
      return redirectWithNotice(context, returnPath, { message: SAVED_SEARCH_REMOVED_MESSAGE, kind: 'success' });
    }
    if (!isRemoved || !id.success) return notFound();
    return jsonResponse({ search_id: id.data, removed: true });
  });
}

export type SaveSearchActionData =
  | {
      ok: true;
      message: 'saved' | 'already-saved';
      saved_search: Awaited<ReturnType<typeof listSavedSearches>>[number];
    }
  | { ok: false; error: string };

/**
 * POST /search?{filters}: saves the search in the query for the signed-in user. Answers plain data (with a
 * status) because /search is a page route and the script's call reads it through the route's data URL. The
 * 'Save search' form posted without JavaScript carries `return_to` and is answered with a redirect back to the
 * results and a one-time notice instead.
 */
export async function saveSearchFromRequest(
  request: Request,
  context: Context,
  defaultStatus: string | null,
): Promise<{ status: number; body: SaveSearchActionData } | Response> {
  const userId = await signedInUserId(context);
  const params = new URL(request.url).searchParams;
  let fields: Record<string, string>;
  try {
    fields = await readSavedFields(request);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, body: { ok: false, error: error.message } };
    throw error;
  }
  const returnPath = formReturnPath(fields);
  if (userId === null) {
    if (returnPath !== null) return askToSignIn(context);
    return { status: 401, body: { ok: false, error: SIGN_IN_REQUIRED_MESSAGE } };
  }
  // Filters may come in the query (spec) or the body; the query wins.
  const merged = new URLSearchParams(fields);
  for (const [key, value] of params) merged.set(key, value);
  merged.delete('index');
  merged.delete(RETURN_TO_FIELD);
  const search = fromQueryParams(merged, { defaultStatus: isSearchStatus(defaultStatus) ? defaultStatus : null });
  const result = await saveSearchForUser(getDb(), userId, search);
  if (returnPath !== null) {
    const notice: FlashNotice =
      result.outcome === 'limit-reached'
        ? { message: SAVED_SEARCHES_LIMIT_MESSAGE, kind: 'error' }
        : {
            message: result.outcome === 'saved' ? SEARCH_SAVED_MESSAGE : SEARCH_ALREADY_SAVED_MESSAGE,
            kind: 'success',
          };
    return redirectWithNotice(context, returnPath, notice);
  }
  if (result.outcome === 'limit-reached')
    return { status: 422, body: { ok: false, error: SAVED_SEARCHES_LIMIT_MESSAGE } };
  return {
    status: result.outcome === 'saved' ? 201 : 200,
    body: { ok: true, message: result.outcome, saved_search: result.savedSearch },
  };
}
