import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.server.ts';

describe('renderMarkdown', () => {
  it('renders headings, lists and safe links', () => {
    const html = renderMarkdown('# Title\n\n- one\n- two\n\n[Guide](/mortgages)');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="/mortgages">Guide</a>');
  });

  it('drops raw HTML and unsafe link schemes', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('onerror');
  });
});

// Staff write the Markdown: whatever they type, the page may carry only these elements and attributes, no event
// handler and no link or image address outside http(s), mailto, tel, the site's own paths and fragments.
const ALLOWED_ELEMENTS = new Set(
  'a,blockquote,br,code,del,em,h1,h2,h3,h4,h5,h6,hr,img,input,li,ol,p,pre,strong,table,tbody,td,th,thead,tr,ul'.split(
    ',',
  ),
);
const ALLOWED_ATTRIBUTES = new Set([
  'href',
  'title',
  'rel',
  'src',
  'alt',
  'loading',
  'align',
  'class',
  'type',
  'checked',
  'disabled',
  'start',
]);
const SAFE_ADDRESS = /^(https?:|mailto:|tel:|\/|#)/i;

function unsafePartsOf(html: string): string[] {
  const problems: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!ALLOWED_ELEMENTS.has(name)) problems.push(`element ${name}`);
        for (const [attribute, value] of Object.entries(attributes)) {
          if (!ALLOWED_ATTRIBUTES.has(attribute)) problems.push(`attribute ${attribute} on ${name}`);
          if ((attribute === 'href' || attribute === 'src') && !SAFE_ADDRESS.test(value.trim())) {
            problems.push(`${attribute}=${value}`);
          }
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return problems;
}

const hostilePieces = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](  javascript:alert(1))',
  '[x](<javascript:alert(1)>)',
  '[x](java\tscript:alert(1))',
  '[x](javascript&#58;alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD4=)',
  '[x](vbscript:msgbox(1))',
  '![x](javascript:alert(1))',
  '![x" onerror="alert(1)](/media/a.jpg)',
  '[x](/ok "t\\" onmouseover=\\"alert(1)")',
  '<javascript:alert(1)>',
  '<svg onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<style>body{}</style>',
  '[ref]: javascript:alert(1)\n\n[x][ref]',
  '```html\n<script>alert(1)</script>\n```',
  '`<img src=x onerror=alert(1)>`',
  '<details open ontoggle=alert(1)>',
  '- [ ] task',
  '| a | b |\n|---|---|\n| <b onclick=x>1</b> | 2 |',
  '> quote <a href=javascript:x>y</a>',
  '[x](https://example.com)',
  '**bold** _em_ ~~del~~',
  '# heading {#id onclick=x}',
  '\n\n',
  '\\<script>',
  '```x" onclick="alert(1)\ncode\n```',
  '&lt;script&gt;',
];

describe('renderMarkdown with anything a staff member types', () => {
  it.each(hostilePieces)('%s renders nothing unsafe', (source) => {
    expect(unsafePartsOf(renderMarkdown(source))).toEqual([]);
  });

  it('never produces script, an event handler or an unsafe address, however the pieces are combined', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(...hostilePieces),
            fc.constantFrom(
              '[',
              ']',
              '(',
              ')',
              '<',
              '>',
              '"',
              "'",
              '`',
              '!',
              ':',
              '&',
              '#',
              ';',
              '\n',
              ' ',
              '*',
              '|',
              '-',
            ),
            fc.string({ maxLength: 12 }),
            fc.string({ unit: 'grapheme', maxLength: 6 }),
          ),
          { maxLength: 12 },
        ),
        (pieces) => {
          const html = renderMarkdown(pieces.join(''));
          expect(unsafePartsOf(html)).toEqual([]);
        },
      ),
      { numRuns: 2000, seed: 20261126 },
    );
  });
});
