import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Hono } from 'hono';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formDefinitions, formSubmissions, formUploads } from '../../db/schema/index.ts';
import { buildFormDefinitions } from '../../db/seed/content.ts';
import { createAltchaChallenge } from '../../app/features/spam/spam-protection.server.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { resetEnvForTests } from '../../app/lib/env.server.ts';
import { setRateLimitRuleForTests } from '../../app/lib/rate-limit.server.ts';
import { getStorage } from '../../app/lib/storage/storage.server.ts';
import { action } from '../../app/routes/api/form-submissions.ts';
import { createServerApp } from '../../server/app.ts';
import { registerServerRoutes } from '../../server/routes.ts';
import { startLocalS3, type LocalS3 } from '../local-s3.ts';
import { minimalPdf } from '../upload-fixtures.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { MULTIPART_PATHS } from '../../server/multipart-paths.ts';

/**
 * With S3_BUCKET set, media originals and custom-form uploads live in the bucket: the server is built exactly as in
 * production (server/routes.ts reads the storage from the environment) against a real S3-compatible server.
 */

let s3: LocalS3;
let database: TestDatabase;
let scratch: string;
let app: Hono;

function serverApp(): Hono {
  return createServerApp({
    getDb: () => database.db,
    logger: pino({ level: 'silent' }),
    sessionSecret: process.env.SESSION_SECRET!,
    cookie: { secure: false, idleMinutes: 30, absoluteDays: 30 },
    isDevelopment: false,
    maxBodyBytes: 1_048_576,
    tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    multipartPaths: MULTIPART_PATHS,
    extraRoutes: registerServerRoutes,
    handleDocument: async (request, context) => {
      if (request.method === 'GET') return Response.json({ token: context.csrfToken });
      return action({ request, context, params: {} } as never) as Promise<Response>;
    },
  });
}

let photo: Buffer;

beforeAll(async () => {
  s3 = await startLocalS3();
  scratch = await mkdtemp(path.join(tmpdir(), 'doorstep-s3-app-'));
  for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
  vi.stubEnv('MEDIA_DIR', path.join(scratch, 'media'));
  vi.stubEnv('UPLOAD_DIR', path.join(scratch, 'uploads'));
  vi.stubEnv('IMAGE_CACHE_DIR', path.join(scratch, 'image-cache'));
  resetEnvForTests();
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await database.db.insert(formDefinitions).values(buildFormDefinitions());
  app = serverApp();
  photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();
  await getStorage().put('originals/photos/s3-house.jpg', photo, 'image/jpeg');
});

afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  setRateLimitRuleForTests();
  setDatabaseHandle(undefined);
  await database?.dispose();
  await s3?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('media from an S3 bucket', () => {
  it('uses the bucket named by the environment', () => {
    expect(getStorage().description).toBe(`s3://${s3.bucket}/ at ${s3.endpoint} (eu-west-2)`);
  });

  it('serves an original from the bucket, byte for byte', async () => {
    const response = await app.request('/media/photos/s3-house.jpg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-length')).toBe(String(photo.length));
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer()).equals(photo)).toBe(true);
  });

  it('resizes an original from the bucket and caches the variant on this instance', async () => {
    const response = await app.request('/media/768x/photos/s3-house.jpg', { headers: { accept: 'image/webp,*/*' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 768, 512]);
    expect(await readdir(path.join(scratch, 'image-cache', '768x', 'photos'))).toEqual(['s3-house.jpg.webp']);

    const card = await app.request('/media/408x250/photos/s3-house.jpg');
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    const cardMetadata = await sharp(Buffer.from(await card.arrayBuffer())).metadata();
    expect([cardMetadata.width, cardMetadata.height]).toEqual([408, 250]);
  });

  it('stops serving the sizes of an original removed from the bucket', async () => {
    await getStorage().put('originals/photos/s3-removed.jpg', photo, 'image/jpeg');
    expect((await app.request('/media/320x/photos/s3-removed.jpg')).status).toBe(200);
    await getStorage().delete('originals/photos/s3-removed.jpg');
    expect((await app.request('/media/320x/photos/s3-removed.jpg')).status).toBe(404);
    expect((await app.request('/media/photos/s3-removed.jpg')).status).toBe(404);
  });

  it('answers 404, never 500, for missing images and for paths that try to leave the media folder', async () => {
    for (const url of [
      '/media/photos/not-there.jpg',
      '/media/768x/photos/not-there.jpg',
      '/media/nowhere/s3-house.jpg',
      '/media/photos/..%2F..%2Fuploads%2Fcv.pdf',
      '/media/..%2Fuploads/cv.pdf',
      '/media/photos/%2e%2e/s3-house.jpg',
      '/media/768x/..%2Foriginals/s3-house.jpg',
      '/media/999x/photos/s3-house.jpg',
      '/media/photos/s3-house.jpg/extra',
      '/media/photos/S3-HOUSE.JPG',
    ]) {
      const response = await app.request(url);
      expect(response.status, url).toBe(404);
    }
  });

  it('answers 503 with Retry-After, not 500, while the bucket cannot be reached', async () => {
    const gone = await startLocalS3('gone-bucket');
    await gone.close();
    for (const [name, value] of Object.entries(gone.env)) vi.stubEnv(name, value);
    resetEnvForTests();
    try {
      const unreachable = serverApp();
      for (const url of ['/media/photos/s3-house.jpg', '/media/768x/photos/s3-house.jpg']) {
        const response = await unreachable.request(url);
        expect(response.status, url).toBe(503);
        expect(response.headers.get('retry-after')).toBe('30');
      }
    } finally {
      for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
      resetEnvForTests();
    }
  });
});

