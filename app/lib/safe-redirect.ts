/**
 * The one check for a redirect target that comes from input (`return_to`, `redirect_url`, `redirect_to`): only a
 * path on this site is followed. The value is parsed as a URL against a placeholder origin and the *normalised*
 * result is checked, because browsers normalise too: `/.//evil.example` becomes `//evil.example` (another host),
 * and tabs, newlines and backslashes are dropped or turned into slashes before the URL is read.
 */
const PLACEHOLDER_ORIGIN = 'http://doorstep.invalid';
const MAX_REDIRECT_LENGTH = 2000;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f-\u009f\\]/;
/** The same characters percent-encoded (and an encoded backslash): a target never needs them. */
const ENCODED_CONTROL_OR_BACKSLASH = /%(?:[01][0-9a-f]|7f|5c)/i;

export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return fallback;
  if (CONTROL_OR_BACKSLASH.test(value) || ENCODED_CONTROL_OR_BACKSLASH.test(value)) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(value, PLACEHOLDER_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return fallback;
  // The normalised path must itself be unambiguous: '//host' in a Location header is another site.
  if (!url.pathname.startsWith('/') || url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}`;
}
