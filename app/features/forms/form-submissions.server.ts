/**
 * POST /form_submissions (spec point 7): receives a custom form, multipart (with one file) or form-encoded.
 * Order of checks: rate limit → size from Content-Length → authenticity token (multipart: read from the stream
 * and required before any file part; form-encoded: already checked by the server) → file size and type while
 * streaming → honeypot (accepted silently, nothing stored) → the form definition's rules (its schema, through
 * Conform) → bot check → store the submission, the upload row and the staff email in one transaction. See docs/decisions/008-forms-and-uploads.md.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { formDefinitions, formSubmissions, formUploads, leads } from '../../../db/schema/index.ts';
import { isAuthentic } from '../../lib/csrf.server.ts';
import { setFlashNotice } from '../../lib/flash-notice.server.ts';
import type { Database } from '../../lib/db.server.ts';
import type { FileStorage } from '../../lib/storage/storage.server.ts';
import { isRateLimited, limit, RATE_LIMIT_MESSAGE } from '../../lib/rate-limit.server.ts';
import { errorList, parseForm, replyTo, type FieldError, type FormResult } from '../../lib/http/form-submission.ts';
import { HttpError } from '../../lib/http/http-error.ts';
import { fieldRecord, readFields } from '../../lib/http/request-body.ts';
import { enqueueEmail } from '../email/index.server.ts';
import { BOT_CHECK_FAILED_MESSAGE, FORM_HONEYPOT_FIELD, isHoneypotFilled } from '../spam/index.ts';
import {
  answersToStore,
  FILE_EMPTY_MESSAGE,
  FILE_ERROR_FLASH_KEY,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  fileElementOf,
  FORM_FAILED_MESSAGE,
  FORM_ID_FIELD,
  LEAD_DO_NOT_CONTACT_FIELD,
  MAX_UPLOAD_BYTES,
  parseSubmissionFieldName,
  REDIRECT_FIELD,
  safeRedirectPath,
  SENT_MESSAGE,
  SUBMISSION_DO_NOT_CONTACT_FIELD,
  SUCCESS_FLASH_KEY,
  TERMS_FIELD,
  TOO_LONG_MESSAGE,
  VALIDATION_ERROR_FLASH_KEY,
  answersPayload,
  answersSchema,
  type CustomFormView,
  type FieldErrors,
} from './custom-form.ts';
import {
  readMultipartBody,
  type MultipartFailure,
  type ReceivedUpload as ReceivedMultipartUpload,
} from '../../lib/http/multipart.server.ts';
import { hasValidStructure } from './file-structure.server.ts';
import { SNIFF_BYTES, allowedKindsOf, describeKinds, identifyUpload, type AcceptedFileType } from './file-types.ts';

type ReceivedUpload = ReceivedMultipartUpload<AcceptedFileType>;
import { NEW_HOMES_FORM_SLUG } from './new-homes.ts';
import { receiveNewHomesEnquiry } from './new-homes.server.ts';
import { INVALID_AUTHENTICITY_MESSAGE } from '../../lib/http/csrf-fetch.ts';

const NOT_FOUND_MESSAGE = 'Sorry, this form is no longer available.';
const MALFORMED_MESSAGE = 'The form could not be read. Please try again.';

/** Room for the text fields and multipart headers around a 10 MB file. */
const MAX_FIELDS_OVERHEAD_BYTES = 512 * 1024;

export type FormSubmissionResult =
  | {
      outcome: 'sent';
      redirectTo: string;
      flashKey: string;
      submissionId?: number;
      leadId?: number;
      /** The form's own thank-you, shown after a post without JavaScript ('' or absent: the standard one). */
      thankYouText?: string;
    }
  | { outcome: 'ignored'; redirectTo: string }
  | ({ outcome: 'invalid'; status: 413 | 422; redirectTo: string; errors: FieldErrors; flashKey: string } & ShownAgain)
  | ({
      outcome: 'rejected';
      status: 400 | 404 | 413 | 415 | 422;
      redirectTo: string;
      message: string;
      flashKey: string;
    } & ShownAgain)
  | { outcome: 'rate-limited'; retryAfterSeconds: number; redirectTo: string };

