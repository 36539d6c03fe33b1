import { close, fstat, open, read } from 'node:fs';
import { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { FeedRefused } from '../feed.ts';
import type { ByteSource, MediaStore } from '../blm/blm-feed.ts';
import { isBlmName, mediaKey } from './names.ts';

/**
 * A feed delivered as a zip. Only the central directory is read up front; each file is streamed out when asked
 * for. Entries that could escape the feed (absolute or `..` paths, symbolic links) or that would expand absurdly
 * (zip bombs) refuse the whole archive: such a zip was not made by a CRM's export.
 */

const ZIP_LIMITS = {
  maxEntries: 500_000,
  /** A BLM of 10,000 listings is tens of megabytes; a media file larger than this is left out. */
  maxBlmBytes: 2 * 1024 ** 3,
  maxMediaBytes: 200 * 1024 ** 2,
  maxTotalBytes: 50 * 1024 ** 3,
  /** Deflate reaches about 1,000:1 at best on real files; photos barely compress. */
  maxRatio: 200,
  /** Entries smaller than this are never called bombs, whatever their ratio (a text file of spaces). */
  ratioFloorBytes: 10 * 1024 ** 2,
};

type ZipContents = { blm: Entry; media: MediaDirectory; notes: string[] };

export async function openZip(path: string, limits = ZIP_LIMITS): Promise<{ source: ByteSource; media: MediaStore }> {
  let zip: ZipFile;
  let reader: ZipFileReader;
  try {
    ({ zip, reader } = await openArchive(path));
  } catch (error) {
    throw new FeedRefused(`The zip cannot be opened: ${errorText(error)}.`);
  }
  let contents: ZipContents;
  try {
    contents = await listEntries(zip, limits);
    reader.isListing = false;
  } catch (error) {
    zip.close();
    if (error instanceof FeedRefused) throw error;
    throw new FeedRefused(`The zip holds an unsafe or damaged entry (${errorText(error)}): it is refused.`);
  }
  const { blm, media, notes } = contents;
  const source: ByteSource = { name: blm.fileName, open: () => openEntry(zip, blm) };
  let isClosed = false;
  return {
    source,
    media: {
      notes,
      async open(name) {
        const entry = media.entry(mediaKey(name) ?? '');
        if (!entry || isClosed) return null;
        return openEntry(zip, entry);
      },
      async close() {
        if (isClosed) return;
        isClosed = true;
        zip.close();
      },
    },
  };
}

/**
 * yauzl reads the central directory with two small reads per entry; for a feed of 100,000 photos that is 200,000
 * system calls. While the directory is listed this reader serves those reads from 1 MB blocks; afterwards (local
 * headers before each file, at random places) it reads exactly what is asked.
 */
class ZipFileReader extends yauzl.RandomAccessReader {
  isListing = true;
  private block = Buffer.alloc(0);
  private blockStart = -1;

  constructor(private readonly fd: number) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    // A plain reader of the shared descriptor: fs streams would close it when they end or are destroyed.
    const fd = this.fd;
    let position = start;
    return new Readable({
      highWaterMark: 256 * 1024,
      read(size) {
        const length = Math.min(size, end - position);
        if (length <= 0) {
          this.push(null);
          return;
        }
        const chunk = Buffer.allocUnsafe(length);
        read(fd, chunk, 0, length, position, (error, bytesRead) => {
          if (error) return this.destroy(error);
          if (bytesRead === 0) return this.push(null);
          position += bytesRead;
          this.push(chunk.subarray(0, bytesRead));
        });
      },
    });
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (error: Error | null, bytesRead?: number) => void,
  ): void {
    const inBlock = position >= this.blockStart && position + length <= this.blockStart + this.block.length;
    if (this.blockStart >= 0 && inBlock) {
      this.block.copy(buffer, offset, position - this.blockStart, position - this.blockStart + length);
      // Asynchronous like a real read, so listing thousands of entries never deepens the stack.
      queueMicrotask(() => callback(null, length));
      return;
    }
    if (!this.isListing || length > BLOCK_BYTES) {
      read(this.fd, buffer, offset, length, position, (error, bytesRead) => callback(error, bytesRead));
      return;
    }
    const block = Buffer.alloc(BLOCK_BYTES);
    read(this.fd, block, 0, BLOCK_BYTES, position, (error, bytesRead) => {
      if (error) return callback(error);
      this.block = block.subarray(0, bytesRead);
      this.blockStart = position;
      const available = Math.min(length, bytesRead);
      this.block.copy(buffer, offset, 0, available);
      callback(null, available);
    });
  }

  override close(callback: (error: Error | null) => void): void {
    close(this.fd, callback);
  }
}

const BLOCK_BYTES = 1024 * 1024;

async function openArchive(path: string): Promise<{ zip: ZipFile; reader: ZipFileReader }> {
  const fd = await new Promise<number>((resolve, reject) =>
    open(path, 'r', (error, descriptor) => (error ? reject(error) : resolve(descriptor))),
  );
  try {
    const size = await new Promise<number>((resolve, reject) =>
      fstat(fd, (error, stats) => (error ? reject(error) : resolve(stats.size))),
    );
    const reader = new ZipFileReader(fd);
    const zip = await new Promise<ZipFile>((resolve, reject) => {
      yauzl.fromRandomAccessReader(
        reader,
        size,
        { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: true },
        (error, opened) => (error ? reject(error) : resolve(opened)),
      );
    });
    return { zip, reader };
  } catch (error) {
    close(fd, () => {});
    throw error;
  }
}

