/**
 * Every environment variable is read in one place, app/lib/env.server.ts, where it is declared, checked and
 * documented (the app's variables in getEnv, the scripts' in getScriptEnv). This scan fails when any other source
 * file reads `process.env`. Tests may set variables for the code they test; the few files below cannot load the
 * TypeScript env module and say why.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

const ENV_MODULE = 'app/lib/env.server.ts';

/** Files outside the env module that may read process.env, each with its reason. */
const ALLOWED: Record<string, string> = {
  'scripts/ensure-build.mjs':
    "npm start's prestart: runs under plain node, where a production install has no TypeScript loader to import the env module; it reads only BUILD_DIR, which getScriptEnv declares and the README documents",
};

/** Test code sets and reads variables for the code under test and for its own harness. */
function isTestFile(file: string): boolean {
  return file.startsWith('tests/') || /\.test\.tsx?$/.test(file);
}

/** Generated, installed or data folders: not the project's source. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'build', 'data', 'bench-data', 'coverage', '.git', '.react-router']);

/** Every script and module of the project (paths relative to the root, with forward slashes). */
function sourceFiles(folder = ''): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory())
      return SKIPPED_FOLDERS.has(entry.name) || /^build/.test(entry.name) ? [] : sourceFiles(file);
    return /\.(?:[cm]?[jt]s|tsx|jsx)$/.test(entry.name) ? [file] : [];
  });
}

const READS_ENV = /\bprocess\s*(?:\.\s*env\b|\[\s*['"`]env['"`]\s*\])|\bimport\.meta\.env\b/;

describe('environment variables', () => {
  it('are read only by the env module (and tests, and the listed exceptions)', () => {
    const files = sourceFiles();
    expect(files).toContain(ENV_MODULE);
    const offenders = files.filter(
      (file) =>
        file !== ENV_MODULE &&
        !isTestFile(file) &&
        !(file in ALLOWED) &&
        READS_ENV.test(readFileSync(path.join(root, file), 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('lists only exceptions that still read the environment', () => {
    for (const file of Object.keys(ALLOWED)) {
      expect(READS_ENV.test(readFileSync(path.join(root, file), 'utf8')), file).toBe(true);
    }
  });

  it('would catch a read in an ordinary module', () => {
    expect(READS_ENV.test("const port = process.env.PORT ?? '3000';")).toBe(true);
    expect(READS_ENV.test("const secret = process['env'].SESSION_SECRET;")).toBe(true);
    expect(READS_ENV.test('const { PORT } = process.env;')).toBe(true);
    expect(READS_ENV.test('const mode = import.meta.env.MODE;')).toBe(true);
    expect(READS_ENV.test('const envelope = process.envelope;')).toBe(false);
  });
});
