import { describe, expect, it } from 'vitest';
import { FeedRefused } from '../feed.ts';
import { createBlmFeed, type MediaStore } from './blm-feed.ts';
import { blmText, saleRecord } from './test-helpers.ts';

const noMedia: MediaStore = { notes: [], open: async () => null, close: async () => {} };

describe('createBlmFeed', () => {
  it('refuses a file whose bytes stop with a read error part-way', async () => {
    const bytes = Buffer.from(blmText([saleRecord(), saleRecord({ AGENT_REF: 'B' })]));
    let opened = 0;
    const source = {
      name: 'damaged.blm',
      async open() {
        opened += 1;
        // The third read (after the encoding check and the header) is the one that fails.
        const isRecordsPass = opened === 3;
        return (async function* () {
          yield bytes.subarray(0, 900);
          if (isRecordsPass) throw new Error('invalid stored block lengths');
          yield bytes.subarray(900);
        })();
      },
    };
    const feed = await createBlmFeed(source, noMedia);
    const error = await (async () => {
      for await (const record of feed.records) void record;
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FeedRefused);
    expect((error as FeedRefused).reason).toBe(
      'The file could not be read to its end (invalid stored block lengths): nothing was imported.',
    );
  });

  it('describes the file in its notes', async () => {
    const bytes = Buffer.from(blmText([saleRecord()], { propertyCount: 1 }));
    const feed = await createBlmFeed(
      {
        name: 'feed.blm',
        open: async () =>
          (async function* () {
            yield bytes;
          })(),
      },
      noMedia,
    );
    expect(feed.notes).toEqual([
      'File: feed.blm',
      'Text encoding: UTF-8',
      "BLM version 3; fields separated by '^', records ended by '~'",
      'Property Count: 1',
      'Generated: 2026-11-25 09:00:00',
    ]);
  });
});
