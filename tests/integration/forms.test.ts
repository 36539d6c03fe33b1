import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, formDefinitions, formSubmissions, formUploads, leads } from '../../db/schema/index.ts';
import { buildFormDefinitions } from '../../db/seed/content.ts';
import { maskedCsrfToken } from '../../app/lib/csrf.server.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { resetEnvForTests } from '../../app/lib/env.server.ts';
import type { RequestContext } from '../../app/lib/context.ts';
import { newSessionId } from '../../app/lib/session.server.ts';
import { setRateLimitRuleForTests } from '../../app/lib/rate-limit.server.ts';
import { createAltchaChallenge } from '../../app/features/spam/spam-protection.server.ts';
import {
  MAX_UPLOAD_BYTES,
  REQUIRED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
} from '../../app/features/forms/custom-form.ts';
import { action } from '../../app/routes/api/form-submissions.ts';
import { createServerApp } from '../../server/app.ts';
import { minimalPdf } from '../upload-fixtures.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { MULTIPART_PATHS } from '../../server/multipart-paths.ts';

const secret = process.env.SESSION_SECRET!;
let database: TestDatabase;
let uploadDir: string;
let app: Hono;

const PDF_BYTES = minimalPdf();

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), 'doorstep-uploads-'));
  process.env.UPLOAD_DIR = uploadDir;
  // The environment is read once and cached: read it again with the upload folder set.
  resetEnvForTests();
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await database.db.insert(formDefinitions).values(buildFormDefinitions());
  app = createServerApp({
    getDb: () => database.db,
    logger: pino({ level: 'silent' }),
    sessionSecret: secret,
    cookie: { secure: false, idleMinutes: 30, absoluteDays: 30 },
    isDevelopment: false,
    maxBodyBytes: 1_048_576,
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    multipartPaths: MULTIPART_PATHS,
    handleDocument: async (request, context) => {
      if (request.method === 'GET') return Response.json({ token: context.csrfToken });
      return action({ request, context, params: {} } as never) as Promise<Response>;
    },
  });
});

beforeEach(() => {
  setRateLimitRuleForTests('formSubmissions', { limit: 1000, windowSeconds: 60 });
});

afterAll(async () => {
  setRateLimitRuleForTests();
  setDatabaseHandle(undefined);
  await database?.dispose();
  await rm(uploadDir, { recursive: true, force: true });
});

async function altchaPayload(): Promise<string> {
  const challenge = await createAltchaChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('unsolved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

function contextFor(sessionId: string, isCsrfDeferred = true): RequestContext {
  return {
    requestId: 'test',
    nonce: 'n',
    csrfToken: maskedCsrfToken(sessionId, secret),
    isCsrfDeferred,
    // A post without JavaScript keeps its result in the session for the form's page.
    session: {
      id: sessionId,
      get: async () => undefined,
      set: async () => undefined,
    } as unknown as RequestContext['session'],
    logger: pino({ level: 'silent' }),
    clientIp: '203.0.113.9',
    origin: 'http://localhost:3000',
  };
}

type CareersOptions = {
  token?: string | null;
  honeypot?: string;
  omit?: string[];
  file?: { bytes: Uint8Array; name: string } | null;
};

async function careersForm(sessionId: string, options: CareersOptions = {}): Promise<FormData> {
  const form = new FormData();
  const token = options.token === undefined ? maskedCsrfToken(sessionId, secret) : options.token;
  if (token !== null) form.append('authenticity_token', token);
  form.append('f_id', '2');
  form.append('redirect_url', '/forms/careers');
  form.append('hfhp', options.honeypot ?? '');
  form.append('altcha', await altchaPayload());
  form.append('form_submission[do_not_contact]', '1');
  form.append('lead_client[do_not_contact]', '1');
  form.append('marketing_preferences[opt_in_terms]', 'on');
  const answers: Record<string, string> = {
    name: 'Ann Smith',
    email: 'ann@example.com',
    phone: '01234 567890',
    role: 'Lettings negotiator',
    cover_letter: 'I have five years of lettings experience.',
  };
  for (const [name, value] of Object.entries(answers)) {
    if (!options.omit?.includes(name)) form.append(`form_submission[${name}]`, value);
  }
  const file = options.file === undefined ? { bytes: PDF_BYTES, name: 'ann-smith-cv.pdf' } : options.file;
  if (file) form.append('form_submission[cv]', new Blob([file.bytes as BlobPart]), file.name);
  else form.append('form_submission[cv]', new Blob([]), '');
  return form;
}

async function post(
  form: FormData,
  sessionId: string,
  accept = 'application/json',
  headers: Record<string, string> = {},
): Promise<Response> {
  const request = new Request('http://localhost/form_submissions', {
    method: 'POST',
    body: form,
    headers: { accept, ...headers },
  });
  return (await action({ request, context: contextFor(sessionId), params: {} } as never)) as Response;
}

async function counts() {
  const submissions = await database.db.select().from(formSubmissions);
  const uploads = await database.db.select().from(formUploads);
  const emails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.relatedKind, 'form-submission'));
  const customFormLeads = await database.db.select().from(leads).where(eq(leads.kind, 'custom-form'));
  return {
    submissions: submissions.length,
    uploads: uploads.length,
    emails: emails.length,
    leads: customFormLeads.length,
  };
}

