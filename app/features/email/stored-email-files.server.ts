/**
 * The file sink's copies (production without SMTP writes each email to MAIL_DIR as `outbox-<id>-<time>@<domain>.eml`,
 * outbox.server.ts): removed when the outbox row's contents are erased, so no copy outlives the erasure.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { getEnv } from '../../lib/env.server.ts';

/** Deletes the stored files of these outbox emails; a missing folder or file is not an error. Returns how many. */
export async function deleteStoredEmailFiles(emailIds: readonly number[], dir = getEnv().MAIL_DIR): Promise<number> {
  if (emailIds.length === 0) return 0;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const prefixes = new Set(emailIds.map((id) => `outbox-${id}-`));
  const matching = names.filter(
    (name) => name.endsWith('.eml') && prefixes.has(name.slice(0, name.indexOf('-', 'outbox-'.length) + 1)),
  );
  for (const name of matching) await rm(path.join(dir, name), { force: true });
  return matching.length;
}
