import { mkdir, mkdtemp, open, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { Feed, MappedRecord } from '../feed.ts';
import { FeedRefused } from '../feed.ts';
import { blmText, COLUMNS, saleRecord } from '../blm/test-helpers.ts';
import { openFeed } from './open-feed.server.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'doorstep-feed-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

type ZipFile = { name: string; content: Buffer | string; mode?: number; compress?: boolean };

async function makeZip(name: string, files: ZipFile[]): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const file of files) {
    const content = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
    zip.addBuffer(content, file.name, { mode: file.mode, compress: file.compress ?? true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  const target = path.join(root, name);
  await writeFile(target, Buffer.concat(chunks));
  return target;
}

async function readRecords(feed: Feed): Promise<MappedRecord[]> {
  const records: MappedRecord[] = [];
  for await (const record of feed.records) records.push(record);
  return records;
}

async function streamText(stream: NodeJS.ReadableStream | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString();
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (error instanceof FeedRefused) return error.reason;
  throw new Error(`not refused: ${String(error)}`);
}

const twoListings = blmText([saleRecord(), saleRecord({ AGENT_REF: '1_HV00043', PRICE: 'abc' })], { propertyCount: 2 });

describe('openFeed', () => {
  it('opens a zip: the BLM in any folder, media found by name whatever the case', async () => {
    const zipPath = await makeZip('feed.zip', [
      { name: 'export/FEED.BLM', content: twoListings },
      { name: 'export/media/1_HV00042_IMG_00.JPG', content: 'photo bytes' },
      { name: 'export/media/1_hv00042_flp_00.jpg', content: 'plan bytes', compress: false },
      { name: '__MACOSX/export/._FEED.BLM', content: 'resource fork' },
    ]);
    const feed = await openFeed(zipPath);
    try {
      expect(feed.notes).toContain('Text encoding: UTF-8');
      expect(feed.notes).toContain("BLM version 3; fields separated by '^', records ended by '~'");
      expect(feed.notes).toContain('Zip: 4 entries, 2 media files');
      const records = await readRecords(feed);
      expect(records.map((record) => [record.ref, record.errors])).toEqual([
        ['1_HV00042', []],
        ['1_HV00043', [{ field: 'PRICE', message: "PRICE 'abc' is not a number" }]],
      ]);
      expect(await streamText(await feed.openMedia('1_HV00042_IMG_00.jpg'))).toBe('photo bytes');
      expect(await streamText(await feed.openMedia('1_HV00042_FLP_00.jpg'))).toBe('plan bytes');
      expect(await feed.openMedia('../export/media/1_HV00042_IMG_00.JPG')).toBeNull();
      expect(await feed.openMedia('missing.jpg')).toBeNull();
      // The records can be read again (a dry run, then the import).
      expect((await readRecords(feed)).length).toBe(2);
    } finally {
      await feed.close();
    }
  });

  it('opens a folder holding a .blt file and its media in a subfolder, without following links', async () => {
    const folder = path.join(root, 'folder-feed');
    await mkdir(path.join(folder, 'photos'), { recursive: true });
    await writeFile(path.join(folder, 'test.blt'), twoListings);
    await writeFile(path.join(folder, 'photos', '1_HV00042_IMG_00.jpg'), 'folder photo');
    await writeFile(path.join(root, 'secret.txt'), 'secret');
    await symlink(path.join(root, 'secret.txt'), path.join(folder, 'photos', 'secret.txt'));
    const feed = await openFeed(folder);
    expect(feed.notes).toContain('1 symbolic links in the folder were not followed');
    expect(await streamText(await feed.openMedia('1_hv00042_img_00.JPG'))).toBe('folder photo');
    expect(await feed.openMedia('secret.txt')).toBeNull();
    expect((await readRecords(feed)).length).toBe(2);
    await feed.close();
  });

  it('opens a bare .blm file with its media beside it, and notes a Windows-1252 conversion', async () => {
    const folder = path.join(root, 'bare');
    await mkdir(folder);
    const text = blmText([saleRecord({ SUMMARY: 'Café with a £ sign' })]);
    await writeFile(path.join(folder, 'feed.blm'), Buffer.from(text, 'latin1'));
    await writeFile(path.join(folder, '1_HV00042_IMG_00.jpg'), 'bare photo');
    const feed = await openFeed(path.join(folder, 'feed.blm'));
    expect(feed.notes).toContain('Text encoding: Windows-1252 (the file is not valid UTF-8), converted to UTF-8');
    const [record] = await readRecords(feed);
    expect(record?.listing?.fields.summary).toBe('Café with a £ sign');
    expect(await streamText(await feed.openMedia('1_HV00042_IMG_00.jpg'))).toBe('bare photo');
  });

  it('rejects the record with a 100 MB description without holding it in memory, and reads on', async () => {
    const feedPath = path.join(root, 'huge.blm');
    const [head, tail] = blmText([saleRecord({ DESCRIPTION: 'HUGE' }), saleRecord({ AGENT_REF: 'AFTER' })]).split(
      'HUGE',
    ) as [string, string];
    const handle = await open(feedPath, 'w');
    await handle.write(head);
    const megabyte = 'A fine house. '.repeat(74_899).slice(0, 1024 * 1024);
    for (let index = 0; index < 100; index += 1) await handle.write(megabyte);
    await handle.write(tail);
    await handle.close();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const feed = await openFeed(feedPath);
    const records: MappedRecord[] = [];
    for await (const record of feed.records) {
      records.push(record);
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    expect(records[0]?.listing).toBeNull();
    expect(records[0]?.errors).toEqual([
      {
        field: 'DESCRIPTION',
        message:
          'DESCRIPTION is 104,857,600 characters long: the most Doorstep accepts is 1,000,000, so the record is ignored',
      },
    ]);
    expect(records[1]?.listing?.ref).toBe('AFTER');
    // The description is a hundred times the field limit; the reader never holds more than the limit of it.
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a truncated file while its records are read', async () => {
    const feedPath = path.join(root, 'truncated.blm');
    await writeFile(feedPath, twoListings.replace('#END#\r\n', ''));
    const feed = await openFeed(feedPath);
    expect(await refusal(readRecords(feed))).toBe(
      'The file has no #END# line: it may be truncated, so nothing was imported.',
    );
  });

  it('refuses a file without the columns no listing can do without, and notes other missing ones', async () => {
    const noPrice = path.join(root, 'no-price.blm');
    await writeFile(
      noPrice,
      blmText([saleRecord()], { columns: COLUMNS.filter((column) => column !== 'PRICE' && column !== 'TOWN') }),
    );
    expect(await refusal(openFeed(noPrice))).toBe(
      'The #DEFINITION# lacks the columns PRICE, TOWN, without which no listing can be published: the file is refused.',
    );
    const noSummary = path.join(root, 'no-summary.blm');
    await writeFile(noSummary, blmText([saleRecord()], { columns: COLUMNS.filter((column) => column !== 'SUMMARY') }));
    const feed = await openFeed(noSummary);
    expect(feed.notes).toContain("The #DEFINITION# lacks the format's mandatory column SUMMARY: read as empty");
  });

  it('refuses empty files, binary junk, paths that are not feeds and folders without one', async () => {
    const empty = path.join(root, 'empty.blm');
    await writeFile(empty, '');
    expect(await refusal(openFeed(empty))).toBe('The file is empty: it holds no listings.');
    const junk = path.join(root, 'junk.blm');
    await writeFile(junk, Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00]));
    expect(await refusal(openFeed(junk))).toBe('The file is not text (it holds binary data): it is not a BLM file.');
    expect(await refusal(openFeed(path.join(root, 'nowhere.blm')))).toMatch(/^There is no file or folder at /);
    const text = path.join(root, 'feed.csv');
    await writeFile(text, 'a,b');
    expect(await refusal(openFeed(text))).toBe('feed.csv is not a .blm, .blt or .zip file.');
    const emptyFolder = path.join(root, 'empty-folder');
    await mkdir(emptyFolder);
    expect(await refusal(openFeed(emptyFolder))).toMatch(/holds no \.blm file/);
    const notZip = path.join(root, 'broken.zip');
    await writeFile(notZip, 'this is not a zip');
    expect(await refusal(openFeed(notZip))).toMatch(/^The zip cannot be opened: /);
  });

  it('refuses zips without exactly one BLM file', async () => {
    const none = await makeZip('none.zip', [{ name: 'photo.jpg', content: 'x' }]);
    expect(await refusal(openFeed(none))).toBe('The zip holds no .blm file: there is nothing to import.');
    const two = await makeZip('two.zip', [
      { name: 'a.blm', content: twoListings },
      { name: 'b.BLM', content: twoListings },
    ]);
    expect(await refusal(openFeed(two))).toBe('The zip holds 2 BLM files (a.blm, b.BLM): send one per zip.');
  });

  it('refuses a zip with a path that climbs out, an absolute path or a symbolic link', async () => {
    // yazl will not write such names, so a safe name of the same length is patched in the archive's bytes.
    const climbing = await makeZip('climb.zip', [
      { name: 'feed.blm', content: twoListings },
      { name: 'xx/evil.jpg', content: 'x' },
    ]);
    await patchName(climbing, 'xx/evil.jpg', '../evil.jpg');
    expect(await refusal(openFeed(climbing))).toBe(
      'The zip holds an unsafe or damaged entry (invalid relative path: ../evil.jpg): it is refused.',
    );
    const absolute = await makeZip('absolute.zip', [
      { name: 'feed.blm', content: twoListings },
      { name: 'xetc/passwd', content: 'x' },
    ]);
    await patchName(absolute, 'xetc/passwd', '/etc/passwd');
    expect(await refusal(openFeed(absolute))).toBe(
      'The zip holds an unsafe or damaged entry (absolute path: /etc/passwd): it is refused.',
    );
    const link = await makeZip('link.zip', [
      { name: 'feed.blm', content: twoListings },
      { name: 'photo.jpg', content: '/etc/passwd', mode: 0o120777 },
    ]);
    expect(await refusal(openFeed(link))).toBe('The zip holds a symbolic link (photo.jpg): it is refused.');
  });

  it('refuses a zip bomb', async () => {
    const bomb = await makeZip('bomb.zip', [
      { name: 'feed.blm', content: twoListings },
      { name: 'photo.jpg', content: Buffer.alloc(40 * 1024 * 1024) },
    ]);
    expect(await refusal(openFeed(bomb))).toMatch(
      /^The zip entry photo\.jpg would expand from [\d,]+ to 41,943,040 bytes: it looks like a zip bomb, so the file is refused\.$/,
    );
  });
});

async function patchName(zipPath: string, from: string, to: string): Promise<void> {
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(zipPath);
  const patched = Buffer.from(bytes.toString('latin1').split(from).join(to), 'latin1');
  await writeFile(zipPath, patched);
}
