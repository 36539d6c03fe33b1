import { execFile } from 'node:child_process';
import { appendFile, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { properties } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { resetEnvForTests } from '../../app/lib/env.server.ts';
import { createDropFolder, openFeedFile } from '../../app/features/import/index.server.ts';
import { checkControlRequest, controlFilePath, startControlChannel } from '../../server/control.ts';
import { callControlCommand, findControlServer } from '../../server/control-client.ts';
import { controlCommands } from '../../server/control-commands.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertImportWorld, listing, record } from './import-fixtures.ts';

const run = promisify(execFile);
const logger = pino({ level: 'silent' });
let database: TestDatabase;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'doorstep-import-handoff-'));
  process.env.MEDIA_DIR = path.join(work, 'media');
  resetEnvForTests();
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertImportWorld(database.db);
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
  delete process.env.MEDIA_DIR;
  resetEnvForTests();
  await rm(work, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.execute(sql`delete from properties`);
  await database.db.execute(sql`truncate import_runs restart identity`);
});

function ndjson(refs: string[]): string {
  return refs.map((ref) => JSON.stringify(record(listing(ref)))).join('\n') + '\n';
}

describe('drop folder', () => {
  it('imports a finished file once its size has settled and moves it to processed/ with its report', async () => {
    const incoming = path.join(work, 'drop-a', 'incoming');
    await mkdir(incoming, { recursive: true });
    const tick = createDropFolder({ dir: incoming, openFeed: openFeedFile, logger });
    expect(await tick(database.db)).toEqual({ kind: 'idle' });
    await writeFile(path.join(incoming, 'feed.ndjson'), ndjson(['P1']));
    await writeFile(path.join(incoming, 'upload.ndjson.part'), 'still uploading');
    // First sight: it may still be being written.
    expect(await tick(database.db)).toEqual({ kind: 'waiting', file: 'feed.ndjson' });
    // It grew since: still waiting.
    await appendFile(path.join(incoming, 'feed.ndjson'), ndjson(['P2']));
    expect(await tick(database.db)).toEqual({ kind: 'waiting', file: 'feed.ndjson' });
    const outcome = await tick(database.db);
    expect(outcome.kind).toBe('imported');
    if (outcome.kind !== 'imported') return;
    expect(outcome.report.status).toBe('applied');
    expect(outcome.report.counts.created).toBe(2);
    expect(await readdir(incoming)).toEqual(['upload.ndjson.part']);
    expect(path.dirname(outcome.movedTo)).toBe(path.join(work, 'drop-a', 'processed'));
    expect((await stat(outcome.movedTo)).isFile()).toBe(true);
    const report = JSON.parse(await readFile(`${outcome.movedTo}.report.json`, 'utf8'));
    expect(report).toMatchObject({ status: 'applied', counts: { created: 2 } });
    expect(await tick(database.db)).toEqual({ kind: 'idle' });
  });

  it('moves a refused file to failed/ with the reason in its report, changing no listing', async () => {
    const incoming = path.join(work, 'drop-b', 'incoming');
    await mkdir(incoming, { recursive: true });
    const tick = createDropFolder({ dir: incoming, openFeed: openFeedFile, logger });
    await writeFile(path.join(incoming, 'broken.ndjson'), `${ndjson(['Q1'])}{not json\n`);
    await tick(database.db);
    const outcome = await tick(database.db);
    expect(outcome.kind).toBe('imported');
    if (outcome.kind !== 'imported') return;
    expect(outcome.report).toMatchObject({ status: 'refused', reason: 'Line 2 is not valid JSON' });
    expect(path.dirname(outcome.movedTo)).toBe(path.join(work, 'drop-b', 'failed'));
    expect(JSON.parse(await readFile(`${outcome.movedTo}.report.json`, 'utf8'))).toMatchObject({ status: 'refused' });
    expect(await database.db.select().from(properties)).toEqual([]);
  });
});

