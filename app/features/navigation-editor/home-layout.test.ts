import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOME_LAYOUT,
  HOME_MESSAGES,
  HOME_SECTION_KINDS,
  homeLayoutSchema,
  layoutAfterIntent,
  readStoredLayout,
  type HomeSection,
} from './home-layout.ts';

/** The form's fields for a layout, as the browser posts them. */
function posted(sections: readonly HomeSection[], intent = 'save'): Record<string, string> {
  const fields: Record<string, string> = { version: '1', intent };
  sections.forEach((section, index) => {
    for (const [key, value] of Object.entries(section)) {
      if (key === 'isVisible') {
        if (value) fields[`sections[${index}].isVisible`] = 'on';
      } else fields[`sections[${index}].${key}`] = String(value);
    }
  });
  return fields;
}

function nested(fields: Record<string, string>) {
  const sections: Record<string, string>[] = [];
  const top: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const match = /^sections\[(\d+)\]\.(\w+)$/.exec(name);
    if (match) (sections[Number(match[1])] ??= {})[match[2]!] = value;
    else top[name] = value;
  }
  return { ...top, sections };
}

describe('the home page layout', () => {
  it('reads the default layout back from its own form unchanged', () => {
    const parsed = homeLayoutSchema.safeParse(nested(posted(DEFAULT_HOME_LAYOUT)));
    expect(parsed.success && parsed.data.sections).toEqual(DEFAULT_HOME_LAYOUT);
  });

  it('refuses card counts outside 1 to 12, empty headings, and a section missing or doubled', () => {
    const tooMany = nested(posted(DEFAULT_HOME_LAYOUT));
    (tooMany.sections[3] as Record<string, string>).count = '13';
    const refused = homeLayoutSchema.safeParse(tooMany);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['sections', 3, 'count'], message: HOME_MESSAGES.count });

    const blank = nested(posted(DEFAULT_HOME_LAYOUT));
    (blank.sections[0] as Record<string, string>).heading = ' \u202e ';
    expect(homeLayoutSchema.safeParse(blank).error?.issues[0]?.message).toBe(HOME_MESSAGES.heading);

    const doubled = nested(posted([...DEFAULT_HOME_LAYOUT.slice(0, -1), DEFAULT_HOME_LAYOUT[0]!]));
    expect(homeLayoutSchema.safeParse(doubled).success).toBe(false);
  });

  it('moves a section one place with its buttons, and not past either end', () => {
    const kinds = (list: HomeSection[]) => list.map((section) => section.kind);
    expect(kinds(layoutAfterIntent(DEFAULT_HOME_LAYOUT, 'up:articles')).indexOf('articles')).toBe(5);
    expect(kinds(layoutAfterIntent(DEFAULT_HOME_LAYOUT, 'down:hero')).slice(0, 2)).toEqual(['search', 'hero']);
    expect(layoutAfterIntent(DEFAULT_HOME_LAYOUT, 'up:hero')).toEqual(DEFAULT_HOME_LAYOUT);
    expect(layoutAfterIntent(DEFAULT_HOME_LAYOUT, 'down:branches')).toEqual(DEFAULT_HOME_LAYOUT);
  });

  it('reads a stored list defensively: unknown, doubled or broken entries never break the page', () => {
    expect(readStoredLayout(null)).toEqual(DEFAULT_HOME_LAYOUT);
    const stored = [
      { kind: 'articles', isVisible: false, heading: 'News', count: 2 },
      { kind: 'articles', isVisible: true, heading: 'Again', count: 5 },
      { kind: 'script', isVisible: true },
      { kind: 'featured', isVisible: true, heading: 'x', count: 999 },
    ];
    const layout = readStoredLayout(stored);
    expect(layout.map((section) => section.kind)).toEqual([
      'articles',
      'featured',
      ...HOME_SECTION_KINDS.filter((kind) => kind !== 'articles' && kind !== 'featured'),
    ]);
    expect(layout[0]).toEqual({ kind: 'articles', isVisible: false, heading: 'News', count: 2 });
    expect(layout[1]).toEqual(DEFAULT_HOME_LAYOUT.find((section) => section.kind === 'featured'));
  });
});
