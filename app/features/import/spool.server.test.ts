import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpool } from './spool.server.ts';

let parent: string;
beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'doorstep-spool-test-'));
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe('createSpool', () => {
  it('gives back every value in order, dates and nested objects intact, across block boundaries', async () => {
    const spool = await createSpool<{ n: number; at: Date; text: string; nested: { list: number[] } }>(parent);
    const values = Array.from({ length: 3_000 }, (_, n) => ({
      n,
      at: new Date(Date.UTC(2026, 0, 1 + (n % 300))),
      // Some values are larger than the 1 MB write and read blocks.
      text: n % 1_000 === 7 ? 'x'.repeat(1_500_000) : `listing ${n} £ é`,
      nested: { list: [n, n * 2] },
    }));
    for (const value of values) await spool.append(value);
    const read = [];
    for await (const value of spool.read()) read.push(value);
    expect(read).toHaveLength(values.length);
    expect(read).toEqual(values);
    expect(read[5]!.at).toBeInstanceOf(Date);
    await spool.dispose();
  });

  it('reads nothing from an empty spool, and leaves no file behind once disposed', async () => {
    const spool = await createSpool<number>(parent);
    expect(await readdir(parent)).toHaveLength(1);
    const read = [];
    for await (const value of spool.read()) read.push(value);
    expect(read).toEqual([]);
    await spool.dispose();
    await spool.dispose();
    expect(await readdir(parent)).toEqual([]);
  });
});