describe('control channel', () => {
  const request = (overrides: Partial<Parameters<typeof checkControlRequest>[0]> = {}) => ({
    method: 'POST',
    url: '/_control/import',
    remoteAddress: '127.0.0.1',
    authorization: 'Bearer right-token',
    body: '{}',
    ...overrides,
  });
  const commands = { import: async () => 'ran' };

  it('answers only loopback callers with the token, and only named commands', () => {
    expect(checkControlRequest(request(), 'right-token', commands)).toEqual({
      status: 200,
      command: 'import',
      input: {},
    });
    expect(checkControlRequest(request({ remoteAddress: '::ffff:127.0.0.1' }), 'right-token', commands)).toMatchObject({
      command: 'import',
    });
    expect(checkControlRequest(request({ remoteAddress: '203.0.113.7' }), 'right-token', commands)).toMatchObject({
      status: 403,
    });
    expect(checkControlRequest(request({ remoteAddress: '::ffff:10.0.0.2' }), 'right-token', commands)).toMatchObject({
      status: 403,
    });
    expect(
      checkControlRequest(request({ authorization: 'Bearer wrong-token' }), 'right-token', commands),
    ).toMatchObject({ status: 401 });
    expect(checkControlRequest(request({ authorization: undefined }), 'right-token', commands)).toMatchObject({
      status: 401,
    });
    expect(checkControlRequest(request({ url: '/_control/toString' }), 'right-token', commands)).toMatchObject({
      status: 404,
    });
    expect(checkControlRequest(request({ body: '{' }), 'right-token', commands)).toMatchObject({ status: 400 });
  });

  it('runs an import for a command over the channel, and the command line hands its file to it', async () => {
    const pgliteDir = path.join(work, 'pglite');
    const channel = await startControlChannel({ pgliteDir, commands: controlCommands(() => database.db), logger });
    try {
      const file = controlFilePath(pgliteDir);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const info = await findControlServer(pgliteDir);
      expect(info).toMatchObject({ pid: process.pid, port: channel.port });

      const wrong = await fetch(`http://127.0.0.1:${channel.port}/_control/import`, {
        method: 'POST',
        headers: { authorization: 'Bearer nope' },
        body: '{}',
      });
      expect(wrong.status).toBe(401);
      await expect(callControlCommand(info!, 'import', { path: 42 })).rejects.toThrow('The command input is not valid');

      const feed = path.join(work, 'handoff.ndjson');
      await writeFile(feed, ndjson(['R1', 'R2']));
      const report = (await callControlCommand(info!, 'import', { path: feed, source: 'blm' })) as {
        status: string;
        counts: { created: number };
      };
      expect(report).toMatchObject({ status: 'applied', counts: { created: 2 } });

      // The command line finds the server through the control file and waits for the server's report.
      await writeFile(feed, ndjson(['R1']));
      const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: pgliteDir };
      delete env.DATABASE_URL;
      const reportFile = path.join(work, 'handoff-report.json');
      const cli = await run(
        'npx',
        ['tsx', 'scripts/import.ts', feed, '--allow-mass-withdraw', '--report', reportFile],
        { env, cwd: process.cwd() },
      );
      expect(cli.stdout).toContain('it runs the import; waiting for its report');
      expect(cli.stdout).toContain('Applied: 0 created, 0 updated, 1 unchanged, 1 withdrawn');
      expect(JSON.parse(await readFile(reportFile, 'utf8'))).toMatchObject({ status: 'applied' });
      const [withdrawn] = await database.db.select().from(properties).where(eq(properties.sourceRef, 'R2'));
      expect(withdrawn!.isPublished).toBe(false);

      // Other writing commands use the same channel: the address import reads its CSV in the server.
      const csv = path.join(work, 'addresses.csv');
      await writeFile(csv, 'line_1,town_or_city,postcode\n1 Orchard Road,Bath,BA1 2AB\n');
      const addressResult = await callControlCommand(info!, 'addresses-import', { path: csv, replace: false });
      expect(addressResult).toMatchObject({ imported: 1 });
    } finally {
      await channel.close();
    }
    expect(await findControlServer(pgliteDir)).toBeNull();
    await expect(stat(controlFilePath(pgliteDir))).rejects.toThrow();
  }, 120_000);
});
