/**
 * The home page's sections: which show, in what order, with what headings, texts and numbers of cards. One zod
 * schema reads the editor's form (browser and action); another reads what is stored, so a hand-edited or older row
 * can never break the home page: a section it lacks comes back with its defaults, one it mangles is replaced by them.
 */
import { z } from 'zod';
import { plainLine } from '../../lib/plain-text.ts';

export const HOME_SECTION_KINDS = [
  'hero',
  'search',
  'services',
  'featured',
  'latest-sales',
  'latest-lettings',
  'articles',
  'valuation',
  'branches',
] as const;
export type HomeSectionKind = (typeof HOME_SECTION_KINDS)[number];

type Base = { isVisible: boolean };
export type HomeSection =
  | (Base & { kind: 'hero'; heading: string; text: string })
  | (Base & { kind: 'search' })
  | (Base & { kind: 'services' | 'branches'; heading: string })
  | (Base & { kind: 'featured' | 'latest-sales' | 'latest-lettings' | 'articles'; heading: string; count: number })
  | (Base & { kind: 'valuation'; heading: string; text: string; buttonLabel: string });

export const HOME_SECTION_LABELS: Record<HomeSectionKind, string> = {
  hero: 'Hero (the page heading)',
  search: 'Property search',
  services: 'How we can help',
  featured: 'Featured properties',
  'latest-sales': 'Latest properties for sale',
  'latest-lettings': 'Latest properties to rent',
  articles: 'Latest news and advice',
  valuation: 'Valuation call to action',
  branches: 'Our branches',
};

/** What the home page showed before it could be edited; the valuation call to action starts hidden. */
export const DEFAULT_HOME_LAYOUT: readonly HomeSection[] = [
  { kind: 'hero', isVisible: true, heading: 'Find your next home', text: '' },
  { kind: 'search', isVisible: true },
  { kind: 'services', isVisible: true, heading: 'How we can help' },
  { kind: 'featured', isVisible: true, heading: 'Featured properties', count: 3 },
  { kind: 'latest-sales', isVisible: true, heading: 'Latest properties for sale', count: 6 },
  { kind: 'latest-lettings', isVisible: true, heading: 'Latest properties to rent', count: 3 },
  { kind: 'articles', isVisible: true, heading: 'Latest news and advice', count: 3 },
  {
    kind: 'valuation',
    isVisible: false,
    heading: 'What is your home worth?',
    text: 'Book a free, no-obligation valuation with our local experts.',
    buttonLabel: 'Book a valuation',
  },
  { kind: 'branches', isVisible: true, heading: 'Our branches' },
];

export const MAX_CARDS = 12;
const MAX_HEADING = 80;
const MAX_TEXT = 300;
const MAX_BUTTON = 40;

export const HOME_MESSAGES = {
  heading: 'Enter a heading',
  headingTooLong: `Enter a heading of ${MAX_HEADING} characters or fewer`,
  textTooLong: `Enter text of ${MAX_TEXT} characters or fewer`,
  buttonLabel: 'Enter the button text, like Book a valuation',
  buttonTooLong: `Enter button text of ${MAX_BUTTON} characters or fewer`,
  count: `Enter a number of cards from 1 to ${MAX_CARDS}`,
  reload: 'Reload the page and try again',
  conflict:
    'Someone else changed the home page after you opened this page, so your changes were not saved. The form now shows their version: make your changes again.',
} as const;

const heading = z
  .string({ error: HOME_MESSAGES.heading })
  .transform(plainLine)
  .pipe(z.string().min(1, HOME_MESSAGES.heading).max(MAX_HEADING, HOME_MESSAGES.headingTooLong));
const text = z
  .string()
  .optional()
  .transform((value) => plainLine(value ?? ''))
  .pipe(z.string().max(MAX_TEXT, HOME_MESSAGES.textTooLong));
const buttonLabel = z
  .string({ error: HOME_MESSAGES.buttonLabel })
  .transform(plainLine)
  .pipe(z.string().min(1, HOME_MESSAGES.buttonLabel).max(MAX_BUTTON, HOME_MESSAGES.buttonTooLong));
