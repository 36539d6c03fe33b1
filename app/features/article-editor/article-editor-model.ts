/**
 * The article and page editors' forms: one zod schema each, checked in the browser (Conform) and again by the
 * action. Text becomes plain for the public pages (control and bidirectional-override characters removed, lengths
 * capped); Markdown keeps its line breaks and is made safe where it is rendered (content's `renderMarkdown`: raw
 * HTML dropped, only http(s), mailto, tel, site-relative and fragment links). Addresses have a fixed shape.
 */
import { z } from 'zod';
import { isAvailablePageSlug, MAX_PAGE_SLUG_LENGTH, PAGE_SLUG } from '../../lib/page-paths.ts';
import { plainLine, withoutControls } from '../../lib/plain-text.ts';

export const ARTICLE_MESSAGES = {
  title: 'Enter the title',
  kind: 'Choose news or blog',
  slug: 'Enter an address of lower-case letters, digits and single hyphens, like spring-market-update',
  slugTaken: 'Another article already has this address: choose another',
  topic: 'Enter the topic, like Market update',
  topics: 'Enter at most 10 further topics, separated by commas',
  promo: 'Enter a short summary for the article lists',
  body: 'Enter the article text',
  heroImage: 'Enter an image address from this site, starting /media/, or leave it empty',
  seoTitle: 'Enter 70 characters or fewer for the search engine title',
  seoDescription: 'Enter 160 characters or fewer for the search engine description',
  status: 'Choose draft, published or scheduled',
  publishAt: 'Enter the date and time to publish, like 2026-12-01 09:00',
  publishAtPast: 'Enter a time in the future to schedule the article, or choose Published to publish it now',
  version: 'Reload the page and make your changes again',
  revision: 'Choose a saved version from the history',
  conflict:
    'Someone else saved this article while you were editing it, so your changes were not saved. The form now shows their version: make your changes again.',
  tooLong: (max: number) => `Enter ${max} characters or fewer`,
} as const;

export const PAGE_MESSAGES = {
  title: 'Enter the page title',
  body: 'Enter the page text',
  seoTitle: ARTICLE_MESSAGES.seoTitle,
  seoDescription: ARTICLE_MESSAGES.seoDescription,
  version: ARTICLE_MESSAGES.version,
  revision: ARTICLE_MESSAGES.revision,
  conflict:
    'Someone else saved this page while you were editing it, so your changes were not saved. The form now shows their version: make your changes again.',
  slug: 'Enter an address of lower-case letters, digits and single hyphens, like about-us',
  slugReserved: 'This address belongs to another part of the site: choose another, like about-us',
  slugTaken: 'Another page already has this address: choose another',
  deleteConflict:
    'Someone else saved this page while you were looking at it, so it was not deleted. Read it again and delete it if it is still not needed.',
  linkedBySite:
    'This page cannot be deleted: the site links to it from its forms and property pages. Change its text instead.',
  linkedByFooter:
    'This page cannot be deleted: the legal footer links to it. Point the footer at another page in Settings, Company and legal details, first.',
  linkedByMenu: (menu: string, name: string) =>
    `This page cannot be deleted: the ${menu} links to it (${name}). Take that link out of the menu first.`,
} as const;

/**
 * Pages the site's own code links to (form consent text, the calculators, the footer's fixed links): they must
 * always answer, so they can be edited but not deleted. A unit test finds every such link in the code.
 */
export const PAGES_THE_SITE_LINKS: readonly string[] = ['terms-of-use', 'privacy-policy', 'mortgages'];

const ARTICLE_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  scheduled: 'Scheduled',
};

