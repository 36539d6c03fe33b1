/**
 * The settings editor's colours form: which theme colours the agency may set, the text/background pairs the site
 * draws (each must meet WCAG AA, 4.5:1 for normal text) and the one zod schema the browser and the server both use.
 */
import { z } from 'zod';
import type { LeadKind, LegalSettings, ThemeSettings } from '../../../db/schema/index.ts';
import { DEFAULT_THEME_COLOURS, type ThemeColourName } from '../site/index.ts';
import { contrastRatio, formatRatio, normaliseHex } from './colour-contrast.ts';
import {
  formText,
  isEmailAddress,
  isSafeLink,
  line,
  link,
  phone,
  versionField,
  wholeNumber,
} from './settings-fields.ts';
import { plainLine } from '../../lib/plain-text.ts';

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
    version: versionField,
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

/* ---------------------------------------------------------------- agency details and email sender */

const AGENCY_MESSAGES = {
  agencyName: 'Enter the agency name',
  agencyEmail: 'Enter the agency email address, like hello@example.com',
  mailFromName: 'Enter a sender name without quotes, angle brackets or @, or leave it blank',
  mailFromAddress: 'Enter the sender email address, like hello@example.com, or leave it blank',
} as const;

/** Quotes, brackets and @ would let a name read as another mailbox in a From header. */
const SENDER_NAME = /^[^"<>@\\,;:]*$/;

export const agencyDetailsSchema = z.object({
  version: versionField,
  agencyName: line(120, AGENCY_MESSAGES.agencyName),
  agencyEmail: formText.transform(plainLine).pipe(z.string().refine(isEmailAddress, AGENCY_MESSAGES.agencyEmail)),
  agencyContactTelephone: phone,
  mailFromName: line(80)
    .pipe(z.string().regex(SENDER_NAME, AGENCY_MESSAGES.mailFromName))
    .transform((value) => (value === '' ? null : value)),
  mailFromAddress: formText
    .transform(plainLine)
    .pipe(z.string().refine((value) => value === '' || isEmailAddress(value), AGENCY_MESSAGES.mailFromAddress))
    .transform((value) => (value === '' ? null : value.toLowerCase())),
});

export type AgencyDetailsInput = z.output<typeof agencyDetailsSchema>;

/* ---------------------------------------------------------------- company and legal details */

export const PLACES_OF_REGISTRATION = [
  'Registered in England and Wales',
  'Registered in Scotland',
  'Registered in Northern Ireland',
] as const;

/** Rows for professional memberships on the form (no script needed to add one). */
export const MEMBERSHIP_ROWS = 4;

export const LEGAL_MESSAGES = {
  registeredName: 'Enter the registered company name, like Harbour & Vale Limited',
  companyNumber: 'Enter the company number as 8 characters, like 09876543 or SC123456',
  placeOfRegistration: 'Choose where the company is registered',
  registeredOffice: 'Enter the registered office address',
  redressSchemeName: 'Enter the redress scheme, like The Property Ombudsman',
  redressSchemeNumber: 'Enter the redress scheme membership number',
  redressSchemeUrl: 'Enter the redress scheme’s web address, starting with https://',
  clientMoneyIncomplete:
    'Enter the client money protection scheme, membership number and certificate link, or leave all three blank if you do not hold client money',
  certificateUrl:
    'Enter the certificate as a page of this site starting with /, or a web address starting with https://',
  membershipName: 'Enter the name of the membership',
  membershipUrl: 'Enter the membership’s web address, starting with https://',
  icoRegistrationNumber: 'Enter the ICO registration number, like ZA123456',
  vatNumber: 'Enter the VAT number, like GB 123 4567 89, or leave it blank',
  page: (name: string) => `Enter the ${name} page as a path on this site, like /complaints-procedure, or a web address`,
} as const;

const COMPANY_NUMBER = /^(?:\d{8}|[A-Z]{2}\d{6})$/;
const ICO_NUMBER = /^(?=[A-Z0-9]{8}$)[A-Z]{1,2}\d{6,7}$/;
const VAT_NUMBER = /^(?:GB)?(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/;

const companyNumber = formText
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(COMPANY_NUMBER, LEGAL_MESSAGES.companyNumber));

const icoNumber = formText
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(ICO_NUMBER, LEGAL_MESSAGES.icoRegistrationNumber));