/** For a post without JavaScript: the form to show again, with Conform's result (errors, answers minus secrets). */
type ShownAgain = { formId?: number; formResult?: FormResult };

export type FormSubmissionDeps = {
  db: Database;
  /** Where the multipart reader spools a file while checking it (this instance's disk). */
  uploadDir: string;
  /** Where an accepted file is kept, as `uploads/<generated name>`. */
  storage: FileStorage;
  sessionSecret: string;
  /** Null for a visitor without a session, whose token is bound to `anonymousId` (app/lib/csrf.server.ts). */
  sessionId: string | null;
  anonymousId?: string | null;
  /** True for multipart bodies: the server left the token check to this function. */
  isCsrfDeferred: boolean;
  clientIp: string;
  origin: string;
  verifyBotCheck: (fields: Record<string, unknown>, clientIp: string) => Promise<boolean>;
};

/** The active form with this id or slug, without its recipient. */
export async function getCustomForm(
  db: Database,
  key: { id: number } | { slug: string },
): Promise<CustomFormView | null> {
  const [form] = await db
    .select({
      id: formDefinitions.id,
      slug: formDefinitions.slug,
      title: formDefinitions.title,
      para: formDefinitions.para,
      gaName: formDefinitions.gaName,
      submitButtonText: formDefinitions.submitButtonText,
      htmlFormId: formDefinitions.htmlFormId,
      formElements: formDefinitions.formElements,
      thankYouText: formDefinitions.thankYouText,
    })
    .from(formDefinitions)
    .where(
      and(
        'id' in key ? eq(formDefinitions.id, key.id) : eq(formDefinitions.slug, key.slug),
        eq(formDefinitions.isActive, true),
      ),
    )
    .limit(1);
  return form ?? null;
}

async function getFormRecipient(db: Database, id: number) {
  const [form] = await db
    .select({
      recipientEmail: formDefinitions.recipientEmail,
      title: formDefinitions.title,
      redirectPath: formDefinitions.redirectPath,
    })
    .from(formDefinitions)
    .where(and(eq(formDefinitions.id, id), eq(formDefinitions.isActive, true)))
    .limit(1);
  return form ?? null;
}

