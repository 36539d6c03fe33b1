import { Marked } from 'marked';

const SAFE_URL = /^(https?:|mailto:|tel:|\/|#)/i;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * Markdown to HTML for pages and articles. Raw HTML in the source is dropped and only safe URL schemes are
 * linked, so editors' content can never inject script.
 */
const marked = new Marked({
  gfm: true,
  renderer: {
    html() {
      return '';
    },
    link({ href, title, tokens }) {
      const text = this.parser.parseInline(tokens);
      if (!SAFE_URL.test(href)) return text;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      const external = /^https?:/i.test(href) ? ' rel="noopener noreferrer"' : '';
      return `<a href="${escapeHtml(href)}"${titleAttr}${external}>${text}</a>`;
    },
    image({ href, title, text }) {
      if (!SAFE_URL.test(href)) return escapeHtml(text);
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${titleAttr} loading="lazy">`;
    },
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false });
}