const count = z
  .string({ error: HOME_MESSAGES.count })
  .trim()
  .regex(/^\d{1,2}$/, HOME_MESSAGES.count)
  .transform(Number)
  .pipe(z.number().int().min(1, HOME_MESSAGES.count).max(MAX_CARDS, HOME_MESSAGES.count));
/** A checkbox: present ('on') when ticked. */
const isVisible = z
  .string()
  .optional()
  .transform((value) => value === 'on');

const formSection = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('hero'), isVisible, heading, text }),
    z.object({ kind: z.literal('search'), isVisible }),
    z.object({ kind: z.enum(['services', 'branches']), isVisible, heading }),
    z.object({ kind: z.enum(['featured', 'latest-sales', 'latest-lettings', 'articles']), isVisible, heading, count }),
    z.object({ kind: z.literal('valuation'), isVisible, heading, text, buttonLabel }),
  ],
  { error: HOME_MESSAGES.reload },
);

export const HOME_INTENTS = ['save', ...HOME_SECTION_KINDS.flatMap((kind) => [`up:${kind}`, `down:${kind}`])] as const;

/**
 * The home page form: every section once, in the order shown, and what was pressed — Save, or a section's Move up
 * / Move down (which also saves what was typed, so nothing is lost by moving).
 */
export const homeLayoutSchema = z
  .object({
    version: z
      .string({ error: HOME_MESSAGES.reload })
      .regex(/^\d{1,9}$/, HOME_MESSAGES.reload)
      .transform(Number),
    intent: z
      .string()
      .optional()
      .transform((value) => value ?? 'save')
      .pipe(z.enum(HOME_INTENTS, { error: HOME_MESSAGES.reload })),
    sections: z.array(formSection, { error: HOME_MESSAGES.reload }),
  })
  .superRefine((value, context) => {
    const kinds = value.sections.map((section) => section.kind);
    if (kinds.length !== HOME_SECTION_KINDS.length || new Set(kinds).size !== kinds.length)
      context.addIssue({ code: 'custom', path: ['form'], message: HOME_MESSAGES.reload });
  });
export type HomeLayoutInput = z.output<typeof homeLayoutSchema>;

/** The layout after the pressed button: a section moved one place up or down, or as posted. */
export function layoutAfterIntent(sections: readonly HomeSection[], intent: HomeLayoutInput['intent']): HomeSection[] {
  const next = [...sections];
  if (intent === 'save') return next;
  const [direction, kind] = intent.split(':') as ['up' | 'down', HomeSectionKind];
  const index = next.findIndex((section) => section.kind === kind);
  const other = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || other < 0 || other >= next.length) return next;
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}

const storedSection = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hero'), isVisible: z.boolean(), heading: z.string(), text: z.string() }),
  z.object({ kind: z.literal('search'), isVisible: z.boolean() }),
  z.object({ kind: z.enum(['services', 'branches']), isVisible: z.boolean(), heading: z.string() }),
  z.object({
    kind: z.enum(['featured', 'latest-sales', 'latest-lettings', 'articles']),
    isVisible: z.boolean(),
    heading: z.string(),
    count: z.number().int().min(1).max(MAX_CARDS),
  }),
  z.object({
    kind: z.literal('valuation'),
    isVisible: z.boolean(),
    heading: z.string(),
    text: z.string(),
    buttonLabel: z.string(),
  }),
]);

/** The stored list read defensively: each kind once, in the stored order, missing or unreadable ones as default. */
export function readStoredLayout(stored: unknown): HomeSection[] {
  const list = Array.isArray(stored) ? stored : [];
  const seen = new Set<HomeSectionKind>();
  const sections: HomeSection[] = [];
  for (const entry of list) {
    const kind = (entry as { kind?: unknown } | null)?.kind;
    if (!(HOME_SECTION_KINDS as readonly unknown[]).includes(kind) || seen.has(kind as HomeSectionKind)) continue;
    seen.add(kind as HomeSectionKind);
    const parsed = storedSection.safeParse(entry);
    sections.push(parsed.success ? parsed.data : DEFAULT_HOME_LAYOUT.find((section) => section.kind === kind)!);
  }
  for (const section of DEFAULT_HOME_LAYOUT) if (!seen.has(section.kind)) sections.push(section);
  return sections;
}