/** What the site shows: a draft never; a published article from its publication time on (until then: scheduled). */
export function articleStatusOf(article: { isPublished: boolean; publishedAt: Date }, now: Date): ArticleStatus {
  if (!article.isPublished) return 'draft';
  return article.publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

export const MAX_BODY_LENGTH = 50_000;

/** Markdown source: Windows line ends made plain, controls (not tabs or line feeds) removed, trailing space trimmed. */
export function cleanMarkdown(value: string): string {
  return withoutControls(value.replace(/\r\n?/g, '\n')).replace(/\s+$/, '');
}

/** A form string: a missing field (a hostile post) reads as empty, so the field's own message answers it. */
const formText = z.preprocess((value) => (value === undefined || value === null ? '' : value), z.string());

function line(max: number, requiredMessage?: string, tooLongMessage?: string) {
  return formText
    .transform(plainLine)
    .pipe(requiredMessage ? z.string().min(1, requiredMessage) : z.string())
    .pipe(z.string().max(max, tooLongMessage ?? ARTICLE_MESSAGES.tooLong(max)));
}

function markdown(requiredMessage: string) {
  return formText
    .transform(cleanMarkdown)
    .pipe(z.string().min(1, requiredMessage).max(MAX_BODY_LENGTH, ARTICLE_MESSAGES.tooLong(MAX_BODY_LENGTH)));
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The address an article gets from its title when none is given: lower case, ASCII letters and digits, hyphens. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

export function isSlug(value: string): boolean {
  return value.length >= 1 && value.length <= 100 && SLUG.test(value);
}

/** Further topics: separated by commas, each a plain line, without repeats (case-insensitively). */
export function parseTopics(value: string): string[] {
  const seen = new Set<string>();
  const topics: string[] = [];
  for (const part of value.split(',')) {
    const topic = plainLine(part);
    if (!topic || seen.has(topic.toLowerCase())) continue;
    seen.add(topic.toLowerCase());
    topics.push(topic);
  }
  return topics;
}

/** A hero image is one of the site's own media files (no other scheme or host can be given). */
const HERO_IMAGE = /^\/media\/[A-Za-z0-9][A-Za-z0-9_./-]{0,300}$/;

const positiveInteger = (message: string) =>
  formText.pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,8}$/, message)
      .transform(Number),
  );

/** YYYY-MM-DDTHH:MM (a datetime-local field) or with a space: a UK wall-clock time. */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)$/;

export type LocalDateTime = { date: string; minutes: number };

