/**
 * A temporary file of values, appended one at a time and read back in order. The pipeline reads a whole feed before
 * it writes anything (one transaction per file), so what it will write has to wait somewhere between the two: on
 * disk it costs the same whatever the file's size, where an array of 10,000 listings held hundreds of megabytes of
 * heap. Values are written with the structured-clone serialiser, so dates and nested objects come back as they went.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';

export type Spool<T> = {
  append(value: T): Promise<void>;
  /** The values in the order they were appended; call once, after the last append. */
  read(): AsyncGenerator<T>;
  /** Removes the file; safe to call more than once. */
  dispose(): Promise<void>;
};

const FLUSH_BYTES = 1024 * 1024;

/** A new spool in a folder of its own under `parent` (the system's temporary folder by default). */
export async function createSpool<T>(parent = tmpdir()): Promise<Spool<T>> {
  const folder = await mkdtemp(path.join(parent, 'doorstep-import-spool-'));
  const file = path.join(folder, 'planned-writes.bin');
  const handle = await open(file, 'w', 0o600);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let isDisposed = false;

  async function flush(): Promise<void> {
    if (pendingBytes === 0) return;
    const chunk = Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    await handle.write(chunk);
  }

  return {
    async append(value) {
      const payload = serialize(value);
      const length = Buffer.allocUnsafe(4);
      length.writeUInt32LE(payload.length);
      pending.push(length, payload);
      pendingBytes += 4 + payload.length;
      if (pendingBytes >= FLUSH_BYTES) await flush();
    },
    async *read() {
      await flush();
      let rest: Buffer = Buffer.alloc(0);
      for await (const chunk of createReadStream(file, { highWaterMark: FLUSH_BYTES })) {
        rest = rest.length === 0 ? (chunk as Buffer) : Buffer.concat([rest, chunk as Buffer]);
        let offset = 0;
        while (rest.length - offset >= 4) {
          const length = rest.readUInt32LE(offset);
          if (rest.length - offset - 4 < length) break;
          yield deserialize(rest.subarray(offset + 4, offset + 4 + length)) as T;
          offset += 4 + length;
        }
        rest = rest.subarray(offset);
      }
      if (rest.length > 0) throw new Error('The import spool file ends part-way through a value');
    },
    async dispose() {
      if (isDisposed) return;
      isDisposed = true;
      await handle.close().catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}
