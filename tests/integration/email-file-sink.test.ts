import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileSink, deliverDueEmails, enqueueEmail } from '../../app/features/email/outbox.server.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

describe('the file sink (production without SMTP)', () => {
  let database: TestDatabase;
  let root: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    root = await mkdtemp(path.join(tmpdir(), 'doorstep-mail-'));
  });
  afterAll(async () => {
    await database.dispose();
    await rm(root, { recursive: true, force: true });
  });

  it('writes each email to a file only the server user can read, and marks it stored (not sent)', async () => {
    const id = await enqueueEmail(database.db, {
      to: 'owner@example.com',
      subject: 'Reset your password',
      text: 'https://agency.example/reset/secret-token',
    });
    const dir = path.join(root, 'mail');
    expect(await deliverDueEmails(database.db, createFileSink(dir))).toBe(1);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const file = path.join(dir, files[0]!);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const message = await readFile(file, 'utf8');
    expect(message).toContain('Subject: Reset your password');
    expect(message).toContain('To: owner@example.com');
    expect(message).toContain('secret-token');
    expect(message).toMatch(new RegExp(`^Message-ID: <outbox-${id}-\\d+@doorstep\\.example>`, 'm'));
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.status).toBe('stored');
  });
});
