/**
 * Reads one cookie from a Cookie header. Total: a malformed header or a value that is not valid percent-encoding
 * gives the raw value (or undefined), never an exception, since every page reads cookies and a visitor (or a
 * browser extension) controls them.
 */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    return decodeCookieValue(part.slice(separator + 1).trim());
  }
  return undefined;
}

function decodeCookieValue(raw: string): string {
  const unquoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return unquoted;
  }
}