function formIdOf(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

const MULTIPART_FAILURES: Record<MultipartFailure, { status: 400 | 413 | 422; message: string }> = {
  'too-large': { status: 413, message: FILE_TOO_LARGE_MESSAGE },
  'file-type': { status: 422, message: FILE_TYPE_MESSAGE },
  'file-empty': { status: 422, message: FILE_EMPTY_MESSAGE },
  rejected: { status: 422, message: INVALID_AUTHENTICITY_MESSAGE },
  malformed: { status: 400, message: MALFORMED_MESSAGE },
  'too-many-parts': { status: 413, message: MALFORMED_MESSAGE },
  // A custom form reads one file and ignores the rest, so this is never reported; kept for the complete table.
  'too-many-files': { status: 413, message: MALFORMED_MESSAGE },
};

export async function receiveFormSubmission(request: Request, deps: FormSubmissionDeps): Promise<FormSubmissionResult> {
  const contentType = (request.headers.get('content-type') ?? '').toLowerCase();
  const isMultipart = contentType.startsWith('multipart/form-data');
  const isFormEncoded = contentType.startsWith('application/x-www-form-urlencoded');
  if (!isMultipart && !isFormEncoded) {
    return {
      outcome: 'rejected',
      status: 415,
      redirectTo: '/',
      message: MALFORMED_MESSAGE,
      flashKey: FILE_ERROR_FLASH_KEY,
    };
  }

  try {
    await limit(deps.db, 'formSubmissions', deps.clientIp);
  } catch (error) {
    if (!isRateLimited(error)) throw error;
    return { outcome: 'rate-limited', retryAfterSeconds: error.retryAfterSeconds, redirectTo: '/' };
  }

  const declaredLength = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declaredLength) && declaredLength > MAX_UPLOAD_BYTES + MAX_FIELDS_OVERHEAD_BYTES) {
    return tooLarge('/', null);
  }

  let fields: Record<string, string>;
  let upload: ReceivedUpload | null = null;
  let truncated: string[] = [];
  if (isMultipart) {
    const tokenOk = (candidate: Readonly<Record<string, string>>) =>
      isAuthentic(request, candidate, {
        sessionId: deps.sessionId,
        anonymousId: deps.anonymousId ?? null,
        secret: deps.sessionSecret,
        publicOrigin: deps.origin,
      });
    const received = await readMultipartBody(request, {
      uploadDir: deps.uploadDir,
      sniffBytes: SNIFF_BYTES,
      identify: identifyUpload,
      maxFileBytes: MAX_UPLOAD_BYTES,
      onFileStart: (_name, fieldsSoFar) => {
        // The token must come before the file: a forged request never gets a byte written to disk.
        if (!tokenOk(fieldsSoFar)) return 'reject';
        return isHoneypotFilled(fieldsSoFar[FORM_HONEYPOT_FIELD]) ? 'discard' : 'store';
      },
    });
    const redirectTo = safeRedirectPath(received.fields[REDIRECT_FIELD]);
    if (!received.ok) {
      if (received.reason === 'rejected') return csrfFailure(redirectTo);
      const failure = MULTIPART_FAILURES[received.reason];
      const fileField = received.fileFieldName ? parseSubmissionFieldName(received.fileFieldName) : null;
      if (received.reason === 'too-large') return tooLarge(redirectTo, fileField);
      if (fileField && failure.status === 422) {
        return {
          outcome: 'invalid',
          status: 422,
          redirectTo,
          errors: { [fileField]: failure.message },
          flashKey: FILE_ERROR_FLASH_KEY,
        };
      }
      return {
        outcome: 'rejected',
        status: failure.status,
        redirectTo,
        message: failure.message,
        flashKey: FILE_ERROR_FLASH_KEY,
      };
    }
    if (!tokenOk(received.fields)) {
      if (received.upload) await rm(received.upload.tempPath, { force: true });
      return csrfFailure(redirectTo);
    }
    if (received.upload && !(await hasValidStructure(received.upload.tempPath, received.upload.type))) {
      await rm(received.upload.tempPath, { force: true });
      const fileField = parseSubmissionFieldName(received.upload.fieldName);
      if (fileField) {
        return {
          outcome: 'invalid',
          status: 422,
          redirectTo,
          errors: { [fileField]: FILE_TYPE_MESSAGE },
          flashKey: FILE_ERROR_FLASH_KEY,
        };
      }
      return {
        outcome: 'rejected',
        status: 422,
        redirectTo,
        message: FILE_TYPE_MESSAGE,
        flashKey: FILE_ERROR_FLASH_KEY,
      };
    }
    fields = received.fields;
    upload = received.upload;
    truncated = received.truncatedFields;
  } else {
    if (deps.isCsrfDeferred) return csrfFailure('/');
    try {
      // The request layer's one reader (limits, NUL check); a field sent twice keeps its first value.
      const read = await readFields(request, { limitBytes: MAX_FIELDS_OVERHEAD_BYTES });
      fields = {};
      for (const [name, value] of Object.entries(read)) {
        const first: unknown = Array.isArray(value) ? value[0] : value;
        if (typeof first === 'string') fields[name] = first;
      }
    } catch (error) {
      if (error instanceof HttpError && error.status === 413) return tooLarge('/', null);
      return {
        outcome: 'rejected',
        status: 400,
        redirectTo: '/',
        message: MALFORMED_MESSAGE,
        flashKey: FILE_ERROR_FLASH_KEY,
      };
    }
  }

  const discardUpload = async () => {
    if (upload) await rm(upload.tempPath, { force: true });
  };
  const redirectTo = safeRedirectPath(fields[REDIRECT_FIELD]);

  if (isHoneypotFilled(fields[FORM_HONEYPOT_FIELD])) {
    await discardUpload();
    return { outcome: 'ignored', redirectTo };
  }

  const formId = formIdOf(fields[FORM_ID_FIELD]);
  const form = formId === null ? null : await getCustomForm(deps.db, { id: formId });
  if (!form) {
    await discardUpload();
    return {
      outcome: 'rejected',
      status: 404,
      redirectTo,
      message: NOT_FOUND_MESSAGE,
      flashKey: VALIDATION_ERROR_FLASH_KEY,
    };
  }
  const botCheckRefusal = (formResult: FormResult, to: string): FormSubmissionResult => ({
    outcome: 'rejected',
    status: 422,
    redirectTo: to,
    message: BOT_CHECK_FAILED_MESSAGE,
    flashKey: 'recaptcha-invalid',
    formId: form.id,
    formResult,
  });

  if (form.slug === NEW_HOMES_FORM_SLUG) {
    await discardUpload();
    const enquiry = await receiveNewHomesEnquiry(deps.db, form, fields, {
      clientIp: deps.clientIp,
      origin: deps.origin,
      redirectTo,
      verifyBotCheck: () => deps.verifyBotCheck(fields, deps.clientIp),
    });
    if (enquiry.ok) {
      return { outcome: 'sent', redirectTo: enquiry.redirectTo, flashKey: enquiry.flashKey, leadId: enquiry.leadId };
    }
    if (enquiry.isBotCheckFailed) return botCheckRefusal(enquiry.result, enquiry.redirectTo);
    return {
      outcome: 'invalid',
      status: 422,
      redirectTo: enquiry.redirectTo,
      errors: enquiry.errors,
      flashKey: VALIDATION_ERROR_FLASH_KEY,
      formId: form.id,
      formResult: enquiry.result,
    };
  }

  const fileElement = fileElementOf(form.formElements);
  if (upload && (!fileElement || parseSubmissionFieldName(upload.fieldName) !== fileElement.fieldName)) {
    // A file sent under a name the form does not ask for is not kept.
    await discardUpload();
    upload = null;
  }
  const allowedKinds = allowedKindsOf(fileElement?.fileTypes);
  if (upload && fileElement && !allowedKinds.includes(upload.type.kind)) {
    // An accepted kind of file, but not one this form's field takes (the form builder chose its kinds).
    await discardUpload();
    return {
      outcome: 'invalid',
      status: 422,
      redirectTo,
      errors: { [fileElement.fieldName]: `The selected file must be a ${describeKinds(allowedKinds)}` },
      flashKey: FILE_ERROR_FLASH_KEY,
    };
  }
  // The answers are judged before the bot check: a visitor without JavaScript (who cannot run it) still learns
  // what to correct, and only a valid submission meets the bot check.
  const submission = parseForm(
    answersPayload(Object.entries(fields)),
    answersSchema(form.formElements, { fileState: upload ? 'present' : 'missing' }),
  );
  const tooLong: FieldError[] = [];
  for (const name of truncated) {
    const fieldName = parseSubmissionFieldName(name);
    if (fieldName && form.formElements.some((element) => element.fieldName === fieldName)) {
      tooLong.push({ field: fieldName, message: TOO_LONG_MESSAGE });
    }
  }
  if (submission.status !== 'success' || tooLong.length > 0) {
    await discardUpload();
    const formResult = replyTo(submission, tooLong);
    const errors: FieldErrors = fieldRecord();
    for (const { field, message } of errorList(formResult.error)) errors[field] ??= message;
    const isFileError = fileElement !== undefined && fileElement.fieldName in errors;
    return {
      outcome: 'invalid',
      status: 422,
      redirectTo,
      errors,
      flashKey: isFileError ? FILE_ERROR_FLASH_KEY : VALIDATION_ERROR_FLASH_KEY,
      formId: form.id,
      formResult,
    };
  }
  if (!(await deps.verifyBotCheck(fields, deps.clientIp))) {
    await discardUpload();
    return botCheckRefusal(replyTo(submission, [{ field: 'form', message: BOT_CHECK_FAILED_MESSAGE }]), redirectTo);
  }

  const answers: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const fieldName = parseSubmissionFieldName(name);
    if (fieldName) answers[fieldName] = value;
  }
  const values = answersToStore(form.formElements, answers);
  values[SUBMISSION_DO_NOT_CONTACT_FIELD] = (fields[SUBMISSION_DO_NOT_CONTACT_FIELD] ?? '').slice(0, 10);
  values[LEAD_DO_NOT_CONTACT_FIELD] = (fields[LEAD_DO_NOT_CONTACT_FIELD] ?? '').slice(0, 10);
  values[TERMS_FIELD] = (fields[TERMS_FIELD] ?? '').slice(0, 10);

  let storedKey: string | null = null;
  let storedName: string | null = null;
  if (upload) {
    storedName = `${randomUUID()}.${upload.type.extension}`;
    storedKey = `uploads/${storedName}`;
    const { tempPath, sizeBytes } = upload;
    await deps.storage
      .put(storedKey, createReadStream(tempPath), upload.type.contentType, { size: sizeBytes })
      .finally(() => rm(tempPath, { force: true }));
  }
  try {
    const { submissionId, redirectPath } = await storeSubmission(deps, form, values, redirectTo, upload, storedName);
    // The form's own page after sending (set in the back office), checked again as any redirect target is.
    const sentTo = redirectPath ? safeRedirectPath(redirectPath, redirectTo) : redirectTo;
    return {
      outcome: 'sent',
      redirectTo: sentTo,
      submissionId,
      flashKey: SUCCESS_FLASH_KEY,
      thankYouText: form.thankYouText,
    };
  } catch (error) {
    if (storedKey) await deps.storage.delete(storedKey).catch(() => undefined);
    throw error;
  }
}

