import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseForm } from '../../lib/http/form-submission.ts';
import {
  ARTICLE_MESSAGES,
  articleFormSchema,
  articleStatusOf,
  formatLocalDateTime,
  fromLondon,
  isSlug,
  newPageFormSchema,
  PAGE_MESSAGES,
  pageFormSchema,
  parseLocalDateTime,
  parseTopics,
  slugFromTitle,
} from './article-editor-model.ts';
import { plainLine } from '../../lib/plain-text.ts';

const validArticle = {
  kind: 'news',
  title: 'Spring market update',
  slug: '',
  topic: 'Market update',
  topics: '',
  promo: 'Buyers are back.',
  body_markdown: '## Buyers are back\n\nViewing requests are up.',
  hero_image_url: '',
  seo_title: '',
  seo_description: '',
  status: 'draft',
  publish_at: '',
};

function parseArticle(changes: Record<string, string | undefined>) {
  const payload = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...validArticle, ...changes })) {
    if (value !== undefined) payload.append(name, value);
  }
  return parseForm(payload, articleFormSchema);
}

function errorOf(changes: Record<string, string | undefined>, field: string): string | undefined {
  const submission = parseArticle(changes);
  return submission.status === 'error' ? submission.error?.[field]?.[0] : undefined;
}

describe('the article form', () => {
  it('accepts a draft and makes the address from the title', () => {
    const submission = parseArticle({});
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value.slug).toBe('spring-market-update');
    expect(submission.value.topics).toEqual(['Market update']);
    expect(submission.value.publishAt).toBeNull();
  });

  it('asks for the title, topic, summary and text with their messages', () => {
    expect(errorOf({ title: '  ' }, 'title')).toBe(ARTICLE_MESSAGES.title);
    expect(errorOf({ topic: '' }, 'topic')).toBe(ARTICLE_MESSAGES.topic);
    expect(errorOf({ promo: undefined }, 'promo')).toBe(ARTICLE_MESSAGES.promo);
    expect(errorOf({ body_markdown: '\n\n' }, 'body_markdown')).toBe(ARTICLE_MESSAGES.body);
    expect(errorOf({ kind: 'poem' }, 'kind')).toBe(ARTICLE_MESSAGES.kind);
    expect(errorOf({ status: 'live' }, 'status')).toBe(ARTICLE_MESSAGES.status);
  });

  it('refuses addresses that are not lower-case words joined by single hyphens', () => {
    for (const slug of ['a--b', '-a', 'a-', 'a b', 'a/b', '../x', 'a_b', 'é', 'x'.repeat(101)]) {
      expect(errorOf({ slug }, 'slug'), slug).toBe(ARTICLE_MESSAGES.slug);
    }
    // Upper case is folded rather than refused.
    expect(parseArticle({ slug: 'Spring-2026' }).status).toBe('success');
    // A title with nothing to make an address from needs one typed.
    expect(errorOf({ title: '£££' }, 'slug')).toBe(ARTICLE_MESSAGES.slug);
  });

  it('takes only images of this site as the picture', () => {
    expect(parseArticle({ hero_image_url: '/media/articles/spring.jpg' }).status).toBe('success');
    for (const address of ['javascript:alert(1)', 'https://evil.example/x.jpg', '//evil.example/x.jpg', '/media/"x']) {
      expect(errorOf({ hero_image_url: address }, 'hero_image_url'), address).toBe(ARTICLE_MESSAGES.heroImage);
    }
  });

  it('needs a real UK time to schedule', () => {
    expect(errorOf({ status: 'scheduled', publish_at: '' }, 'publish_at')).toBe(ARTICLE_MESSAGES.publishAt);
    expect(errorOf({ status: 'scheduled', publish_at: '2026-02-30T09:00' }, 'publish_at')).toBe(
      ARTICLE_MESSAGES.publishAt,
    );
    // 01:30 on the day the clocks go forward never happens in the UK.
    expect(errorOf({ status: 'scheduled', publish_at: '2027-03-28T01:30' }, 'publish_at')).toBe(
      ARTICLE_MESSAGES.publishAt,
    );
    const submission = parseArticle({ status: 'scheduled', publish_at: '2027-07-01T09:00' });
    expect(submission.status).toBe('success');
    if (submission.status === 'success')
      expect(submission.value.publishAt).toEqual({ date: '2027-07-01', minutes: 540 });
  });

  it('makes text plain and caps SEO fields', () => {
    const submission = parseArticle({ title: 'A\u202e\u0000 title\n\tthere', topics: 'Bath, bath , Selling tips,,' });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value.title).toBe('A title there');
    expect(submission.value.topics).toEqual(['Market update', 'Bath', 'Selling tips']);
    expect(errorOf({ seo_title: 'x'.repeat(71) }, 'seo_title')).toBe(ARTICLE_MESSAGES.seoTitle);
    expect(errorOf({ seo_description: 'x'.repeat(161) }, 'seo_description')).toBe(ARTICLE_MESSAGES.seoDescription);
  });

  it('answers any posted values with a verdict, never an exception', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(...Object.keys(validArticle), 'version', '__proto__', 'constructor'),
          fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 10 }), fc.constant('\uD800')),
        ),
        (fields) => {
          const payload = new URLSearchParams(fields);
          expect(['success', 'error']).toContain(parseForm(payload, articleFormSchema).status);
          expect(['success', 'error']).toContain(parseForm(payload, pageFormSchema).status);
        },
      ),
      { numRuns: 500, seed: 31 },
    );
  });
});

