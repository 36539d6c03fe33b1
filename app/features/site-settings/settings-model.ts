/**
 * The settings editor's colours form: which theme colours the agency may set, the text/background pairs the site
 * draws (each must meet WCAG AA, 4.5:1 for normal text) and the one zod schema the browser and the server both use.
 */
import { z } from 'zod';
import { DEFAULT_THEME_COLOURS, type ThemeColourName } from '../site/index.ts';
import { contrastRatio, formatRatio, normaliseHex } from './colour-contrast.ts';

/** Every palette colour written as hex (the backdrop's translucent rgb() stays the site's own). */
export type EditableColourName = Exclude<ThemeColourName, 'backdrop'>;
export const EDITABLE_COLOURS = (Object.keys(DEFAULT_THEME_COLOURS) as ThemeColourName[]).filter(
  (name): name is EditableColourName => normaliseHex(DEFAULT_THEME_COLOURS[name]) !== null,
);

export const COLOUR_LABELS: Record<EditableColourName, string> = {
  brand: 'Primary (brand)',
  brandDark: 'Primary, dark',
  brandLight: 'Primary, light',
  accent: 'Accent',
  accentDark: 'Accent, dark',
  marker: 'Map marker',
  text: 'Text',
  muted: 'Muted text',
  hint: 'Hint text',
  ink: 'Ink (headings on light panels)',
  white: 'White (page background)',
  focus: 'Focus outline',
  border: 'Border',
  fieldBorder: 'Form field border',
  calculatorBorder: 'Calculator border',
  controlBorder: 'Control border',
  surface: 'Surface (panels)',
  surfaceTint: 'Surface, tinted',
  surfaceSelected: 'Surface, selected',
  surfaceActive: 'Surface, active',
  placeholderStripe: 'Image placeholder stripe',
  placeholderStripeLight: 'Image placeholder stripe, light',
  footer: 'Footer background',
  footerText: 'Footer text',
  footerMuted: 'Footer muted text',
  error: 'Error (messages and toasts)',
  errorSurface: 'Error message background',
  success: 'Success (messages and toasts)',
};

/** WCAG AA for normal-size text. */
export const MINIMUM_CONTRAST = 4.5;

export type ContrastPair = { foreground: EditableColourName; background: EditableColourName; use: string };

/** The text/background pairs the stylesheets draw with these colours. */
export const CONTRAST_PAIRS: readonly ContrastPair[] = [
  { foreground: 'text', background: 'white', use: 'body text' },
  { foreground: 'muted', background: 'white', use: 'secondary text' },
  { foreground: 'hint', background: 'white', use: 'form hints' },
  { foreground: 'ink', background: 'white', use: 'headings' },
  { foreground: 'brand', background: 'white', use: 'links' },
  { foreground: 'white', background: 'brand', use: 'buttons' },
  { foreground: 'white', background: 'brandDark', use: 'buttons, hovered' },
  { foreground: 'white', background: 'accent', use: 'call-to-action buttons' },
  { foreground: 'white', background: 'accentDark', use: 'call-to-action buttons, hovered' },
  { foreground: 'text', background: 'surface', use: 'text on panels' },
  { foreground: 'muted', background: 'surface', use: 'secondary text on panels' },
  { foreground: 'text', background: 'surfaceSelected', use: 'selected rows' },
  { foreground: 'footerText', background: 'footer', use: 'footer text' },
  { foreground: 'footerMuted', background: 'footer', use: 'footer secondary text' },
  { foreground: 'error', background: 'white', use: 'error messages' },
  { foreground: 'error', background: 'errorSurface', use: 'error summaries' },
  { foreground: 'white', background: 'error', use: 'error toasts' },
  { foreground: 'success', background: 'white', use: 'success messages' },
  { foreground: 'white', background: 'success', use: 'success toasts' },
];

export type ContrastFailure = ContrastPair & { ratio: number; message: string };

/** The pairs below AA, each with a message that names both colours and the ratio. */
export function contrastFailures(colours: Partial<Record<EditableColourName, string>>): ContrastFailure[] {
  const failures: ContrastFailure[] = [];
  for (const pair of CONTRAST_PAIRS) {
    const foreground = colours[pair.foreground];
    const background = colours[pair.background];
    if (!foreground || !background) continue;
    const ratio = contrastRatio(foreground, background);
    if (ratio === null || ratio >= MINIMUM_CONTRAST) continue;
    failures.push({
      ...pair,
      ratio,
      message:
        `${COLOUR_LABELS[pair.foreground]} ${normaliseHex(foreground)} on ${COLOUR_LABELS[pair.background]} ` +
        `${normaliseHex(background)} (${pair.use}) has a contrast ratio of ${formatRatio(ratio)}:1; ` +
        `it must be at least ${MINIMUM_CONTRAST}:1`,
    });
  }
  return failures;
}

const hexColour = (name: EditableColourName) =>
  z
    .string({ error: `Enter the ${COLOUR_LABELS[name].toLowerCase()} colour` })
    .trim()
    .refine((value) => normaliseHex(value) !== null, {
      message: `Enter the ${COLOUR_LABELS[name].toLowerCase()} colour as # and six hex digits, like #0b4f6c`,
    })
    .transform((value) => normaliseHex(value)!);

const colourShape = Object.fromEntries(EDITABLE_COLOURS.map((name) => [name, hexColour(name)])) as Record<
  EditableColourName,
  ReturnType<typeof hexColour>
>;

export const themeColoursSchema = z
  .object({
    version: z
      .string({ error: 'Reload the page and try again' })
      .regex(/^\d{1,9}$/, 'Reload the page and try again')
      .transform(Number),
    ...colourShape,
  })
  .superRefine((value, context) => {
    for (const failure of contrastFailures(value)) {
      context.addIssue({ code: 'custom', path: [failure.foreground], message: failure.message });
    }
  });

export type ThemeColoursInput = z.output<typeof themeColoursSchema>;

/** Shown when another save landed between loading the form and saving it. */
export const VERSION_CONFLICT_MESSAGE =
  'Someone else saved the settings after you opened this page. Your changes were not saved: reload the page to see theirs, then make your changes again.';
