import { describe, expect, it } from 'vitest';
import { feedText } from './text.ts';

describe('feedText', () => {
  it('keeps plain text paragraphs and tidies spaces', () => {
    expect(feedText('  First  paragraph\r\nstill first.\r\n\r\n\r\nSecond.  ', 'paragraphs')).toBe(
      'First paragraph\nstill first.\n\nSecond.',
    );
  });

  it('turns HTML paragraphs, line breaks and lists into text, dropping every tag', () => {
    const html =
      '<p>A <b>fine</b> house,\nnear the <a href="javascript:alert(1)">park</a>.</p><ul><li>Garden</li><li>Garage</li></ul>Room<br>sizes<br/>below';
    expect(feedText(html, 'paragraphs')).toBe(
      'A fine house, near the park.\n\n• Garden\n• Garage\n\nRoom\nsizes\nbelow',
    );
  });

  it('drops scripts, styles and frames with their content, and decodes entities', () => {
    const html =
      '<script>alert("x")</script><style>p{color:red}</style><p onclick="steal()">Caf&eacute; &amp; bar &pound;5 &lt;b&gt;</p><iframe src="https://evil.example">frame text</iframe><img src=x onerror=alert(1)>';
    expect(feedText(html, 'paragraphs')).toBe('Café & bar £5 <b>');
  });

  it('keeps a script tag written as text only as harmless text, never as markup', () => {
    // The site renders descriptions escaped, so a decoded '<' is shown, not run.
    expect(feedText('&lt;script&gt;alert(1)&lt;/script&gt;', 'line')).toBe('<script>alert(1)</script>');
  });

  it('collapses a line to one line and strips control characters', () => {
    expect(feedText('Three\nbedrooms\u0007 <br> with <em>views</em>', 'line')).toBe('Three bedrooms with views');
  });

  it('leaves text with a lone < or & alone', () => {
    expect(feedText('Price < £500k & garden', 'line')).toBe('Price < £500k & garden');
  });
});