describe('the page form', () => {
  it('needs the version, title and text', () => {
    const submission = parseForm(new URLSearchParams({ title: '', body_markdown: '' }), pageFormSchema);
    expect(submission.status).toBe('error');
    const ok = parseForm(
      new URLSearchParams({ version: '3', title: 'Terms', body_markdown: 'Text', seo_title: '', seo_description: '' }),
      pageFormSchema,
    );
    expect(ok.status).toBe('success');
  });
});

describe('plain text and addresses', () => {
  it('plainLine removes controls and bidirectional overrides', () => {
    expect(plainLine(' a\u0007b\u202ec \n d ')).toBe('abc d');
  });

  it('slugFromTitle always gives an address or nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (title) => {
        const slug = slugFromTitle(title);
        expect(slug === '' || isSlug(slug)).toBe(true);
      }),
      { numRuns: 500, seed: 7 },
    );
    expect(slugFromTitle('Café & bar: 2026’s best!')).toBe('cafe-and-bar-2026-s-best');
  });

  it('parseTopics drops repeats and blanks', () => {
    expect(parseTopics(' a, A ,b,, ')).toEqual(['a', 'b']);
  });
});

describe('UK time and status', () => {
  it('reads back every minute it writes (summer and winter)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }),
        (date) => {
          const minute = new Date(Math.floor(date.getTime() / 60_000) * 60_000);
          const local = parseLocalDateTime(formatLocalDateTime(minute));
          expect(local).not.toBeNull();
          const back = fromLondon(local!);
          // The repeated hour in autumn reads back as its first occurrence.
          expect([minute.getTime(), minute.getTime() - 3_600_000]).toContain(back!.getTime());
        },
      ),
      { numRuns: 500, seed: 11 },
    );
    expect(fromLondon({ date: '2026-07-01', minutes: 540 })!.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    expect(fromLondon({ date: '2026-12-01', minutes: 540 })!.toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });

  it('is draft, scheduled until the publication time, then published', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(articleStatusOf({ isPublished: false, publishedAt: new Date('2026-01-01') }, now)).toBe('draft');
    expect(articleStatusOf({ isPublished: true, publishedAt: new Date('2026-06-01T12:00:01Z') }, now)).toBe(
      'scheduled',
    );
    expect(articleStatusOf({ isPublished: true, publishedAt: now }, now)).toBe('published');
  });
});

describe('newPageFormSchema', () => {
  const page = { title: 'About Harbour & Vale', slug: '', body_markdown: 'Hello', seo_title: '', seo_description: '' };

  it('makes the address from the title when left empty, and keeps a chosen one in lower case', () => {
    expect(newPageFormSchema.parse(page).slug).toBe('about-harbour-and-vale');
    expect(newPageFormSchema.parse({ ...page, slug: ' Our-Team ' }).slug).toBe('our-team');
  });

  it('refuses an address another route owns, and one of the wrong shape, each with its message', () => {
    const slugError = (slug: string) => {
      const result = newPageFormSchema.safeParse({ ...page, slug });
      return result.success ? null : result.error.issues.find((issue) => issue.path[0] === 'slug')?.message;
    };
    expect(slugError('search')).toBe(PAGE_MESSAGES.slugReserved);
    expect(slugError('admin')).toBe(PAGE_MESSAGES.slugReserved);
    expect(slugError('about us')).toBe(PAGE_MESSAGES.slug);
    expect(slugError('a/b')).toBe(PAGE_MESSAGES.slug);
    expect(slugError('x'.repeat(81))).toBe(PAGE_MESSAGES.slug);
    // Nothing in the title to make an address from.
    expect(newPageFormSchema.safeParse({ ...page, title: '£££' }).error?.issues[0]?.message).toBe(PAGE_MESSAGES.slug);
  });

  it('gives every title either a page address or the address message, never anything else', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 120 }), (title) => {
        const result = newPageFormSchema.safeParse({ ...page, title });
        if (result.success) expect(result.data.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        else
          for (const issue of result.error.issues)
            expect([PAGE_MESSAGES.title, PAGE_MESSAGES.slug, PAGE_MESSAGES.slugReserved]).toContain(issue.message);
      }),
    );
  });
});
