/**
 * The one way a request body is read (web APIs only, so the field helpers also serve the browser): JSON, form-encoded or empty bodies become one flat record of fields;
 * multipart bodies are streamed by `readMultipartBody` (multipart.server.ts). Every failure is an HttpError
 * (400 unreadable, 413 too large, 415 wrong type), never a 500.
 *
 * Field records have no prototype, so a field named `__proto__`, `constructor` or `toString` is just a field:
 * it can neither change an object's prototype nor be mistaken for an inherited method.
 */
import { HttpError, UNREADABLE_BODY_MESSAGE } from './http-error.ts';

export type FieldRecord = Record<string, unknown>;

export type BodyKind = 'form' | 'json' | 'multipart' | 'other' | 'none';

/** A record without a prototype (fields, and any record keyed by outside text); `source`'s own properties are copied as plain data. */
export function fieldRecord<Value = unknown>(
  source?: Iterable<readonly [string, NoInfer<Value>]> | Record<string, NoInfer<Value>>,
): Record<string, Value> {
  const record = Object.create(null) as Record<string, Value>;
  if (!source) return record;
  const entries = Symbol.iterator in source ? source : Object.entries(source);
  for (const [key, value] of entries as Iterable<readonly [string, Value]>) {
    Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return record;
}

/**
 * The same data as ordinary objects (deeply), for code that needs a prototype, such as the database driver's
 * JSON columns. Keys are defined, not assigned, so a `__proto__` key stays a plain key.
 */
export function toPlainObject(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toPlainObject);
  if (typeof value !== 'object' || value === null) return value;
  const plain: Record<string, unknown> = {};
  for (const [key, nested] of Object.entries(value)) {
    Object.defineProperty(plain, key, {
      value: toPlainObject(nested),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return plain;
}

/** True for a non-array object (including records without a prototype). */
export function isFieldRecord(value: unknown): value is FieldRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function bodyKindOf(contentType: string | null): BodyKind {
  if (!contentType) return 'none';
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'multipart/form-data') return 'multipart';
  return 'other';
}

const DEFAULT_FIELDS_LIMIT_BYTES = 64_000;

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `The request body is too large (limit ${limit} bytes).`);
}

/** Reads the whole body, refusing more than `limit` bytes while streaming rather than after buffering. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new HttpError(400, UNREADABLE_BODY_MESSAGE);
    }
    if (chunk.done) break;
    total += chunk.value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(chunk.value);
  }
  const body = new Uint8Array(new ArrayBuffer(total));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * A NUL character is never part of a real form or JSON value, and PostgreSQL refuses it in text and jsonb: a raw
 * one, a percent-encoded one or a JSON escape all count.
 */
export function hasNulCharacter(body: Uint8Array | string): boolean {
  if (typeof body === 'string') return body.includes('\0') || /%00|\\u0000/i.test(body);
  if (body.includes(0)) return true;
  const text = new TextDecoder('latin1').decode(body);
  return /%00|\\u0000/i.test(text);
}

export const UNREADABLE_CHARACTERS_MESSAGE =
  'The request contains characters we cannot read. Please check what you typed and try again.';

/**
 * Form-encoded text as fields, as a Rails params hash reads it: a repeated name keeps its last value, and a name
 * ending in `[]` collects every value into a list under the name without the brackets (`ids[]=1&ids[]=2`).
 */
function parseFormEncoded(text: string): FieldRecord {
  const record = fieldRecord();
  for (const [name, value] of new URLSearchParams(text)) {
    if (!name.endsWith('[]')) {
      Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
      continue;
    }
    const listName = name.slice(0, -2);
    const existing: unknown = Object.hasOwn(record, listName) ? record[listName] : undefined;
    const list = Array.isArray(existing) ? existing : [];
    list.push(value);
    Object.defineProperty(record, listName, { value: list, enumerable: true, writable: true, configurable: true });
  }
  return record;
}

/** A JSON object as fields, every nested object without a prototype too; anything else is a 400. */
function parseJsonObject(text: string): FieldRecord {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (_key, value: unknown) =>
      isFieldRecord(value) ? fieldRecord(value as Record<string, unknown>) : value,
    );
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.');
  }
  if (!isFieldRecord(parsed)) throw new HttpError(400, 'The request body must be a JSON object.');
  return parsed;
}

/** Decodes a body already read (the server reads it once, before React Router, for `_method` and the token). */
function fieldsFromBytes(kind: BodyKind, body: Uint8Array): FieldRecord {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(body);
  if (kind === 'json') return parseJsonObject(text);
  if (kind === 'form') return parseFormEncoded(text);
  if (text.trim() === '') return fieldRecord();
  if (kind === 'multipart') throw new HttpError(415, 'File uploads are not accepted at this address.');
  throw new HttpError(415, 'Send the fields as JSON or as a form (application/x-www-form-urlencoded).');
}

/**
 * The fields of a JSON, form-encoded or empty body, read with a size limit. Multipart and other types are a 415;
 * a NUL character is a 400.
 */
export async function readFields(request: Request, options: { limitBytes?: number } = {}): Promise<FieldRecord> {
  const kind = bodyKindOf(request.headers.get('content-type'));
  const body = await readBodyBytes(request, options.limitBytes ?? DEFAULT_FIELDS_LIMIT_BYTES);
  if (hasNulCharacter(body)) throw new HttpError(400, UNREADABLE_CHARACTERS_MESSAGE);
  return fieldsFromBytes(kind, body);
}

/** The two fields the server itself reads from a body: `_method` and `authenticity_token`. */
export function readControlFields(kind: BodyKind, body: Uint8Array): { method?: string; token?: string } {
  if (body.byteLength === 0 || (kind !== 'form' && kind !== 'json')) return {};
  const text = new TextDecoder('utf-8', { fatal: false }).decode(body);
  let fields: FieldRecord;
  if (kind === 'form') fields = parseFormEncoded(text);
  else {
    // Some calls post a JSON list: it carries no control fields, and the route judges the list itself.
    const trimmed = text.trimStart();
    if (!trimmed.startsWith('{')) {
      try {
        JSON.parse(text);
      } catch {
        throw new HttpError(400, 'The request body is not valid JSON.');
      }
      return {};
    }
    fields = parseJsonObject(text);
  }
  return {
    method: typeof fields._method === 'string' ? fields._method : undefined,
    token: typeof fields.authenticity_token === 'string' ? fields.authenticity_token : undefined,
  };
}