const vatNumber = formText
  .transform((value) => plainLine(value).toUpperCase())
  .pipe(
    z
      .string()
      .max(20, LEGAL_MESSAGES.vatNumber)
      .refine((value) => value === '' || VAT_NUMBER.test(value.replace(/\s+/g, '')), LEGAL_MESSAGES.vatNumber),
  )
  .transform((value) => (value === '' ? null : value));

const pageLink = (name: string) => link(LEGAL_MESSAGES.page(name));

const membershipShape = Object.fromEntries(
  Array.from({ length: MEMBERSHIP_ROWS }, (_, index) => [
    [`membershipName${index}`, line(100)],
    [`membershipUrl${index}`, formText.transform(plainLine)],
  ]).flat(),
) as Record<string, ReturnType<typeof line>>;

export const legalSettingsSchema = z
  .object({
    version: versionField,
    registeredName: line(160, LEGAL_MESSAGES.registeredName),
    companyNumber,
    placeOfRegistration: formText.pipe(z.enum(PLACES_OF_REGISTRATION, { error: LEGAL_MESSAGES.placeOfRegistration })),
    registeredOffice: line(200, LEGAL_MESSAGES.registeredOffice),
    redressSchemeName: line(120, LEGAL_MESSAGES.redressSchemeName),
    redressSchemeNumber: line(40, LEGAL_MESSAGES.redressSchemeNumber),
    redressSchemeUrl: formText
      .transform(plainLine)
      .pipe(
        z.string().refine((value) => /^https?:\/\//.test(value) && isSafeLink(value), LEGAL_MESSAGES.redressSchemeUrl),
      ),
    clientMoneyScheme: line(120),
    clientMoneyNumber: line(40),
    clientMoneyCertificateUrl: formText.transform(plainLine),
    ...membershipShape,
    icoRegistrationNumber: icoNumber,
    vatNumber,
    complaintsPage: pageLink('complaints procedure'),
    landlordFeesPage: pageLink('landlord fees'),
    tenantFeesPage: pageLink('tenant fees'),
    privacyPage: pageLink('privacy policy'),
    cookiesPage: pageLink('cookie policy'),
  })
  .superRefine((value, context) => {
    const fields = value as unknown as Record<string, string>;
    const money = [value.clientMoneyScheme, value.clientMoneyNumber, value.clientMoneyCertificateUrl];
    const filled = money.filter((part) => part !== '').length;
    if (filled > 0 && filled < 3) {
      const path =
        value.clientMoneyScheme === ''
          ? 'clientMoneyScheme'
          : value.clientMoneyNumber === ''
            ? 'clientMoneyNumber'
            : 'clientMoneyCertificateUrl';
      context.addIssue({ code: 'custom', path: [path], message: LEGAL_MESSAGES.clientMoneyIncomplete });
    } else if (filled === 3 && !isSafeLink(value.clientMoneyCertificateUrl)) {
      context.addIssue({ code: 'custom', path: ['clientMoneyCertificateUrl'], message: LEGAL_MESSAGES.certificateUrl });
    }
    for (let index = 0; index < MEMBERSHIP_ROWS; index++) {
      const name = fields[`membershipName${index}`] ?? '';
      const url = fields[`membershipUrl${index}`] ?? '';
      if (name === '' && url === '') continue;
      if (name === '') {
        context.addIssue({ code: 'custom', path: [`membershipName${index}`], message: LEGAL_MESSAGES.membershipName });
      }
      if (!(/^https?:\/\//.test(url) && isSafeLink(url))) {
        context.addIssue({ code: 'custom', path: [`membershipUrl${index}`], message: LEGAL_MESSAGES.membershipUrl });
      }
    }
  })
  .transform((value): LegalSettings & { version: number } => {
    const fields = value as unknown as Record<string, string>;
    const memberships: LegalSettings['professionalMemberships'] = [];
    for (let index = 0; index < MEMBERSHIP_ROWS; index++) {
      const name = fields[`membershipName${index}`] ?? '';
      if (name !== '') memberships.push({ name, url: fields[`membershipUrl${index}`] ?? '' });
    }
    return {
      version: value.version,
      registeredName: value.registeredName,
      companyNumber: value.companyNumber,
      placeOfRegistration: value.placeOfRegistration,
      registeredOffice: value.registeredOffice,
      redressScheme: {
        name: value.redressSchemeName,
        membershipNumber: value.redressSchemeNumber,
        url: value.redressSchemeUrl,
      },
      clientMoneyProtection:
        value.clientMoneyScheme === ''
          ? null
          : {
              scheme: value.clientMoneyScheme,
              membershipNumber: value.clientMoneyNumber,
              certificateUrl: value.clientMoneyCertificateUrl,
            },
      professionalMemberships: memberships,
      icoRegistrationNumber: value.icoRegistrationNumber,
      vatNumber: value.vatNumber,
      pages: {
        complaints: value.complaintsPage,
        landlordFees: value.landlordFeesPage,
        tenantFees: value.tenantFeesPage,
        privacy: value.privacyPage,
        cookies: value.cookiesPage,
      },
    };
  });

export type LegalSettingsInput = z.output<typeof legalSettingsSchema>;

/** The legal settings as the form's fields (what the page fills the form with). */
export function legalFormFields(legal: LegalSettings | null): Record<string, string> {
  const fields: Record<string, string> = {
    registeredName: legal?.registeredName ?? '',
    companyNumber: legal?.companyNumber ?? '',
    placeOfRegistration: legal?.placeOfRegistration ?? PLACES_OF_REGISTRATION[0],
    registeredOffice: legal?.registeredOffice ?? '',
    redressSchemeName: legal?.redressScheme.name ?? '',
    redressSchemeNumber: legal?.redressScheme.membershipNumber ?? '',
    redressSchemeUrl: legal?.redressScheme.url ?? '',
    clientMoneyScheme: legal?.clientMoneyProtection?.scheme ?? '',
    clientMoneyNumber: legal?.clientMoneyProtection?.membershipNumber ?? '',
    clientMoneyCertificateUrl: legal?.clientMoneyProtection?.certificateUrl ?? '',
    icoRegistrationNumber: legal?.icoRegistrationNumber ?? '',
    vatNumber: legal?.vatNumber ?? '',
    complaintsPage: legal?.pages.complaints ?? '/complaints-procedure',
    landlordFeesPage: legal?.pages.landlordFees ?? '/landlord-fees',
    tenantFeesPage: legal?.pages.tenantFees ?? '/tenant-fees',
    privacyPage: legal?.pages.privacy ?? '/privacy-policy',
    cookiesPage: legal?.pages.cookies ?? '/cookie-policy',
  };
  for (let index = 0; index < MEMBERSHIP_ROWS; index++) {
    const membership = legal?.professionalMemberships[index];
    fields[`membershipName${index}`] = membership?.name ?? '';
    fields[`membershipUrl${index}`] = membership?.url ?? '';
  }
  return fields;
}

/* ---------------------------------------------------------------- the spec's theme settings */

export const SPAM_PROTECTION_CHOICES = [
  { value: 'altcha', label: 'ALTCHA proof of work (no keys, no third party)' },
  { value: 'recaptcha-v2', label: 'Google reCAPTCHA v2 (invisible)' },
  { value: 'recaptcha-v3', label: 'Google reCAPTCHA v3' },
  { value: 'none', label: 'None (honeypot and authenticity token only)' },
] as const satisfies readonly { value: ThemeSettings['spamProtectionVersion']; label: string }[];

/** The statuses a search may start with (the search feature's own list, 'all' included). */
export const DEFAULT_SEARCH_STATUSES = [
  { value: 'available', label: 'Available' },
  { value: 'under-offer', label: 'Under offer' },
  { value: 'sstc', label: 'Sold subject to contract' },
  { value: 'sold', label: 'Sold' },
  { value: 'let-agreed', label: 'Let agreed' },
  { value: 'let', label: 'Let' },
  { value: 'all', label: 'All' },
] as const;

export const OPTION_MESSAGES = {
  valuationSteps: 'Choose single-step or multi-step valuation',
  spamProtection: 'Choose a bot check',
  recaptchaSiteKey: 'Enter the reCAPTCHA site key: 20 to 100 letters, digits, - or _',
  recaptchaNeedsSiteKey: 'Enter the reCAPTCHA site key to use reCAPTCHA',
  recaptchaNeedsSecret:
    'reCAPTCHA also needs its secret key in the server’s environment (RECAPTCHA_SECRET_KEY): set it and restart, or choose another bot check',
  calendarPageSize: 'Enter a page size from 1 to 100',
  interestRate: 'Enter an interest rate from 0 to 25, like 4.5',
  defaultSearchStatus: 'Choose the default search status',
  logoDimensions: 'Enter the width and height in pixels separated by a comma, like 220,60 (each from 1 to 1000)',
  navbarLogoPosition: 'Choose where the logo sits in the header',
  mobileHeaderContactLink:
    'Enter a tel:, mailto:, page of this site starting with / or https:// link, or leave it blank for the agency telephone',
  mortgageGuideUrl: 'Enter the mortgage guide as a page of this site starting with /, or a web address',
} as const;

const logoDimensions = formText
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{1,4},\d{1,4}$/, OPTION_MESSAGES.logoDimensions)
      .refine(
        (value) => value.split(',').every((part) => Number(part) >= 1 && Number(part) <= 1000),
        OPTION_MESSAGES.logoDimensions,
      ),
  );

