import { Parser } from 'htmlparser2';

/**
 * Feed text arrives as plain text or as HTML (the format allows basic HTML in DESCRIPTION). The site stores plain
 * text with paragraphs kept apart by blank lines and renders it escaped, so markup is turned into that shape here:
 * paragraphs, line breaks and list items survive, every tag and attribute goes, and the content of scripts,
 * styles and embedded frames is dropped rather than shown as text.
 */

const DROPPED_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'head',
  'title',
  'select',
  'textarea',
]);
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'blockquote',
  'pre',
  'address',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'dl',
  'table',
  'tr',
  'hr',
  'figure',
]);
const LOOKS_LIKE_MARKUP = /<\/?[a-z][^>]*>|&(#\d+|#x[\da-f]+|[a-z]+);/i;

export type TextShape = 'paragraphs' | 'line';

/** Turns feed text (plain or HTML) into safe plain text; `line` collapses it to a single line (summaries, features). */
export function feedText(raw: string, shape: TextShape): string {
  const text = LOOKS_LIKE_MARKUP.test(raw) ? htmlToText(raw) : raw;
  const cleaned = text
    // Control characters other than line breaks and tabs never belong in a listing.
    .replace(/\p{Cc}/gu, (character) =>
      character === '\n' || character === '\r' || character === '\t' ? character : '',
    )
    .replace(/\r\n?/g, '\n');
  if (shape === 'line') return cleaned.replace(/\s+/g, ' ').trim();
  return cleaned
    .split(/\n[ \t]*\n\s*/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.replace(/[ \t\u00A0]+/g, ' ').trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n\n');
}

function htmlToText(html: string): string {
  const out: string[] = [];
  let dropDepth = 0;
  const hasBlockMarkup = /<\s*(br|p|div|li|h[1-6]|ul|ol|table|tr)\b/i.test(html);
  const breakParagraph = () => out.push('\n\n');
  const parser = new Parser(
    {
      onopentag(name) {
        if (DROPPED_CONTENT.has(name)) dropDepth += 1;
        if (dropDepth > 0) return;
        if (name === 'br') out.push('\n');
        else if (name === 'li') out.push('\n• ');
        else if (BLOCKS.has(name)) breakParagraph();
      },
      ontext(text) {
        if (dropDepth > 0) return;
        // In HTML a line break in the source is a space; plain text that only uses entities keeps its lines.
        out.push(hasBlockMarkup ? text.replace(/\s+/g, ' ') : text);
      },
      onclosetag(name, isImplied) {
        if (DROPPED_CONTENT.has(name)) {
          if (dropDepth > 0) dropDepth -= 1;
          return;
        }
        if (dropDepth === 0 && !isImplied && BLOCKS.has(name)) breakParagraph();
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return out
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
}
