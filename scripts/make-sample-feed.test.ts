import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openFeedFile as openFeed } from '../app/features/import/index.server.ts';
import type { MappedRecord } from '../app/features/import/feed.ts';
import { writeSampleFeed } from './make-sample-feed.ts';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

describe('the sample feed', () => {
  it('is a zip of a BLM file whose every listing maps cleanly, with its photos and floorplan inside', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'doorstep-sample-'));
    folders.push(folder);
    const out = path.join(folder, 'sample.zip');
    const result = await writeSampleFeed({ count: 9, photos: 2, out, now: new Date('2026-11-25T09:00:00Z') });
    expect(result).toMatchObject({ listings: 9, files: 1 + 9 * 3 });
    expect((await stat(out)).size).toBe(result.bytes);
    const feed = await openFeed(out);
    const records: MappedRecord[] = [];
    for await (const record of feed.records) records.push(record);
    expect(records).toHaveLength(9);
    expect(records.flatMap((record) => [...record.errors, ...record.warnings])).toEqual([]);
    const channels = new Set(records.map((record) => record.listing?.fields.channel));
    expect(channels).toEqual(new Set(['sales', 'lettings']));
    // All eight demo branches (BRANCH_ID is the branch's feed code), Edinburgh's listing in Scotland.
    expect(new Set(records.map((record) => record.listing?.branchCode))).toEqual(
      new Set(['BAT', 'BRI', 'CHE', 'OXF', 'YRK', 'HAR', 'EDI', 'CDF']),
    );
    expect(records.find((record) => record.ref.startsWith('EDI_'))?.listing?.fields.facts?.nation).toBe('scotland');
    const first = records[0]?.listing;
    expect(first?.media.map((media) => [media.kind, media.caption])).toEqual([
      ['photo', 'Front elevation'],
      ['photo', 'Kitchen'],
      ['floorplan', 'Floorplan'],
    ]);
    expect(first?.coordinates).not.toBeNull();
    for (const media of first?.media ?? []) {
      const stream = await feed.openMedia(media.source);
      const chunks: Buffer[] = [];
      for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(bytes.includes(Buffer.from(media.source))).toBe(true);
    }
    await feed.close();
  });

  it('lowers the price of the first `changed` listings and leaves every other listing identical', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'doorstep-sample-'));
    folders.push(folder);
    const now = new Date('2026-11-25T09:00:00Z');
    const read = async (out: string) => {
      const feed = await openFeed(out);
      const listings = [];
      for await (const record of feed.records) listings.push(record.listing);
      await feed.close();
      return listings;
    };
    await writeSampleFeed({ count: 5, photos: 1, out: path.join(folder, 'a.zip'), now });
    await writeSampleFeed({ count: 5, photos: 1, out: path.join(folder, 'b.zip'), now, changed: 2 });
    const [before, after] = [await read(path.join(folder, 'a.zip')), await read(path.join(folder, 'b.zip'))];
    expect(after.slice(2)).toEqual(before.slice(2));
    for (const index of [0, 1]) {
      expect(after[index]?.fields.priceValue).toBe(Math.round((before[index]?.fields.priceValue ?? 0) * 0.95));
      expect({ ...after[index]?.fields, priceValue: 0 }).toEqual({ ...before[index]?.fields, priceValue: 0 });
    }
  });
});
