import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../app/lib/db.server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite data folder, for each test file's database to start from ('' on PostgreSQL). */
    pgliteTemplate: string;
  }
}

/** Migrates one in-memory PGlite for the whole run and dumps its data folder to a file the test files load. */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'doorstep-test-template-'));
  const file = path.join(folder, 'migrated.tar');
  const client = new PGlite('memory://');
  await migrate(drizzle(client), { migrationsFolder });
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