describe('custom-form uploads into an S3 bucket', () => {
  async function altchaPayload(): Promise<string> {
    const challenge = await createAltchaChallenge();
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('unsolved');
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  async function postCareersForm(server: Hono, pdf: Uint8Array): Promise<Response> {
    const visit = await server.request('/');
    const cookie = visit.headers.get('set-cookie')!.split(';')[0]!;
    const { token } = (await visit.json()) as { token: string };
    const form = new FormData();
    form.append('authenticity_token', token);
    form.append('f_id', '2');
    form.append('redirect_url', '/forms/careers');
    form.append('hfhp', '');
    form.append('altcha', await altchaPayload());
    form.append('marketing_preferences[opt_in_terms]', 'on');
    const answers: Record<string, string> = {
      name: 'Ann Smith',
      email: 'ann@example.com',
      phone: '01234 567890',
      role: 'Lettings negotiator',
      cover_letter: 'I have five years of lettings experience.',
    };
    for (const [name, value] of Object.entries(answers)) form.append(`form_submission[${name}]`, value);
    form.append('form_submission[cv]', new Blob([pdf as BlobPart]), 'ann-smith-cv.pdf');
    return server.request('/form_submissions', {
      method: 'POST',
      body: form,
      headers: { cookie, accept: 'application/json' },
    });
  }

  it('keeps an accepted CV in the bucket under uploads/ and leaves nothing on this instance', async () => {
    setRateLimitRuleForTests('formSubmissions', { limit: 1000, windowSeconds: 60 });
    const pdf = minimalPdf(200_000);
    const response = await postCareersForm(app, pdf);
    expect(response.status).toBe(200);

    const [upload] = await database.db.select().from(formUploads);
    expect(upload!.storedName).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    const stored = await getStorage().get(`uploads/${upload!.storedName}`);
    expect(stored).not.toBeNull();
    expect({ size: stored!.size, contentType: stored!.contentType }).toEqual({
      size: pdf.length,
      contentType: 'application/pdf',
    });
    expect((await buffer(stored!.body)).equals(Buffer.from(pdf))).toBe(true);
    // The spooled copy is gone: the instance's upload folder holds no file once the bucket has it.
    expect(await readdir(path.join(scratch, 'uploads')).catch(() => [])).toEqual([]);
  });

  it('answers 503, stores no submission and keeps no file while the bucket cannot be reached', async () => {
    setRateLimitRuleForTests('formSubmissions', { limit: 1000, windowSeconds: 60 });
    const rowsBefore = (await database.db.select().from(formSubmissions)).length;
    const gone = await startLocalS3('gone-uploads');
    await gone.close();
    for (const [name, value] of Object.entries(gone.env)) vi.stubEnv(name, value);
    resetEnvForTests();
    try {
      const response = await postCareersForm(serverApp(), minimalPdf(5_000));
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('30');
      expect(((await response.json()) as { message: string }).message).toMatch(/temporarily unavailable/);
    } finally {
      for (const [name, value] of Object.entries(s3.env)) vi.stubEnv(name, value);
      resetEnvForTests();
    }
    expect((await database.db.select().from(formSubmissions)).length).toBe(rowsBefore);
    expect(await readdir(path.join(scratch, 'uploads')).catch(() => [])).toEqual([]);
  });
});
