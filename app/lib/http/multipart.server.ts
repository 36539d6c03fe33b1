/**
 * The request layer's multipart reader. Streams a multipart/form-data body (busboy) without buffering it: text fields are collected, each file
 * (one by default; `maxFiles` for staff uploads) is written straight to a temporary file in UPLOAD_DIR while its
 * size is counted and its first bytes are checked.
 * Reading stops at once (the rest of the body is never read) when the file passes the size limit, when its bytes
 * are not an accepted type, or when the caller refuses the file (e.g. no valid authenticity token before it).
 * Which types are accepted is the caller's `identify` (a custom form's upload rules live with its feature).
 * Text fields land in a record without a prototype; a NUL character in one stops reading ('malformed', a 400).
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';

export type ReceivedUpload<Type> = {
  fieldName: string;
  /** The visitor's file name: kept for the email and the row, never used on disk. */
  originalName: string;
  tempPath: string;
  sizeBytes: number;
  type: Type;
};

export type MultipartFailure =
  'too-large' | 'file-type' | 'file-empty' | 'rejected' | 'malformed' | 'too-many-parts' | 'too-many-files';

export type MultipartOutcome<Type> =
  | {
      ok: true;
      fields: Record<string, string>;
      /** The first file (the only one unless `maxFiles` allows more). */
      upload: ReceivedUpload<Type> | null;
      /** Every file, in the order sent. */
      uploads: ReceivedUpload<Type>[];
      truncatedFields: string[];
    }
  | { ok: false; reason: MultipartFailure; fields: Record<string, string>; fileFieldName: string | null };

type FileDecision = 'store' | 'discard' | 'reject';

export type MultipartOptions<Type> = {
  uploadDir: string;
  /** How many first bytes `identify` needs. */
  sniffBytes: number;
  /** The accepted type a file's first bytes and name show, or null to stop reading ('file-type'). */
  identify: (head: Uint8Array, fileName: string) => Type | null;
  maxFileBytes: number;
  /** How many files one body may carry (default 1: further files are ignored). More than this with `maxFiles` set
   * stops reading ('too-many-files'). */
  maxFiles?: number;
  /** Longest text field value kept (longer ones are cut and reported in `truncatedFields`). */
  maxFieldBytes?: number;
  /** Asked when a file part starts, with the fields read so far (which come first in document order). */
  onFileStart: (fieldName: string, fieldsSoFar: Readonly<Record<string, string>>) => FileDecision;
};

class StopReading extends Error {
  constructor(readonly reason: MultipartFailure) {
    super(`multipart reading stopped: ${reason}`);
  }
}

/** Counts bytes and identifies the file from its first bytes as they pass through to disk. */
class UploadInspector<Type> extends Transform {
  sizeBytes = 0;
  private head = Buffer.alloc(0);
  type: Type | null = null;
  private decided = false;

  constructor(
    private readonly fileName: string,
    private readonly sniffBytes: number,
    private readonly identify: (head: Uint8Array, fileName: string) => Type | null,
    private readonly onWrongType: () => void,
  ) {
    super();
  }

  _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.sizeBytes += chunk.length;
    if (!this.decided) {
      this.head = Buffer.concat([this.head, chunk]).subarray(0, this.sniffBytes);
      if (this.head.length >= this.sniffBytes) this.decide();
      if (this.decided && !this.type) {
        callback();
        return;
      }
    }
    callback(null, chunk);
  }

  _flush(callback: TransformCallback): void {
    if (!this.decided && this.sizeBytes > 0) this.decide();
    callback();
  }

  private decide(): void {
    this.decided = true;
    this.type = this.identify(this.head, this.fileName);
    if (!this.type) this.onWrongType();
  }
}

