import { getEnv } from '../app/lib/env.server.ts';
import { createLocalDiskStorageFor, getStorage } from '../app/lib/storage/storage.server.ts';
import { syncStorage } from '../app/lib/storage/sync.server.ts';

/**
 * `npm run storage:sync [-- --dry-run]`: copies the local media originals (MEDIA_DIR/originals) and custom-form
 * uploads (UPLOAD_DIR) into the S3 bucket configured by S3_BUCKET, keeping their keys, before a site switches to
 * the bucket (docs/operations.md). It touches no database, so it is safe while the server runs. Exit status: 0 when
 * everything is in the bucket, 1 when a file failed, 2 for a usage error.
 */

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--dry-run');
if (unknown.length > 0) {
  console.error(`Unknown argument ${unknown.join(' ')}. Usage: npm run storage:sync [-- --dry-run]`);
  process.exit(2);
}
const dryRun = args.includes('--dry-run');

const env = getEnv();
if (!env.S3_BUCKET) {
  console.error(
    'S3_BUCKET is not set: there is no bucket to copy to. Set S3_BUCKET, S3_REGION and the other S3_* variables ' +
      '(docs/operations.md), then run this again.',
  );
  process.exit(2);
}

const source = createLocalDiskStorageFor(env);
const target = getStorage();
console.log(`${dryRun ? 'Would copy' : 'Copying'} from ${source.description}\n  to ${target.description}`);
const started = Date.now();
let seen = 0;
const summary = await syncStorage(source, target, {
  dryRun,
  onProgress: (key, outcome) => {
    seen += 1;
    if (outcome === 'failed') console.error(`  failed: ${key}`);
    else if (seen % 500 === 0) console.log(`  ${seen} files checked`);
  },
});
for (const failure of summary.failed) console.error(`${failure.key}: ${failure.message}`);
console.log(
  `${dryRun ? 'Would copy' : 'Copied'} ${summary.copied}, already there ${summary.skipped}, failed ${summary.failed.length} ` +
    `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
process.exitCode = summary.failed.length > 0 ? 1 : 0;
