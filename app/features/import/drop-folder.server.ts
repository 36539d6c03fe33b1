/**
 * The drop folder (IMPORT_DROP_DIR, where the agency's software delivers over SFTP): the job runner imports each new
 * file or zip in it, one at a time, and moves it to processed/ or failed/ (beside the drop folder) with its report
 * as <name>.report.json. A file whose size or modification time changed since the last look is still being written
 * and waits for the next tick.
 */
import { mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../../lib/db.server.ts';
import type { OpenFeed } from './feed.ts';
import { importFile } from './import-file.server.ts';
import type { ImportReport } from './pipeline.server.ts';
import type { MediaOptions } from './pipeline-media.server.ts';

export type DropFolderOutcome =
  | { kind: 'idle' }
  | { kind: 'waiting'; file: string }
  | { kind: 'imported'; file: string; movedTo: string; report: ImportReport }
  | { kind: 'failed'; file: string; movedTo: string; error: string };

/** Files an uploader is still writing under a temporary name, and hidden files, are never picked up. */
const IGNORED = /^\.|\.(tmp|part|filepart|partial)$/i;

export function createDropFolder(options: {
  dir: string;
  source?: string;
  openFeed: OpenFeed;
  logger: Logger;
  media?: Partial<MediaOptions>;
}) {
  const incoming = path.resolve(options.dir);
  const root = path.dirname(incoming);
  const folders = {
    processing: path.join(root, 'processing'),
    processed: path.join(root, 'processed'),
    failed: path.join(root, 'failed'),
  };
  const lastSeen = new Map<string, string>();

  return async function tick(db: Database): Promise<DropFolderOutcome> {
    const names = await readdir(incoming).catch(() => [] as string[]);
    const candidates: { name: string; signature: string; mtimeMs: number }[] = [];
    for (const name of names) {
      if (IGNORED.test(name)) continue;
      const info = await stat(path.join(incoming, name)).catch(() => null);
      if (!info?.isFile()) continue;
      candidates.push({ name, signature: `${info.size}:${info.mtimeMs}`, mtimeMs: info.mtimeMs });
    }
    for (const name of lastSeen.keys()) if (!candidates.some((entry) => entry.name === name)) lastSeen.delete(name);
    candidates.sort((a, b) => a.mtimeMs - b.mtimeMs || a.name.localeCompare(b.name));
    let waiting: string | null = null;
    for (const candidate of candidates) {
      const previous = lastSeen.get(candidate.name);
      lastSeen.set(candidate.name, candidate.signature);
      if (previous !== candidate.signature) {
        waiting ??= candidate.name;
        continue;
      }
      lastSeen.delete(candidate.name);
      return importDropped(db, candidate.name);
    }
    return waiting ? { kind: 'waiting', file: waiting } : { kind: 'idle' };
  };

  async function importDropped(db: Database, name: string): Promise<DropFolderOutcome> {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const claimedName = `${stamp}-${name}`;
    const claimed = path.join(folders.processing, claimedName);
    await mkdir(folders.processing, { recursive: true });
    try {
      // Atomic: with several app instances on one drop folder, only one wins each file.
      await rename(path.join(incoming, name), claimed);
    } catch {
      return { kind: 'idle' };
    }
    let report: ImportReport | null = null;
    let error: string | null = null;
    try {
      report = await importFile(
        db,
        { path: claimed, source: options.source ?? 'blm', dryRun: false, allowMassWithdraw: false },
        options.openFeed,
        { media: options.media },
      );
    } catch (cause) {
      options.logger.error({ err: cause, file: name }, 'importing a dropped file failed');
      error = 'The import failed with an internal error; see the server log';
    }
    const target = report?.status === 'applied' ? folders.processed : folders.failed;
    await mkdir(target, { recursive: true });
    const movedTo = path.join(target, claimedName);
    await rename(claimed, movedTo);
    await writeFile(`${movedTo}.report.json`, `${JSON.stringify(report ?? { status: 'failed', error }, null, 2)}\n`);
    options.logger.info(
      { file: name, status: report?.status ?? 'failed', counts: report?.counts },
      `imported dropped file ${name}`,
    );
    return report
      ? { kind: 'imported', file: name, movedTo, report }
      : { kind: 'failed', file: name, movedTo, error: error! };
  }
}