/** The header's phone link: tel: with a number, mailto: with an address, or a link the site may render. */
export function isContactLink(value: string): boolean {
  if (value.startsWith('tel:')) return /^\+?[0-9]{6,20}$/.test(value.slice(4).replace(/[\s()-]/g, ''));
  if (value.startsWith('mailto:')) return isEmailAddress(value.slice(7));
  return isSafeLink(value);
}

export const siteOptionsSchema = z
  .object({
    version: versionField,
    valuationSteps: formText.pipe(z.enum(['single', 'multi'], { error: OPTION_MESSAGES.valuationSteps })),
    spamProtectionVersion: formText.pipe(
      z.enum(['altcha', 'recaptcha-v2', 'recaptcha-v3', 'none'], { error: OPTION_MESSAGES.spamProtection }),
    ),
    botCheckSiteKey: formText
      .transform((value) => value.trim())
      .pipe(
        z
          .string()
          .refine((value) => value === '' || /^[A-Za-z0-9_-]{20,100}$/.test(value), OPTION_MESSAGES.recaptchaSiteKey),
      )
      .transform((value) => (value === '' ? null : value)),
    calendarPageSize: wholeNumber(1, 100, OPTION_MESSAGES.calendarPageSize),
    interestRateDefault: formText
      .transform((value) => value.trim())
      .pipe(
        z
          .string()
          .regex(/^\d{1,2}(?:\.\d{1,2})?$/, OPTION_MESSAGES.interestRate)
          .transform(Number)
          .pipe(z.number().min(0, OPTION_MESSAGES.interestRate).max(25, OPTION_MESSAGES.interestRate)),
      ),
    defaultSearchStatus: formText.pipe(
      z.enum(DEFAULT_SEARCH_STATUSES.map((status) => status.value) as [string, ...string[]], {
        error: OPTION_MESSAGES.defaultSearchStatus,
      }),
    ),
    headerDesktopLogoDimensions: logoDimensions,
    headerMobileLogoDimensions: logoDimensions,
    navbarLogoPosition: formText.pipe(z.enum(['left', 'centre'], { error: OPTION_MESSAGES.navbarLogoPosition })),
    splitNavigationMenuItemsEqually: formText.transform((value) => value === 'on'),
    mobileHeaderContactLink: formText
      .transform(plainLine)
      .pipe(z.string().refine((value) => value === '' || isContactLink(value), OPTION_MESSAGES.mobileHeaderContactLink))
      .transform((value) => (value === '' ? null : value)),
    mortgageGuideUrl: link(OPTION_MESSAGES.mortgageGuideUrl),
  })
  .superRefine((value, context) => {
    if (value.spamProtectionVersion.startsWith('recaptcha') && value.botCheckSiteKey === null) {
      context.addIssue({ code: 'custom', path: ['botCheckSiteKey'], message: OPTION_MESSAGES.recaptchaNeedsSiteKey });
    }
  });

