/**
 * Doorstep's own feed format: one mapped record (feed.ts's MappedRecord) per line of a `.ndjson` file, media files
 * beside it. Any script that already has listings in hand (a one-off migration, the benchmark, tests) can feed the
 * pipeline through it without writing a BLM file. Streamed line by line, so memory stays flat.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { FeedRefused, type Feed, type MappedRecord } from './feed.ts';

const MAX_LINE_CHARS = 2_000_000;

export async function openRecordsFeed(file: string): Promise<Feed> {
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw new FeedRefused(`"${path.basename(file)}" is not a file`);
  const folder = path.dirname(path.resolve(file));
  // Opened when the pipeline starts reading: readline drops lines that arrive before its iterator is asked for.
  let input: ReturnType<typeof createReadStream> | null = null;
  return {
    notes: ['Doorstep records (NDJSON, UTF-8)'],
    records: (async function* () {
      let lineNumber = 0;
      input = createReadStream(file, { encoding: 'utf8' });
      for await (const line of createInterface({ input, crlfDelay: Infinity })) {
        lineNumber++;
        if (line.trim() === '') continue;
        if (line.length > MAX_LINE_CHARS)
          throw new FeedRefused(`Line ${lineNumber} is longer than 2,000,000 characters`);
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          throw new FeedRefused(`Line ${lineNumber} is not valid JSON`);
        }
        const record = parsed as Partial<MappedRecord>;
        if (typeof record?.ref !== 'string' || !Array.isArray(record.errors) || !Array.isArray(record.warnings)) {
          throw new FeedRefused(`Line ${lineNumber} is not a mapped record (ref, listing, errors, warnings)`);
        }
        yield record as MappedRecord;
      }
    })(),
    async openMedia(name) {
      const target = path.resolve(folder, name);
      // Only files inside the feed's folder.
      if (!target.startsWith(`${folder}${path.sep}`)) return null;
      const found = await stat(target).catch(() => null);
      return found?.isFile() ? createReadStream(target) : null;
    },
    async close() {
      input?.destroy();
    },
  };
}
