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
