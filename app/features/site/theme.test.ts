import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { colourVariable, DEFAULT_THEME_COLOURS, rootStyleSheet, themeColours, themeStyle } from './theme.ts';

const appDir = path.resolve(import.meta.dirname, '../..');

function stylesheets(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return stylesheets(full);
    return name.endsWith('.css') ? [full] : [];
  });
}

describe('theme colours', () => {
  it("takes the agency's error and success colours from the theme settings", () => {
    const colours = themeColours({
      preferences: { defaultSearchStatus: 'available', errorColour: '#aa0000', successColour: '#00aa00' },
    });
    expect(colours.error).toBe('#aa0000');
    expect(colours.success).toBe('#00aa00');
    expect(colours.brand).toBe(DEFAULT_THEME_COLOURS.brand);
    expect(themeColours(undefined)).toEqual(DEFAULT_THEME_COLOURS);
  });

  it('writes the palette as one :root rule, leaving out any value that could end the rule or the element', () => {
    const css = rootStyleSheet({
      '--colour-brand': '#0b4f6c',
      '--colour-backdrop': 'rgb(10 20 30 / 60%)',
      '--logo-width': '220px',
      '--colour-error': 'red;}</style><script>alert(1)</script>',
      '--colour-success': 'url(//evil.example/x)',
    });
    expect(css).toBe(':root{--colour-brand:#0b4f6c;--colour-backdrop:rgb(10 20 30 / 60%);--logo-width:220px}');
  });

  it('names the custom properties the stylesheets use', () => {
    expect(colourVariable('brandDark')).toBe('--colour-brand-dark');
    expect(themeStyle(themeColours())['--colour-error-surface']).toBe(DEFAULT_THEME_COLOURS.errorSurface);
  });

  it('leaves no colour literal in a stylesheet and no --colour-* variable without a palette entry', () => {
    const defined = new Set(Object.keys(themeStyle(themeColours())));
    for (const file of stylesheets(appDir)) {
      const css = readFileSync(file, 'utf8');
      expect(css.match(/#[0-9a-fA-F]{3,8}\b/g) ?? [], file).toEqual([]);
      const used = [...css.matchAll(/var\((--colour-[a-z-]+)/g)].map((match) => match[1]);
      expect(
        used.filter((name) => !defined.has(name as `--colour-${string}`)),
        file,
      ).toEqual([]);
      expect(css.match(/^\s*--colour-[a-z-]+\s*:/gm) ?? [], `${file} defines palette colours itself`).toEqual([]);
    }
  });
});
