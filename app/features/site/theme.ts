/**
 * The site's colours, in one place. The stylesheets only refer to `--colour-*` custom properties; the document sets
 * them at render from these defaults and the agency's theme settings (error and success colours), so CSS and
 * TypeScript (maps, the browser theme colour, the web manifest, emails) cannot drift apart.
 */
import type { ThemeSettings } from '../../../db/schema/index.ts';

export const DEFAULT_THEME_COLOURS = {
  brand: '#0b4f6c',
  brandDark: '#083a50',
  brandLight: '#3d8fb0',
  accent: '#a8412c',
  accentDark: '#8a2d1c',
  marker: '#c8553d',
  text: '#1d2328',
  muted: '#535e66',
  hint: '#4b5563',
  ink: '#111',
  white: '#fff',
  focus: '#ffbf47',
  border: '#d5dbe0',
  fieldBorder: '#6b7280',
  calculatorBorder: '#6b767e',
  controlBorder: '#8a959d',
  surface: '#f4f6f8',
  surfaceTint: '#eef3f6',
  surfaceSelected: '#e8f1f5',
  surfaceActive: '#dfe7ec',
  placeholderStripe: '#eef2f5',
  placeholderStripeLight: '#f6f8fa',
  footer: '#13242e',
  footerText: '#e6edf1',
  footerMuted: '#c3d0d8',
  backdrop: 'rgb(10 20 30 / 60%)',
  error: '#b00020',
  errorSurface: '#fdf2f3',
  success: '#1e7b34',
} as const;

export type ThemeColourName = keyof typeof DEFAULT_THEME_COLOURS;
export type ThemeColours = Record<ThemeColourName, string>;

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The agency's own colours over the defaults; unknown names and anything but hex are ignored. */
function agencyColours(colours: Record<string, string> | undefined): Partial<ThemeColours> {
  const chosen: Partial<ThemeColours> = {};
  for (const name of Object.keys(DEFAULT_THEME_COLOURS) as ThemeColourName[]) {
    const value = colours?.[name];
    if (typeof value === 'string' && HEX_COLOUR.test(value)) chosen[name] = value;
  }
  return chosen;
}

/** The palette for a theme: the defaults with the agency's own colours (error and success from its preferences). */
export function themeColours(theme?: Pick<ThemeSettings, 'preferences' | 'colours'> | null): ThemeColours {
  return {
    ...DEFAULT_THEME_COLOURS,
    ...agencyColours(theme?.colours),
    error: theme?.preferences.errorColour || DEFAULT_THEME_COLOURS.error,
    success: theme?.preferences.successColour || DEFAULT_THEME_COLOURS.success,
  };
}

/** 'brandDark' → '--colour-brand-dark'. */
export function colourVariable(name: ThemeColourName): `--colour-${string}` {
  return `--colour-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** The custom properties the document element carries (its style attribute). */
export function themeStyle(colours: ThemeColours): Record<`--colour-${string}`, string> {
  const style: Record<`--colour-${string}`, string> = {};
  for (const name of Object.keys(colours) as ThemeColourName[]) style[colourVariable(name)] = colours[name];
  return style;
}

/** What a custom property's value may hold: colours and lengths, never anything that could end the rule. */
const SAFE_CSS_VALUE = /^[#a-zA-Z0-9(),.%/ -]{1,100}$/;

/**
 * Custom properties as one `:root` rule, for a `<style>` element carrying the CSP nonce: the policy refuses
 * `style` attributes in markup. Values that could break out of the rule (from the agency's settings) are left out,
 * so the stylesheets' fallbacks apply.
 */
export function rootStyleSheet(variables: Record<`--${string}`, string>): string {
  const declarations = Object.entries(variables)
    .filter(([name, value]) => /^--[a-z0-9-]+$/.test(name) && SAFE_CSS_VALUE.test(value) && !/url\(/i.test(value))
    .map(([name, value]) => `${name}:${value}`);
  return `:root{${declarations.join(';')}}`;
}

/** A colour as the page renders it (for canvas/SVG code such as map layers that cannot use var()). */
export function readThemeColour(name: ThemeColourName): string {
  if (typeof document === 'undefined') return DEFAULT_THEME_COLOURS[name];
  const value = getComputedStyle(document.documentElement).getPropertyValue(colourVariable(name)).trim();
  return value || DEFAULT_THEME_COLOURS[name];
}