async function storeSubmission(
  deps: FormSubmissionDeps,
  form: CustomFormView,
  values: Record<string, string>,
  redirectTo: string,
  upload: ReceivedUpload | null,
  storedName: string | null,
): Promise<{ submissionId: number; redirectPath: string }> {
  const recipient = await getFormRecipient(deps.db, form.id);
  const submissionId = await deps.db.transaction(async (tx) => {
    const [submission] = await tx
      .insert(formSubmissions)
      .values({ formDefinitionId: form.id, values, redirectUrl: redirectTo, ipAddress: deps.clientIp })
      .returning({ id: formSubmissions.id });
    if (!submission) throw new Error('form submission was not stored');
    // The same submission as a lead, so the back office's inbox lists custom forms with every other enquiry.
    await tx.insert(leads).values({
      kind: 'custom-form',
      status: 'received',
      payload: values,
      email: visitorEmailOf(form, values),
      recipientEmail: recipient?.recipientEmail ?? null,
      ipAddress: deps.clientIp,
      formSubmissionId: submission.id,
    });
    const lines = [`A visitor sent the "${form.title}" form on ${deps.origin}${redirectTo}.`, ''];
    for (const element of form.formElements) {
      if (element.inputType === 'file') continue;
      lines.push(`${element.friendlyName}: ${values[element.fieldName] || '-'}`);
    }
    if (upload && storedName) {
      const [row] = await tx
        .insert(formUploads)
        .values({
          formSubmissionId: submission.id,
          fieldName: parseSubmissionFieldName(upload.fieldName) ?? upload.fieldName,
          originalName: upload.originalName,
          storedName,
          contentType: upload.type.contentType,
          sizeBytes: upload.sizeBytes,
        })
        .returning({ id: formUploads.id });
      lines.push(
        '',
        `Attached file: ${upload.originalName} (${upload.type.contentType}, ${formatSize(upload.sizeBytes)}).`,
        `It is kept on the server as upload ${row?.id ?? ''} in the upload folder, file ${storedName}.`,
      );
    }
    lines.push('', `Submission reference: ${submission.id}`);
    await enqueueEmail(tx as unknown as Database, {
      to: recipient?.recipientEmail ?? '',
      subject: `${form.title}: new form submission`,
      text: lines.join('\n'),
      relatedKind: 'form-submission',
      relatedId: submission.id,
    });
    return submission.id;
  });
  return { submissionId, redirectPath: recipient?.redirectPath ?? '' };
}

