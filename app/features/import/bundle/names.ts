import { unsafeMediaName } from '../blm/mapping.ts';

/** .blm (the live feed) and .blt (Rightmove's test files), in any case. */
export function isBlmName(name: string): boolean {
  return /\.(blm|blt)$/i.test(name);
}

/**
 * The key a media file is found by: its base name, lower-cased. Records name files in varying case and
 * sometimes with the folder they had on the agent's disk; a name that could escape the feed finds nothing.
 */
export function mediaKey(name: string): string | null {
  if (unsafeMediaName(name)) return null;
  const baseName = name.split(/[\\/]/).pop()?.trim().toLowerCase() ?? '';
  return baseName === '' ? null : baseName;
}