export type SiteOptionsInput = z.output<typeof siteOptionsSchema>;

/** The theme settings as the options form's fields. */
export function siteOptionsFields(theme: ThemeSettings): Record<string, string> {
  return {
    valuationSteps: theme.valuationSingleStep ? 'single' : 'multi',
    spamProtectionVersion: theme.spamProtectionVersion,
    botCheckSiteKey: theme.recaptchaSiteKey ?? '',
    calendarPageSize: String(theme.calendarPageSize),
    interestRateDefault: String(theme.interestRateDefault),
    defaultSearchStatus: theme.preferences.defaultSearchStatus,
    headerDesktopLogoDimensions: theme.headerDesktopLogoDimensions,
    headerMobileLogoDimensions: theme.headerMobileLogoDimensions,
    navbarLogoPosition: theme.navbarLogoPosition,
    splitNavigationMenuItemsEqually: theme.splitNavigationMenuItemsEqually ? 'on' : '',
    mobileHeaderContactLink: theme.mobileHeaderContactLink ?? '',
    mortgageGuideUrl: theme.mortgageGuideUrl,
  };
}

/* ---------------------------------------------------------------- analytics codes */

/** Each snippet is at most this long: a tag manager's two snippets are about 1,500 characters. */
const ANALYTICS_MAX_LENGTH = 20_000;