/** The answer to the form's first email field: who the enquiry is from. */
function visitorEmailOf(form: CustomFormView, values: Record<string, string>): string | null {
  const element = form.formElements.find((candidate) => candidate.inputType === 'email');
  return (element && values[element.fieldName]?.trim()) || null;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function tooLarge(redirectTo: string, fileField: string | null): FormSubmissionResult {
  // Refused before the file's field was read (Content-Length): no field to point at, so the message says it all.
  if (!fileField) {
    return {
      outcome: 'rejected',
      status: 413,
      redirectTo,
      message: FILE_TOO_LARGE_MESSAGE,
      flashKey: FILE_ERROR_FLASH_KEY,
    };
  }
  return {
    outcome: 'invalid',
    status: 413,
    redirectTo,
    errors: { [fileField]: FILE_TOO_LARGE_MESSAGE },
    flashKey: FILE_ERROR_FLASH_KEY,
  };
}

function csrfFailure(redirectTo: string): FormSubmissionResult {
  return {
    outcome: 'rejected',
    status: 422,
    redirectTo,
    message: INVALID_AUTHENTICITY_MESSAGE,
    flashKey: 'invalid-authenticity-token',
  };
}

/**
 * The HTTP answer. Scripts (Accept: application/json) get JSON with the status; an ordinary form post (no
 * JavaScript) is sent back to the page it came from with a flash key in the hash (spec point 8).
 */
export function formSubmissionResponse(result: FormSubmissionResult, wantsJson: boolean): Response {
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' };
  if ((result.outcome === 'invalid' || result.outcome === 'rejected') && result.status === 413)
    headers.Connection = 'close';
  if (result.outcome === 'rate-limited') headers['Retry-After'] = String(result.retryAfterSeconds);
  if (wantsJson) {
    switch (result.outcome) {
      case 'sent':
        return Response.json({ ok: true, redirectTo: `${result.redirectTo}#flash/${result.flashKey}` }, { headers });
      case 'ignored':
        return Response.json({ ok: true, redirectTo: `${result.redirectTo}#flash/${SUCCESS_FLASH_KEY}` }, { headers });
      case 'invalid':
        return Response.json(
          { ok: false, message: FORM_FAILED_MESSAGE, errors: result.errors },
          { status: result.status, headers },
        );
      case 'rejected':
        return Response.json({ ok: false, message: result.message, errors: {} }, { status: result.status, headers });
      case 'rate-limited':
        return Response.json({ ok: false, message: RATE_LIMIT_MESSAGE, errors: {} }, { status: 429, headers });
    }
  }
  if (result.outcome === 'rate-limited') {
    return new Response(RATE_LIMIT_MESSAGE, {
      status: 429,
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  const key = result.outcome === 'ignored' ? SUCCESS_FLASH_KEY : result.flashKey;
  return new Response(null, { status: 303, headers: { ...headers, Location: `${result.redirectTo}#flash/${key}` } });
}

export function wantsJson(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes('application/json');
}

const SHOWN_AGAIN_KEY = 'customFormResult';

/**
 * A post without JavaScript that went wrong is sent back to its page (the 303 above); the page shows Conform's
 * result from here, with the error summary and the inline errors, as the account forms do.
 */
export async function keepForFormPage(
  session: AppLoadContext['session'],
  result: FormSubmissionResult,
  isJson: boolean,
): Promise<void> {
  if (!isJson && result.outcome === 'sent' && result.thankYouText !== undefined) {
    // A page without scripts cannot show the flash key's toast: the thank-you waits in the session for the next page.
    await setFlashNotice(session, { message: result.thankYouText || SENT_MESSAGE, kind: 'success' });
    return;
  }
  if (isJson || (result.outcome !== 'invalid' && result.outcome !== 'rejected')) return;
  if (result.formId === undefined || !result.formResult) return;
  await session.set(SHOWN_AGAIN_KEY, { formId: result.formId, result: result.formResult });
}

/** Read once, by the page of the form it belongs to. */
export async function takeFormPageResult(
  session: AppLoadContext['session'],
  formId: number,
): Promise<FormResult | null> {
  const kept = await session.get<{ formId: number; result: FormResult }>(SHOWN_AGAIN_KEY);
  if (!kept || kept.formId !== formId) return null;
  await session.set(SHOWN_AGAIN_KEY, null);
  return kept.result;
}
