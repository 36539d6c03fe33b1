import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { FileStorage, StoredObjectInfo } from './storage.server.ts';
import { assertStorageKey, assertStoragePrefix } from './storage-key.ts';

/** The storage could not be reached or refused the request (not "no such object"): answered 503, not 404. */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, s3rver…); unset for AWS S3 itself. */
  endpoint?: string;
  /** A folder inside the bucket for every key, e.g. "doorstep/". */
  prefix?: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (AWS_* variables, shared config, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** Streams of unknown length go up in parts of this size (S3's minimum is 5 MiB), two at a time. */
const PART_SIZE = 8 * 1024 * 1024;

type Sdk = typeof S3Sdk;

/** Loaded on first use, so a site on the local disk never loads (or warns about) the AWS SDK. */
let sdkPromise: Promise<Sdk> | undefined;
function loadSdk(): Promise<Sdk> {
  sdkPromise ??= import('@aws-sdk/client-s3');
  return sdkPromise;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

function unavailable(action: string, key: string, error: unknown): StorageUnavailableError {
  const status = statusOf(error);
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new StorageUnavailableError(
    `S3 ${action} of ${JSON.stringify(key)} failed${status ? ` (HTTP ${status})` : ''}: ${reason}`,
    { cause: error },
  );
}

/** Objects in an S3 bucket (or an S3-compatible service) through the AWS SDK v3. */
export function createS3Storage(options: S3StorageOptions): FileStorage {
  const prefix = options.prefix ? options.prefix.replace(/\/?$/, '/') : '';
  const bucket = options.bucket;
  let clientPromise: Promise<S3Client> | undefined;

  function client(): Promise<S3Client> {
    clientPromise ??= loadSdk().then(
      (sdk) =>
        new sdk.S3Client({
          region: options.region,
          endpoint: options.endpoint,
          forcePathStyle: options.forcePathStyle,
          credentials: options.credentials,
          // Checksums only where S3 requires them: with the SDK's newer default, streamed uploads are sent
          // aws-chunked with a trailing checksum, which several S3-compatible servers store verbatim (corrupt).
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          maxAttempts: 3,
          // A dead endpoint fails in seconds rather than holding a visitor's request (socketTimeout is idle time).
          requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
        }),
    );
    return clientPromise;
  }

  async function head(key: string): Promise<StoredObjectInfo | null> {
    assertStorageKey(key);
    const sdk = await loadSdk();
    try {
      const answer = await (await client()).send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: prefix + key }));
      return { size: answer.ContentLength ?? 0, contentType: answer.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable('head', key, error);
    }
  }

  return {
    description: `s3://${bucket}/${prefix}${options.endpoint ? ` at ${options.endpoint}` : ''} (${options.region})`,

    async put(key, body, contentType, putOptions) {
      assertStorageKey(key);
      const sdk = await loadSdk();
      const s3 = await client();
      try {
        if (body instanceof Readable && putOptions?.size === undefined) {
          const { Upload } = await import('@aws-sdk/lib-storage');
          const upload = new Upload({
            client: s3,
            params: { Bucket: bucket, Key: prefix + key, Body: body, ContentType: contentType },
            partSize: PART_SIZE,
            queueSize: 2,
          });
          await upload.done();
        } else {
          const size = body instanceof Readable ? putOptions?.size : body.byteLength;
          await s3.send(
            new sdk.PutObjectCommand({
              Bucket: bucket,
              Key: prefix + key,
              Body: body,
              ContentType: contentType,
              ContentLength: size,
            }),
          );
        }
      } catch (error) {
        if (body instanceof Readable) body.destroy();
        throw unavailable('put', key, error);
      }
    },

    async get(key) {
      assertStorageKey(key);
      const sdk = await loadSdk();
      try {
        const answer = await (await client()).send(new sdk.GetObjectCommand({ Bucket: bucket, Key: prefix + key }));
        if (!(answer.Body instanceof Readable)) throw new Error('the SDK returned a body that is not a Node stream');
        return {
          size: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? 'application/octet-stream',
          body: answer.Body,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable('get', key, error);
      }
    },

    head,

    async exists(key) {
      return (await head(key)) !== null;
    },

    async delete(key) {
      assertStorageKey(key);
      const sdk = await loadSdk();
      try {
        await (await client()).send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: prefix + key }));
      } catch (error) {
        if (!isNotFound(error)) throw unavailable('delete', key, error);
      }
    },

    async *list(keyPrefix) {
      assertStoragePrefix(keyPrefix);
      const sdk = await loadSdk();
      const s3 = await client();
      let continuationToken: string | undefined;
      do {
        let page;
        try {
          page = await s3.send(
            new sdk.ListObjectsV2Command({
              Bucket: bucket,
              Prefix: prefix + keyPrefix,
              ContinuationToken: continuationToken,
            }),
          );
        } catch (error) {
          throw unavailable('list', keyPrefix, error);
        }
        for (const object of page.Contents ?? []) {
          if (object.Key?.startsWith(prefix)) yield { key: object.Key.slice(prefix.length), size: object.Size ?? 0 };
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
  };
}
