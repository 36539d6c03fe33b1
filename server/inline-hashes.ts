import { createHash } from 'node:crypto';

/** CSP source expressions ('sha256-…') of a page's inline scripts and styles. */
export type InlineHashes = { scripts: string[]; styles: string[] };

// Script and style are raw-text elements: the browser hashes exactly the characters between the tags.
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function hashesOf(html: string, pattern: RegExp): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(pattern)) {
    const text = match[1] ?? '';
    if (text !== '') found.add(sha256Source(text));
  }
  return [...found];
}

/** Hashes each inline script and style of a rendered page, so the page's CSP allows exactly those. */
export function inlineHashesOf(html: string): InlineHashes {
  return { scripts: hashesOf(html, INLINE_SCRIPT), styles: hashesOf(html, INLINE_STYLE) };
}

/** The origins of external scripts and hashes of inline ones in configured snippets (the analytics code). */
export function snippetScriptSources(html: string): string[] {
  const sources = new Set(hashesOf(html, INLINE_SCRIPT));
  for (const match of html.matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/gi)) {
    try {
      const url = new URL(match[1] ?? '');
      if (url.protocol === 'https:') sources.add(url.origin);
    } catch {
      // A relative src is served by this site: 'self' covers it.
    }
  }
  return [...sources];
}
