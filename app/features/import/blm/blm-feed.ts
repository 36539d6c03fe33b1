import type { Feed, MappedRecord } from '../feed.ts';
import { FeedRefused } from '../feed.ts';
import { decodeText, describeEncoding, detectEncoding, type EncodingScan } from './encoding.ts';
import { createBlmMapper, ESSENTIAL_COLUMNS, OTHER_MANDATORY_COLUMNS } from './mapping.ts';
import { DEFAULT_LIMITS, readBlm, type BlmHeader, type BlmLimits } from './reader.ts';

/** Where the BLM file's bytes come from; `open` is called more than once (the encoding is checked first). */
export type ByteSource = { name: string; open(): Promise<AsyncIterable<Uint8Array>> };

/** The media files that came with the feed (a zip, a folder), found by the name a record gives. */
export type MediaStore = {
  open(name: string): Promise<NodeJS.ReadableStream | null>;
  close(): Promise<void>;
  notes: string[];
};

/**
 * Opens a BLM file as a Feed. The whole file is read once for its encoding and its header and definition are
 * checked before this returns, so an empty, binary or headerless file is refused at once; the records are then
 * streamed (and mapped) on demand, and a truncated file is refused when its end is reached.
 */
export async function createBlmFeed(
  source: ByteSource,
  media: MediaStore,
  limits: BlmLimits = DEFAULT_LIMITS,
): Promise<Feed> {
  const scan = await readingFault(async () => detectEncoding(await source.open()));
  const preamble = await readingFault(() => readPreamble(source, scan, limits));
  const missing = ESSENTIAL_COLUMNS.filter((column) => !preamble.columns.includes(column));
  if (missing.length > 0) {
    throw new FeedRefused(
      `The #DEFINITION# lacks the ${missing.length === 1 ? 'column' : 'columns'} ${missing.join(', ')}, without which no listing can be published: the file is refused.`,
    );
  }
  const mapper = createBlmMapper(preamble.columns, limits);
  const notes = [`File: ${source.name}`, describeEncoding(scan), ...headerNotes(preamble.header)];
  const otherMissing = OTHER_MANDATORY_COLUMNS.filter((column) => !preamble.columns.includes(column));
  if (otherMissing.length > 0) {
    notes.push(
      `The #DEFINITION# lacks the format's mandatory ${otherMissing.length === 1 ? 'column' : 'columns'} ${otherMissing.join(', ')}: read as empty`,
    );
  }
  if (mapper.unusedColumns.length > 0) notes.push(`Columns Doorstep does not use: ${mapper.unusedColumns.join(', ')}`);
  notes.push(...media.notes);

  async function* records(): AsyncGenerator<MappedRecord> {
    try {
      for await (const event of readBlm(decodeText(await source.open(), scan.encoding), limits)) {
        if (event.kind === 'record') yield mapper.map(event.row);
      }
    } catch (error) {
      throw asRefusal(error);
    }
  }
  return {
    notes,
    records: { [Symbol.asyncIterator]: records },
    openMedia: (name) => media.open(name),
    close: () => media.close(),
  };
}

/** A file that cannot be read to its end (a damaged zip entry, a disk error) is refused like a truncated one. */
function asRefusal(error: unknown): FeedRefused {
  if (error instanceof FeedRefused) return error;
  const detail = error instanceof Error ? error.message : String(error);
  return new FeedRefused(`The file could not be read to its end (${detail}): nothing was imported.`);
}

async function readingFault<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw asRefusal(error);
  }
}

async function readPreamble(
  source: ByteSource,
  scan: EncodingScan,
  limits: BlmLimits,
): Promise<{ header: BlmHeader; columns: string[] }> {
  // Only the start of the file is read; leaving the loop closes the stream.
  for await (const event of readBlm(decodeText(await source.open(), scan.encoding), limits)) {
    if (event.kind === 'start') return { header: event.header, columns: event.columns };
  }
  throw new FeedRefused('The file has no #DEFINITION#: it is not a BLM file.');
}

function headerNotes(header: BlmHeader): string[] {
  const notes = [
    `BLM version ${header.version}; fields separated by '${header.eof}', records ended by '${header.eor}'`,
  ];
  if (header.propertyCount !== null) notes.push(`Property Count: ${header.propertyCount}`);
  if (header.generatedDate) notes.push(`Generated: ${header.generatedDate}`);
  return notes;
}
