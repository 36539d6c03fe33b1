/**
 * Storage keys are relative, "/"-separated names such as `originals/photos/house-01.jpg` or
 * `uploads/3f2c….pdf`. Each segment starts with a letter or digit, so "." and ".." (and hidden files) can never
 * be written; there is no leading "/", no "\", no empty segment. The same key means the same object on the local
 * disk and in a bucket, and no key can reach outside the storage's folder.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

export function isValidStorageSegment(segment: string): boolean {
  return SEGMENT.test(segment);
}

export function isValidStorageKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split('/').every(isValidStorageSegment);
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(
      `Invalid storage key ${JSON.stringify(key.slice(0, 100))}: expected names of letters, digits, ".", "_", "-" separated by "/"`,
    );
    this.name = 'InvalidStorageKeyError';
  }
}

export function assertStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
}

/**
 * A prefix for `list`: empty (everything), a folder ending in "/", or a folder followed by the start of a name.
 * Every complete segment must be valid, so a prefix cannot climb out either.
 */
export function assertStoragePrefix(prefix: string): void {
  if (prefix === '') return;
  const segments = prefix.split('/');
  const last = segments.pop() ?? '';
  const isValid =
    prefix.length <= MAX_KEY_LENGTH &&
    segments.every(isValidStorageSegment) &&
    (last === '' ? segments.length > 0 : isValidStorageSegment(last));
  if (!isValid) throw new InvalidStorageKeyError(prefix);
}