function listEntries(zip: ZipFile, limits: typeof ZIP_LIMITS): Promise<ZipContents> {
  return new Promise((resolve, reject) => {
    const blmEntries: Entry[] = [];
    const media = new MediaDirectory();
    const notes: string[] = [];
    let count = 0;
    let totalBytes = 0;
    let skippedLarge = 0;
    let duplicates = 0;
    zip.on('error', reject);
    zip.on('entry', (entry: Entry) => {
      count += 1;
      const problem = entryProblem(entry, limits);
      if (problem) return reject(new FeedRefused(problem));
      if (count > limits.maxEntries) {
        return reject(
          new FeedRefused(`The zip holds more than ${limits.maxEntries.toLocaleString('en-GB')} files: it is refused.`),
        );
      }
      totalBytes += entry.uncompressedSize;
      if (totalBytes > limits.maxTotalBytes) {
        return reject(new FeedRefused('The zip would expand to more than 50 GB: it is refused.'));
      }
      if (!entry.fileName.endsWith('/')) {
        const baseName = entry.fileName.split('/').pop() ?? '';
        if (baseName.startsWith('.') || entry.fileName.startsWith('__MACOSX/')) {
          // Finder's resource forks and hidden files are neither feeds nor media.
        } else if (isBlmName(baseName)) blmEntries.push(entry);
        else if (entry.uncompressedSize > limits.maxMediaBytes || entry.isEncrypted()) {
          skippedLarge += 1;
        } else {
          const key = mediaKey(baseName);
          if (key && !media.has(key)) media.add(key, entry);
          else duplicates += 1;
        }
      }
      zip.readEntry();
    });
    zip.on('end', () => {
      if (blmEntries.length === 0)
        return reject(new FeedRefused('The zip holds no .blm file: there is nothing to import.'));
      if (blmEntries.length > 1) {
        return reject(
          new FeedRefused(
            `The zip holds ${blmEntries.length} BLM files (${blmEntries.map((entry) => entry.fileName).join(', ')}): send one per zip.`,
          ),
        );
      }
      const blm = blmEntries[0] as Entry;
      if (blm.uncompressedSize > limits.maxBlmBytes) {
        return reject(new FeedRefused(`The BLM file ${blm.fileName} is larger than 2 GB: it is refused.`));
      }
      if (blm.isEncrypted())
        return reject(new FeedRefused(`The BLM file ${blm.fileName} is encrypted: it cannot be read.`));
      notes.push(`Zip: ${count.toLocaleString('en-GB')} entries, ${media.size.toLocaleString('en-GB')} media files`);
      if (skippedLarge > 0) notes.push(`${skippedLarge} encrypted or over-200 MB files in the zip were left out`);
      if (duplicates > 0)
        notes.push(`${duplicates} files in the zip repeat another file's name in another folder and were left out`);
      resolve({ blm, media, notes });
    });
    zip.readEntry();
  });
}

/**
 * A feed's media entries by name, kept as numbers: opening an entry needs only where its data starts, its two sizes,
 * its compression method and flags. A feed may hold 100,000 files: as yauzl Entry objects (each with its property
 * array and two copies of its name) 110,001 entries held about 30 MB of heap for the whole import, as a name and
 * four numbers about 10 MB.
 */
class MediaDirectory {
  private static readonly FIELDS = 4;
  private readonly slots = new Map<string, number>();
  private numbers = new Float64Array(MediaDirectory.FIELDS * 1024);

  get size(): number {
    return this.slots.size;
  }

  has(key: string): boolean {
    return this.slots.has(key);
  }

  add(key: string, entry: Entry): void {
    const start = this.slots.size * MediaDirectory.FIELDS;
    if (start + MediaDirectory.FIELDS > this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    this.numbers[start] = entry.relativeOffsetOfLocalHeader;
    this.numbers[start + 1] = entry.compressedSize;
    this.numbers[start + 2] = entry.uncompressedSize;
    this.numbers[start + 3] = entry.compressionMethod * 65536 + entry.generalPurposeBitFlag;
    this.slots.set(key, this.slots.size);
  }

  /** An Entry carrying what yauzl's openReadStream reads; null for a name the zip does not hold. */
  entry(key: string): Entry | null {
    const slot = this.slots.get(key);
    if (slot === undefined) return null;
    const start = slot * MediaDirectory.FIELDS;
    const packed = this.numbers[start + 3] ?? 0;
    return Object.assign(new yauzl.Entry(), {
      relativeOffsetOfLocalHeader: this.numbers[start] ?? 0,
      compressedSize: this.numbers[start + 1] ?? 0,
      uncompressedSize: this.numbers[start + 2] ?? 0,
      compressionMethod: Math.floor(packed / 65536),
      generalPurposeBitFlag: packed % 65536,
    });
  }
}

const SYMLINK = 0o120000;
const FILE_TYPE_MASK = 0o170000;

function entryProblem(entry: Entry, limits: typeof ZIP_LIMITS): string | null {
  // Unix zips keep the file mode in the high 16 bits of the external attributes.
  if (((entry.externalFileAttributes >>> 16) & FILE_TYPE_MASK) === SYMLINK) {
    return `The zip holds a symbolic link (${entry.fileName}): it is refused.`;
  }
  const ratio = entry.compressedSize === 0 ? Infinity : entry.uncompressedSize / entry.compressedSize;
  if (entry.uncompressedSize > limits.ratioFloorBytes && ratio > limits.maxRatio) {
    return `The zip entry ${entry.fileName} would expand from ${entry.compressedSize.toLocaleString('en-GB')} to ${entry.uncompressedSize.toLocaleString('en-GB')} bytes: it looks like a zip bomb, so the file is refused.`;
  }
  return null;
}

function openEntry(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
  });
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