export const ANALYTICS_MESSAGES = {
  tooLong: `Enter ${ANALYTICS_MAX_LENGTH.toLocaleString('en-GB')} characters or fewer`,
  tag: (tag: string) =>
    `Remove the <${tag}> element: a snippet may hold only <script>, <noscript>, <img> and <iframe> elements`,
  handler: 'Remove the on… event attribute: the site’s security policy never runs them, so put that code in a <script>',
  javascriptUrl:
    'Remove the javascript: link: the site’s security policy never runs it, so put that code in a <script>',
  scriptSource: 'Load scripts from an https:// address or a path on this site',
  unclosedScript: 'Close every <script> with </script>',
} as const;

const SNIPPET_TAGS = new Set(['script', 'noscript', 'img', 'iframe']);

/**
 * What is wrong with an analytics snippet, or null. Snippets are code the owner pastes from their provider and run
 * as the site's own (with the page's nonce, after consent), so only owners may set them and every change is
 * audited; the check keeps them to what the site's security policy lets run, so a paste that would silently do
 * nothing (an onload attribute, a javascript: link, an http: script) is refused with the reason instead.
 */
export function analyticsSnippetProblem(html: string): string | null {
  if (html.length > ANALYTICS_MAX_LENGTH) return ANALYTICS_MESSAGES.tooLong;
  const opens = (html.match(/<script\b/gi) ?? []).length;
  const closes = (html.match(/<\/script\s*>/gi) ?? []).length;
  if (opens !== closes) return ANALYTICS_MESSAGES.unclosedScript;
  // Script bodies are code, not markup: '<' inside them is not a tag.
  const markup = html.replace(/(<script\b[^>]*>)[\s\S]*?(<\/script\s*>)/gi, '$1$2');
  for (const match of markup.matchAll(/<\s*\/?\s*([a-zA-Z][\w:-]*)([^>]*)>?/g)) {
    const tag = (match[1] ?? '').toLowerCase();
    const attributes = match[2] ?? '';
    if (!SNIPPET_TAGS.has(tag)) return ANALYTICS_MESSAGES.tag(tag);
    if (/(?:^|[\s"'/])on[a-z]+\s*=/i.test(attributes)) return ANALYTICS_MESSAGES.handler;
    if (/javascript\s*:/i.test(attributes)) return ANALYTICS_MESSAGES.javascriptUrl;
    if (tag === 'script') {
      const source = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
      if (
        source !== undefined &&
        !(source.startsWith('https://') || (source.startsWith('/') && !source.startsWith('//')))
      ) {
        return ANALYTICS_MESSAGES.scriptSource;
      }
    }
  }
  return null;
}

const snippet = formText
  .transform((value) => value.replace(/\r\n?/g, '\n').trim())
  .superRefine((value, context) => {
    const problem = analyticsSnippetProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

export const analyticsSchema = z.object({
  version: versionField,
  headAnalyticsCode: snippet,
  analyticsCode: snippet,
});

export type AnalyticsInput = z.output<typeof analyticsSchema>;

/* ---------------------------------------------------------------- lead routing */

/**
 * The lead kinds an owner may route: those stored through the leads feature's `acceptLead`. Send-to-friend is a
 * visitor's email to a friend, never the agency's lead; custom form submissions go to each form's own recipient.
 */
export const ROUTABLE_LEAD_KINDS = [
  { kind: 'valuation', label: 'Valuation requests' },
  { kind: 'instant-valuation', label: 'Full valuations booked from the instant valuation' },
  { kind: 'viewing', label: 'Viewing requests' },
  { kind: 'staff-enquiry', label: 'Messages to a staff member' },
  { kind: 'department-enquiry', label: 'Messages to a department' },
  { kind: 'new-homes', label: 'New homes enquiries' },
] as const satisfies readonly { kind: LeadKind; label: string }[];

export type RoutableLeadKind = (typeof ROUTABLE_LEAD_KINDS)[number]['kind'];

export const ROUTING_MESSAGES = {
  branch: 'Choose a branch from the list',
  staff: 'Choose a staff member from the list',
  staffNotInBranch: 'Choose someone who works at the chosen branch, or an owner',
} as const;

const optionalId = (message: string) =>
  formText
    .transform((value) => value.trim())
    .pipe(z.string().regex(/^(?:|[1-9]\d{0,8})$/, message))
    .transform((value) => (value === '' ? null : Number(value)));

export const leadRoutingSchema = z.object({
  version: versionField,
  ...(Object.fromEntries(
    ROUTABLE_LEAD_KINDS.flatMap(({ kind }) => [
      [`branch_${kind}`, optionalId(ROUTING_MESSAGES.branch)],
      [`staff_${kind}`, optionalId(ROUTING_MESSAGES.staff)],
    ]),
  ) as Record<`${'branch' | 'staff'}_${RoutableLeadKind}`, ReturnType<typeof optionalId>>),
});

export type LeadRoutingInput = z.output<typeof leadRoutingSchema>;
export type LeadRoutingRule = { kind: RoutableLeadKind; branchId: number | null; staffAccountId: number | null };

/** The rules a valid form stands for: one per kind that names a branch or a person. */
export function routingRulesOf(input: LeadRoutingInput): LeadRoutingRule[] {
  return ROUTABLE_LEAD_KINDS.map(({ kind }) => ({
    kind,
    branchId: input[`branch_${kind}`],
    staffAccountId: input[`staff_${kind}`],
  })).filter((rule) => rule.branchId !== null || rule.staffAccountId !== null);
}

/* ---------------------------------------------------------------- logo and favicon */

export const BRANDING_MESSAGES = {
  intent: 'Reload the page and try again',
  chooseLogo: 'Choose the logo image to upload: a PNG, JPEG or WebP file',
  chooseFavicon: 'Choose the icon image to upload: a square PNG, JPEG or WebP file of at least 192 × 192 pixels',
} as const;

/** The fields that come before the file in the logo and favicon forms (the file is read by the upload reader). */
export const brandingSchema = z.object({
  version: versionField,
  intent: formText.pipe(z.enum(['logo', 'favicon', 'default-favicon'], { error: BRANDING_MESSAGES.intent })),
});

export type BrandingInput = z.output<typeof brandingSchema>;