async function storedFiles(): Promise<string[]> {
  return (await readdir(uploadDir)).sort();
}

describe('POST /form_submissions', () => {
  it('stores a valid careers application with its CV under a generated name and queues the email', async () => {
    const before = await counts();
    const sessionId = newSessionId();
    const response = await post(await careersForm(sessionId), sessionId);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, redirectTo: '/forms/careers#flash/form-submission-sent' });
    const after = await counts();
    expect(after).toEqual({
      submissions: before.submissions + 1,
      uploads: before.uploads + 1,
      emails: before.emails + 1,
      leads: before.leads + 1,
    });

    const [submission] = await database.db.select().from(formSubmissions).orderBy(formSubmissions.id).limit(1);
    expect(submission?.values).toMatchObject({
      name: 'Ann Smith',
      email: 'ann@example.com',
      role: 'Lettings negotiator',
    });
    // The same submission is a lead in the back office's inbox, written in the same transaction.
    const [lead] = await database.db.select().from(leads).where(eq(leads.formSubmissionId, submission!.id));
    expect(lead).toMatchObject({
      kind: 'custom-form',
      stage: 'new',
      email: 'ann@example.com',
      recipientEmail: 'careers@harbourandvale.example',
      payload: submission!.values,
    });
    const [upload] = await database.db
      .select()
      .from(formUploads)
      .where(eq(formUploads.formSubmissionId, submission!.id));
    expect(upload).toMatchObject({
      fieldName: 'cv',
      originalName: 'ann-smith-cv.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF_BYTES.length,
    });
    expect(upload!.storedName).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    expect(upload!.storedName).not.toContain('ann-smith');
    const storedPath = path.join(uploadDir, upload!.storedName);
    expect((await stat(storedPath)).size).toBe(PDF_BYTES.length);
    expect(path.relative(path.resolve('public'), storedPath).startsWith('..')).toBe(true);
    // Owner-only permissions: the file is data, never something served or executed.
    expect((await stat(storedPath)).mode & 0o077).toBe(0);

    const [email] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, submission!.id));
    expect(email).toMatchObject({ toAddress: 'careers@harbourandvale.example', relatedKind: 'form-submission' });
    expect(email!.textBody).toContain('Role you are applying for: Lettings negotiator');
    expect(email!.textBody).toContain('Attached file: ann-smith-cv.pdf');
    expect(email!.textBody).toContain(upload!.storedName);
  });

  it('sends an ordinary form post back to the page with the success flash key', async () => {
    const sessionId = newSessionId();
    const response = await post(await careersForm(sessionId), sessionId, 'text/html');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/forms/careers#flash/form-submission-sent');
  });

  it('answers 422 with the required message for each missing field and stores nothing', async () => {
    const before = await counts();
    const filesBefore = await storedFiles();
    const sessionId = newSessionId();
    const response = await post(await careersForm(sessionId, { omit: ['role'], file: null }), sessionId);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string> };
    expect(body.errors).toEqual({ role: REQUIRED_MESSAGE, cv: REQUIRED_MESSAGE });
    expect(REQUIRED_MESSAGE).toBe('! Please fill in this field.');
    expect(await counts()).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);

    const html = await post(await careersForm(sessionId, { file: null }), sessionId, 'text/html');
    expect(html.status).toBe(303);
    expect(html.headers.get('location')).toBe('/forms/careers#flash/file-upload-error');
  });

  it('rejects a multipart post without a valid authenticity token before writing the file', async () => {
    const before = await counts();
    const filesBefore = await storedFiles();
    const sessionId = newSessionId();
    for (const token of [null, maskedCsrfToken(newSessionId(), secret)]) {
      const response = await post(await careersForm(sessionId, { token }), sessionId);
      expect(response.status).toBe(422);
      expect(((await response.json()) as { message: string }).message).toMatch(/session has expired/);
    }
    expect(await counts()).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('rejects a multipart post another site sent, with a valid token, before writing the file', async () => {
    const before = await counts();
    const filesBefore = await storedFiles();
    const sessionId = newSessionId();
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { origin: 'https://evil.example' }] as Record<
      string,
      string
    >[]) {
      const response = await post(await careersForm(sessionId), sessionId, 'application/json', headers);
      expect(response.status).toBe(422);
      expect(((await response.json()) as { message: string }).message).toMatch(/session has expired/);
    }
    expect(await counts()).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('answers 400, not 500, to a NUL character in a text field and keeps no file', async () => {
    const before = await counts();
    const filesBefore = await storedFiles();
    const sessionId = newSessionId();
    const form = await careersForm(sessionId);
    form.set('form_submission[name]', 'Ann\u0000Smith');
    const response = await post(form, sessionId);
    expect(response.status).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('treats prototype-named fields as ordinary (ignored) fields, not a 500', async () => {
    const sessionId = newSessionId();
    const form = await careersForm(sessionId);
    for (const name of ['__proto__', 'constructor', 'prototype', 'toString[x]', '__proto__[x]']) form.append(name, 'v');
    form.append('form_submission[__proto__]', 'v');
    form.append('form_submission[constructor]', 'v');
    const response = await post(form, sessionId);
    expect(response.status).toBe(200);
  });

  it('accepts a filled honeypot silently and stores nothing', async () => {
    const before = await counts();
    const filesBefore = await storedFiles();
    const sessionId = newSessionId();
    const response = await post(await careersForm(sessionId, { honeypot: 'http://spam.example' }), sessionId);
    expect(response.status).toBe(200);
    expect(await counts()).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses a file whose bytes do not match an accepted type (an .exe renamed .pdf)', async () => {
    const before = await counts();
    const filesBefore = await storedFiles();
    const sessionId = newSessionId();
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    const response = await post(await careersForm(sessionId, { file: { bytes: exe, name: 'cv.pdf' } }), sessionId);
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({ cv: FILE_TYPE_MESSAGE });
    // A real PNG named .pdf is refused too: the name must match the bytes.
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(1)]);
    const renamed = await post(await careersForm(sessionId, { file: { bytes: png, name: 'cv.pdf' } }), sessionId);
    expect(renamed.status).toBe(422);
    expect(await counts()).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses a %PDF- prefix followed by HTML and a script (the structure is checked, not only the first bytes)', async () => {
    const before = await counts();
    const filesBefore = await storedFiles();
    const sessionId = newSessionId();
    const forged = new TextEncoder().encode(
      '%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n',
    );
    const response = await post(await careersForm(sessionId, { file: { bytes: forged, name: 'cv.pdf' } }), sessionId);
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({ cv: FILE_TYPE_MESSAGE });
    expect(await counts()).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('accepts a file of exactly 10 MB and refuses 10 MB + 1 byte with 413', async () => {
    const sessionId = newSessionId();
    const exact = minimalPdf(MAX_UPLOAD_BYTES);
    const ok = await post(await careersForm(sessionId, { file: { bytes: exact, name: 'big.pdf' } }), sessionId);
    expect(ok.status).toBe(200);

    const before = await counts();
    const filesBefore = await storedFiles();
    const over = minimalPdf(MAX_UPLOAD_BYTES + 1);
    const response = await post(await careersForm(sessionId, { file: { bytes: over, name: 'big.pdf' } }), sessionId);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { errors: Record<string, string> }).errors).toEqual({
      cv: FILE_TOO_LARGE_MESSAGE,
    });
    expect(await counts()).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('stops reading a streamed upload at 10 MB + 1 byte and answers 413 (through the real server)', async () => {
    const visit = await app.request('/');
    const cookie = visit.headers.get('set-cookie')!.split(';')[0]!;
    const { token } = (await visit.json()) as { token: string };
    const boundary = '----doorstep-test-boundary';
    const encoder = new TextEncoder();
    const head = encoder.encode(
      [
        ['authenticity_token', token],
        ['f_id', '2'],
        ['redirect_url', '/forms/careers'],
      ]
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') +
        `--${boundary}\r\nContent-Disposition: form-data; name="form_submission[cv]"; filename="huge.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    const totalFileBytes = 50 * 1024 * 1024;
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    let sent = 0;
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled === 0) {
            controller.enqueue(head);
          } else if (sent < totalFileBytes) {
            controller.enqueue(chunk);
            sent += chunk.byteLength;
          } else {
            controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
            controller.close();
          }
          pulled++;
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const before = await counts();
    const filesBefore = await storedFiles();
    const response = await app.request('/form_submissions', {
      method: 'POST',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, accept: 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(cancelled).toBe(true);
    // It read just past the limit (plus what was in flight), never the whole 50 MB.
    expect(sent).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(sent).toBeLessThan(MAX_UPLOAD_BYTES + 2 * 1024 * 1024);
    expect(await counts()).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('refuses a large upload at once when Content-Length already says it is too big', async () => {
    const response = await app.request('/form_submissions', {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(40 * 1024 * 1024),
        accept: 'application/json',
      },
      body: '--x--\r\n',
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(FILE_TOO_LARGE_MESSAGE);
  });

  it('lets the server check the token of a form-encoded post (no file)', async () => {
    const visit = await app.request('/');
    const cookie = visit.headers.get('set-cookie')!.split(';')[0]!;
    const { token } = (await visit.json()) as { token: string };
    const fields = new URLSearchParams({
      authenticity_token: token,
      f_id: '1',
      redirect_url: '/forms/landlord-enquiry',
      hfhp: '',
      altcha: await altchaPayload(),
      'form_submission[name]': 'Bob Jones',
      'form_submission[email]': 'bob@example.com',
      'form_submission[phone]': '07700 900123',
      'form_submission[property_address]': '4 Mill Lane, Bath',
      'form_submission[number_of_properties]': '2 to 5',
    });
    const ok = await app.request('/form_submissions', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/forms/landlord-enquiry#flash/form-submission-sent');

    fields.delete('authenticity_token');
    const forged = await app.request('/form_submissions', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
    expect(forged.status).toBe(422);
  });

  it('refuses a submission without a solved bot check, and an unknown form', async () => {
    const sessionId = newSessionId();
    const form = await careersForm(sessionId);
    form.set('altcha', 'not-a-solution');
    const response = await post(form, sessionId);
    expect(response.status).toBe(422);
    const unknown = await careersForm(sessionId);
    unknown.set('f_id', '999');
    expect((await post(unknown, sessionId)).status).toBe(404);
  });

  it('only follows local redirect paths', async () => {
    const sessionId = newSessionId();
    const form = await careersForm(sessionId);
    form.set('redirect_url', '//evil.example/phish');
    const response = await post(form, sessionId, 'text/html');
    expect(response.headers.get('location')).toBe('/#flash/form-submission-sent');
  });

  it("follows the form's own redirect path after sending, and refuses a kind of file its field does not take", async () => {
    const [careers] = await database.db.select().from(formDefinitions).where(eq(formDefinitions.slug, 'careers'));
    const jpegOnly = careers!.formElements.map((element) =>
      element.inputType === 'file' ? { ...element, fileTypes: ['jpeg', 'png'] } : element,
    );
    await database.db
      .update(formDefinitions)
      .set({ redirectPath: '/careers?applied=1', formElements: jpegOnly })
      .where(eq(formDefinitions.id, careers!.id));
    try {
      const sessionId = newSessionId();
      const before = await counts();
      const refused = await post(await careersForm(sessionId), sessionId);
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({ errors: { cv: 'The selected file must be a JPG or PNG' } });
      expect(await counts()).toEqual(before);

      await database.db
        .update(formDefinitions)
        .set({ formElements: careers!.formElements })
        .where(eq(formDefinitions.id, careers!.id));
      await database.db
        .update(formDefinitions)
        .set({ thankYouText: 'Thank you for applying.' })
        .where(eq(formDefinitions.id, careers!.id));
      // Sent without JavaScript: the thank-you waits in the session for the next page.
      const context = contextFor(sessionId);
      const kept: Record<string, unknown> = {};
      context.session = {
        id: sessionId,
        get: async (key: string) => kept[key],
        set: async (key: string, value: unknown) => {
          kept[key] = value;
        },
      } as unknown as RequestContext['session'];
      const request = new Request('http://localhost/form_submissions', {
        method: 'POST',
        body: await careersForm(sessionId),
        headers: { accept: 'text/html' },
      });
      const sent = (await action({ request, context, params: {} } as never)) as Response;
      expect(sent.headers.get('location')).toBe('/careers?applied=1#flash/form-submission-sent');
      expect(kept.flash_notice).toEqual({ message: 'Thank you for applying.', kind: 'success' });
    } finally {
      await database.db
        .update(formDefinitions)
        .set({ redirectPath: '', thankYouText: '', formElements: careers!.formElements })
        .where(eq(formDefinitions.id, careers!.id));
    }
  });

  it('answers 429 once the per-IP limit is used up', async () => {
    setRateLimitRuleForTests('formSubmissions', { limit: 1, windowSeconds: 60 });
    const sessionId = newSessionId();
    const context = contextFor(sessionId);
    context.clientIp = '198.51.100.77';
    const send = async () =>
      (await action({
        request: new Request('http://localhost/form_submissions', {
          method: 'POST',
          body: await careersForm(sessionId),
          headers: { accept: 'application/json' },
        }),
        context,
        params: {},
      } as never)) as Response;
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(429);
  });
});

describe('a custom form whose fields are named after Object members (the builder refuses them now; older definitions may have them)', () => {
  const FORM_ID = 90;

  beforeAll(async () => {
    await database.db.insert(formDefinitions).values({
      id: FORM_ID,
      slug: 'trade-enquiry',
      title: 'Trade enquiry',
      htmlFormId: 'trade-enquiry-form',
      formElements: [
        { fieldName: 'email', friendlyName: 'Email', required: true, inputType: 'email', fieldPosition: 'half' },
        {
          fieldName: 'constructor',
          friendlyName: 'Constructor',
          required: false,
          inputType: 'text',
          fieldPosition: 'half',
        },
        { fieldName: 'toString', friendlyName: 'Trade', required: false, inputType: 'text', fieldPosition: 'half' },
        {
          fieldName: 'valueOf',
          friendlyName: 'Budget',
          required: false,
          inputType: 'select',
          options: ['Low', 'High'],
          fieldPosition: 'half',
        },
      ],
      recipientEmail: 'trade@harbourandvale.example',
    });
  });

  async function tradeForm(sessionId: string, answers: Record<string, string>): Promise<FormData> {
    const form = new FormData();
    form.append('authenticity_token', maskedCsrfToken(sessionId, secret));
    form.append('f_id', String(FORM_ID));
    form.append('redirect_url', '/forms/trade-enquiry');
    form.append('hfhp', '');
    form.append('altcha', await altchaPayload());
    for (const [name, value] of Object.entries(answers)) form.append(`form_submission[${name}]`, value);
    return form;
  }

  it('passes over them when left blank: the other fields are judged as usual (422, not a 500)', async () => {
    const sessionId = newSessionId();
    const response = await post(await tradeForm(sessionId, { email: 'not-an-email' }), sessionId);
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string> };
    expect(Object.keys(body.errors)).toEqual(['email']);
  });

  it('stores the answers under those names, a blank one as empty', async () => {
    const sessionId = newSessionId();
    const response = await post(
      await tradeForm(sessionId, { email: 'ann@example.com', toString: 'Plumber' }),
      sessionId,
    );
    expect(response.status).toBe(200);
    const [submission] = await database.db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.formDefinitionId, FORM_ID));
    expect(submission?.values).toMatchObject({
      email: 'ann@example.com',
      constructor: '',
      toString: 'Plumber',
      valueOf: '',
    });
  });
});