export function parseLocalDateTime(value: string): LocalDateTime | null {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  if (!match) return null;
  const date = match[1]!;
  const year = Number(date.slice(0, 4));
  if (year < 2000 || year > 2199) return null;
  const asDate = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(asDate.getTime()) || asDate.toISOString().slice(0, 10) !== date) return null;
  return { date, minutes: Number(match[2]) * 60 + Number(match[3]) };
}

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** What a UK clock and calendar show at an instant. */
function toLondon(instant: Date): LocalDateTime {
  const parts: Record<string, string> = {};
  for (const part of londonParts.formatToParts(instant)) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The value a datetime-local field shows for an instant, in UK time. */
export function formatLocalDateTime(instant: Date): string {
  const { date, minutes } = toLondon(instant);
  return `${date}T${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The instant a UK wall-clock time happens: of the offsets in force half a day either side, the one whose instant
 * reads back as the same time (the earlier when the clocks go back; null in the hour that never happens in spring).
 */
export function fromLondon({ date, minutes }: LocalDateTime): Date | null {
  const naive = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const offsetAt = (instant: number) => {
    const shown = toLondon(new Date(instant));
    return Math.round((Date.parse(`${shown.date}T00:00:00Z`) + shown.minutes * 60_000 - instant) / 60_000);
  };
  const half = 43_200_000;
  const candidates = [...new Set([offsetAt(naive - half), offsetAt(naive + half)])]
    .map((offset) => naive - offset * 60_000)
    .filter((instant) => {
      const shown = toLondon(new Date(instant));
      return shown.date === date && shown.minutes === minutes;
    })
    .sort((a, b) => a - b);
  return candidates.length > 0 ? new Date(candidates[0]!) : null;
}

export const articleFormSchema = z
  .object({
    version: positiveInteger(ARTICLE_MESSAGES.version).optional(),
    kind: z.preprocess(
      (value) => (typeof value === 'string' ? value : ''),
      z.enum(['news', 'blog'], { message: ARTICLE_MESSAGES.kind }),
    ),
    title: line(200, ARTICLE_MESSAGES.title),
    slug: formText.transform((value) => value.trim().toLowerCase()),
    topic: line(60, ARTICLE_MESSAGES.topic),
    topics: formText
      .transform(parseTopics)
      .pipe(z.array(z.string().max(60, ARTICLE_MESSAGES.topics)).max(10, ARTICLE_MESSAGES.topics)),
    promo: line(400, ARTICLE_MESSAGES.promo),
    body_markdown: markdown(ARTICLE_MESSAGES.body),
    hero_image_url: formText
      .transform((value) => value.trim())
      .pipe(z.string().refine((value) => value === '' || HERO_IMAGE.test(value), ARTICLE_MESSAGES.heroImage)),
    seo_title: line(70, undefined, ARTICLE_MESSAGES.seoTitle),
    seo_description: line(160, undefined, ARTICLE_MESSAGES.seoDescription),
    status: z.preprocess(
      (value) => (typeof value === 'string' ? value : ''),
      z.enum(ARTICLE_STATUSES, { message: ARTICLE_MESSAGES.status }),
    ),
    publish_at: formText.transform((value) => value.trim()),
  })
  .transform((form, ctx) => {
    const slug = form.slug === '' ? slugFromTitle(form.title) : form.slug;
    if (!isSlug(slug)) {
      ctx.addIssue({ code: 'custom', message: ARTICLE_MESSAGES.slug, path: ['slug'] });
      return z.NEVER;
    }
    let publishAt: LocalDateTime | null = null;
    if (form.status === 'scheduled') {
      publishAt = parseLocalDateTime(form.publish_at);
      if (!publishAt || !fromLondon(publishAt)) {
        ctx.addIssue({ code: 'custom', message: ARTICLE_MESSAGES.publishAt, path: ['publish_at'] });
        return z.NEVER;
      }
    }
    // The main topic is always among the topics (the list's topic filter reads them).
    const topics = [form.topic, ...form.topics.filter((topic) => topic.toLowerCase() !== form.topic.toLowerCase())];
    return { ...form, slug, topics, publishAt };
  });

export type ArticleForm = z.output<typeof articleFormSchema>;

export const pageFormSchema = z.object({
  version: positiveInteger(PAGE_MESSAGES.version),
  title: line(200, PAGE_MESSAGES.title),
  body_markdown: markdown(PAGE_MESSAGES.body),
  seo_title: line(70, undefined, PAGE_MESSAGES.seoTitle),
  seo_description: line(160, undefined, PAGE_MESSAGES.seoDescription),
});

export type PageForm = z.output<typeof pageFormSchema>;

/**
 * A new page: its words and its address, chosen once (from the title when left empty). The address is fixed from
 * then on, so links to it from menus, emails and other sites keep working.
 */
export const newPageFormSchema = pageFormSchema
  .omit({ version: true })
  .extend({ slug: formText.transform((value) => value.trim().toLowerCase()) })
  .transform((form, ctx) => {
    const slug = form.slug === '' ? slugFromTitle(form.title) : form.slug;
    if (!PAGE_SLUG.test(slug) || slug.length > MAX_PAGE_SLUG_LENGTH) {
      ctx.addIssue({ code: 'custom', message: PAGE_MESSAGES.slug, path: ['slug'] });
      return z.NEVER;
    }
    if (!isAvailablePageSlug(slug)) {
      ctx.addIssue({ code: 'custom', message: PAGE_MESSAGES.slugReserved, path: ['slug'] });
      return z.NEVER;
    }
    return { ...form, slug };
  });

export type NewPageForm = z.output<typeof newPageFormSchema>;

/** The edit page's Delete button: the version the page was read at, so a delete never removes unseen changes. */
export const deletePageSchema = z.object({ version: positiveInteger(PAGE_MESSAGES.version) });

/** The history's Restore button: the version it restores and the version the page was loaded at. */
export const restoreSchema = z.object({
  revision_id: positiveInteger(ARTICLE_MESSAGES.revision),
  version: positiveInteger(ARTICLE_MESSAGES.version),
});

/** Up to this many images per upload. */
export const MAX_IMAGES_PER_UPLOAD = 10;

/** An uploaded image as Markdown: the description as plain text without the brackets that would end it. */
export function imageMarkdown(alt: string, url: string): string {
  return `![${plainLine(alt).replace(/[[\]\\]/g, '')}](${url})`;
}

/** 'kitchen_view-2.jpg' → 'kitchen view 2': a stand-in description when none is given. */
export function altFromFileName(name: string): string {
  return plainLine(name.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/[_-]+/g, ' ')).slice(0, 120);
}

/** Which button sent the form: Preview shows the rendered text and saves nothing. */
export function intentOf(fields: Record<string, unknown>): 'preview' | 'restore' | 'delete' | 'save' {
  const intent = fields.intent;
  return intent === 'preview' || intent === 'restore' || intent === 'delete' ? intent : 'save';
}
