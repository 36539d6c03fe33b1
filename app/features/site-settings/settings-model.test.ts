import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLOURS } from '../site/index.ts';
import { normaliseHex } from './colour-contrast.ts';
import { CONTRAST_PAIRS, contrastFailures, EDITABLE_COLOURS, themeColoursSchema } from './settings-model.ts';

/** The form as the page posts it: every colour (the defaults) and the version. */
function defaults(): Record<string, string> {
  const fields: Record<string, string> = { version: '3' };
  for (const name of EDITABLE_COLOURS) fields[name] = normaliseHex(DEFAULT_THEME_COLOURS[name])!;
  return fields;
}

describe('the colour pairs', () => {
  it('are all met by the default palette', () => {
    expect(contrastFailures(defaults())).toEqual([]);
  });

  it('only name colours the form edits', () => {
    for (const pair of CONTRAST_PAIRS) {
      expect(EDITABLE_COLOURS).toContain(pair.foreground);
      expect(EDITABLE_COLOURS).toContain(pair.background);
    }
  });
});

describe('themeColoursSchema', () => {
  it('accepts the defaults, normalising the hex and reading the version', () => {
    const result = themeColoursSchema.safeParse({ ...defaults(), ink: '#111', white: '#FFF' });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ version: 3, ink: '#111111', white: '#ffffff' });
  });

  it('refuses text below 4.5:1, naming both colours and the ratio', () => {
    const result = themeColoursSchema.safeParse({ ...defaults(), text: '#777777' });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((candidate) => candidate.path[0] === 'text');
    expect(issue?.message).toBe(
      'Text #777777 on White (page background) #ffffff (body text) has a contrast ratio of 4.47:1; it must be at least 4.5:1',
    );
  });

  it('refuses a primary colour too light for white button text', () => {
    const result = themeColoursSchema.safeParse({ ...defaults(), brand: '#7fb3d5' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages.some((message) => message.includes('Primary (brand) #7fb3d5') && message.includes('links'))).toBe(
      true,
    );
    expect(messages.some((message) => message.includes('on Primary (brand) #7fb3d5 (buttons)'))).toBe(true);
  });

  it('refuses what is not a hex colour, and anything that could escape a style rule', () => {
    for (const value of ['red', '#12345', '#fff;}body{x:y', '']) {
      const result = themeColoursSchema.safeParse({ ...defaults(), accent: value });
      expect(result.success).toBe(false);
      expect(result.error!.issues.find((issue) => issue.path[0] === 'accent')?.message).toBe(
        'Enter the accent colour as # and six hex digits, like #0b4f6c',
      );
    }
  });

  it('refuses a missing or malformed version', () => {
    const { version: _, ...withoutVersion } = defaults();
    expect(themeColoursSchema.safeParse(withoutVersion).success).toBe(false);
    expect(themeColoursSchema.safeParse({ ...defaults(), version: 'two' }).success).toBe(false);
  });
});
