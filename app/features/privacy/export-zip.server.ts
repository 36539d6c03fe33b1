/**
 * The subject-access download: one zip, streamed, with `data.json` (everything held, readable keys) and the person's
 * uploaded files under `files/`. Files are read from storage one at a time as the zip is written (yazl's lazy
 * entries), so memory stays one file's buffer whatever the export holds.
 */
import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { FileStorage } from '../../lib/storage/storage.server.ts';
import type { PersonalDataExport } from './personal-data.server.ts';

/** Uploads that are no longer in storage are listed as such in data.json instead of failing the download. */
export async function personalDataZip(
  exported: PersonalDataExport,
  storage: Pick<FileStorage, 'get' | 'exists'>,
): Promise<ReadableStream<Uint8Array>> {
  const present = new Set<string>();
  for (const file of exported.files) if (await storage.exists(file.key)) present.add(file.key);
  const uploads = (exported.data.uploads as Record<string, unknown>[]).map((upload, index) => {
    const file = exported.files[index]!;
    return present.has(file.key) ? upload : { ...upload, fileInThisDownload: null, missingFromStorage: true };
  });
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(`${JSON.stringify({ ...exported.data, uploads }, null, 2)}\n`), 'data.json');
  for (const file of exported.files) {
    if (!present.has(file.key)) continue;
    zip.addReadStreamLazy(file.pathInZip, (done) => {
      storage.get(file.key).then(
        (stored) => done(null, stored ? stored.body : Readable.from([])),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
  }
  zip.end();
  return Readable.toWeb(zip.outputStream as Readable) as ReadableStream<Uint8Array>;
}