export async function readMultipartBody<Type>(
  request: Request,
  options: MultipartOptions<Type>,
): Promise<MultipartOutcome<Type>> {
  const fields = Object.create(null) as Record<string, string>;
  const truncatedFields: string[] = [];
  if (!request.body) return { ok: false, reason: 'malformed', fields, fileFieldName: null };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
      limits: {
        // Busboy reports the limit when a file reaches it, so allow one byte more: exactly 10 MB is accepted.
        fileSize: options.maxFileBytes + 1,
        files: options.maxFiles ?? 1,
        fields: 100,
        parts: 120,
        fieldNameSize: 200,
        fieldSize: options.maxFieldBytes ?? 20_000,
        headerPairs: 20,
      },
    });
  } catch {
    return { ok: false, reason: 'malformed', fields, fileFieldName: null };
  }

  const source = Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>);
  let stopped: StopReading | null = null;
  type PendingUpload = Omit<ReceivedUpload<Type>, 'type' | 'sizeBytes'> & { inspector: UploadInspector<Type> };
  const pending: PendingUpload[] = [];
  let fileFieldName: string | null = null;
  const writes: Promise<void>[] = [];
  const openFiles: Readable[] = [];
  let sawEmptyNamedFile = false;

  const halt = (reason: MultipartFailure) => {
    if (stopped) return;
    stopped = new StopReading(reason);
    // Destroying the source cancels the request body stream: nothing more is read from the client.
    source.destroy(stopped);
    for (const file of openFiles) file.destroy(stopped);
  };

  parser.on('field', (name, value, info) => {
    if (stopped || (typeof name === 'string' && name in fields)) return;
    // PostgreSQL refuses NUL in text; a real form never sends one. Busboy gives no name for a part named "" and no
    // value for a part whose declared charset it cannot decode; a throw here would leave the request unanswered.
    if (typeof name !== 'string' || typeof value !== 'string' || value.includes('\0') || name.includes('\0')) {
      halt('malformed');
      return;
    }
    fields[name] = value;
    if (info.valueTruncated) truncatedFields.push(name);
  });

  parser.on('file', (name, stream, info) => {
    // Busboy destroys an unfinished file stream with the reason reading stopped; that is handled below.
    stream.on('error', () => undefined);
    if (stopped) {
      stream.resume();
      return;
    }
    fileFieldName ??= name;
    const decision = options.onFileStart(name, fields);
    if (decision === 'reject') {
      stream.resume();
      halt('rejected');
      return;
    }
    if (decision === 'discard' || (pending.length > 0 && options.maxFiles === undefined)) {
      stream.resume();
      return;
    }
    if (!info.filename) {
      // A file input left empty is still sent as a part with no name and no bytes.
      stream.resume();
      return;
    }
    const tempPath = path.join(options.uploadDir, `${randomUUID()}.partial`);
    const inspector = new UploadInspector(info.filename, options.sniffBytes, options.identify, () => halt('file-type'));
    pending.push({ fieldName: name, originalName: info.filename.slice(0, 255), tempPath, inspector });
    openFiles.push(stream);
    stream.on('limit', () => halt('too-large'));
    const output = createWriteStream(tempPath, { flags: 'wx', mode: 0o600 });
    writes.push(
      pipeline(stream, inspector, output).then(
        () => {
          if (inspector.sizeBytes === 0) sawEmptyNamedFile = true;
        },
        (error: unknown) => {
          if (!stopped) halt(error instanceof StopReading ? error.reason : 'malformed');
        },
      ),
    );
  });

  parser.on('partsLimit', () => halt('too-many-parts'));
  // With the default single file, busboy's limit just drops extra files; a caller that set a count wants to know.
  parser.on('filesLimit', () => {
    if (options.maxFiles !== undefined) halt('too-many-files');
  });
  parser.on('fieldsLimit', () => halt('too-many-parts'));

  await mkdir(options.uploadDir, { recursive: true });
  try {
    await pipeline(source, parser);
  } catch (error) {
    if (!stopped) stopped = new StopReading(error instanceof StopReading ? error.reason : 'malformed');
  }
  await Promise.allSettled(writes);

  const failure: StopReading | null = stopped ?? (sawEmptyNamedFile ? new StopReading('file-empty') : null);
  const discardAll = () => Promise.all(pending.map((file) => rm(file.tempPath, { force: true })));
  if (failure) {
    await discardAll();
    return { ok: false, reason: failure.reason, fields, fileFieldName };
  }
  if (pending.some((file) => !file.inspector.type)) {
    await discardAll();
    return { ok: false, reason: 'file-type', fields, fileFieldName };
  }
  const uploads = pending.map((file) => ({
    fieldName: file.fieldName,
    originalName: file.originalName,
    tempPath: file.tempPath,
    sizeBytes: file.inspector.sizeBytes,
    type: file.inspector.type!,
  }));
  return { ok: true, fields, truncatedFields, upload: uploads[0] ?? null, uploads };
}
