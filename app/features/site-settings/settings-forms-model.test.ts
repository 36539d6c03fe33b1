import { describe, expect, it } from 'vitest';
import {
  agencyDetailsSchema,
  analyticsSchema,
  analyticsSnippetProblem,
  ANALYTICS_MESSAGES,
  isContactLink,
  leadRoutingSchema,
  LEGAL_MESSAGES,
  legalFormFields,
  legalSettingsSchema,
  OPTION_MESSAGES,
  routingRulesOf,
  siteOptionsSchema,
} from './settings-model.ts';
import { FIELD_MESSAGES, isSafeLink } from './settings-fields.ts';

function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe('links the public page may render', () => {
  it('accepts site paths and http(s) addresses', () => {
    for (const value of ['/fees', '/a/b?c=d#e', 'https://www.tpos.co.uk/', 'http://example.org/x']) {
      expect(isSafeLink(value), value).toBe(true);
    }
  });

  it('refuses scripts, data, other sites written as paths and anything with spaces or quotes', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      '//evil.example/',
      '/\\evil.example',
      'https://x',
      '/a b',
      '/a"onmouseover=x',
      'vbscript:x',
      '',
    ]) {
      expect(isSafeLink(value), value).toBe(false);
    }
  });

  it('takes tel:, mailto: and links for the header contact link', () => {
    expect(isContactLink('tel:01632 960100')).toBe(true);
    expect(isContactLink('mailto:hello@agency.example')).toBe(true);
    expect(isContactLink('/contact')).toBe(true);
    expect(isContactLink('tel:call-me')).toBe(false);
    expect(isContactLink('mailto:a@b.example?bcc=c@d.example')).toBe(false);
    expect(isContactLink('javascript:alert(1)')).toBe(false);
  });
});

const agency = {
  version: '4',
  agencyName: '  Harbour \u202e& Vale  ',
  agencyEmail: 'hello@harbour.example',
  agencyContactTelephone: '01632 960100',
  mailFromName: 'Harbour and Vale',
  mailFromAddress: 'Lettings@Harbour.example',
};

describe('agencyDetailsSchema', () => {
  it('cleans the text and lower-cases the sender address', () => {
    const result = agencyDetailsSchema.safeParse(agency);
    expect(result.data).toEqual({
      version: 4,
      agencyName: 'Harbour & Vale',
      agencyEmail: 'hello@harbour.example',
      agencyContactTelephone: '01632 960100',
      mailFromName: 'Harbour and Vale',
      mailFromAddress: 'lettings@harbour.example',
    });
  });

  it('reads a blank sender as the environment’s', () => {
    const result = agencyDetailsSchema.safeParse({ ...agency, mailFromName: ' ', mailFromAddress: '' });
    expect(result.data).toMatchObject({ mailFromName: null, mailFromAddress: null });
  });

  it('refuses a sender name that could read as another mailbox, and header injection', () => {
    for (const name of ['Evil" <x@y.example>', 'a@b.example', 'a, b']) {
      expect(issuesOf(agencyDetailsSchema.safeParse({ ...agency, mailFromName: name })).mailFromName, name).toBe(
        'Enter a sender name without quotes, angle brackets or @, or leave it blank',
      );
    }
    // Line breaks are folded into spaces, so a header cannot be added.
    expect(agencyDetailsSchema.safeParse({ ...agency, mailFromName: 'A\r\nB' }).data?.mailFromName).toBe('A B');
    expect(
      issuesOf(agencyDetailsSchema.safeParse({ ...agency, mailFromAddress: 'a@b.example\nBcc: c' })).mailFromAddress,
    ).toBe('Enter the sender email address, like hello@example.com, or leave it blank');
  });

  it('needs a name, an email and a telephone number', () => {
    const issues = issuesOf(
      agencyDetailsSchema.safeParse({ version: '1', agencyName: '', agencyEmail: 'x', agencyContactTelephone: 'abc' }),
    );
    expect(issues).toEqual({
      agencyName: 'Enter the agency name',
      agencyEmail: 'Enter the agency email address, like hello@example.com',
      agencyContactTelephone: FIELD_MESSAGES.phone,
    });
  });
});

const legal = {
  version: '2',
  registeredName: 'Harbour & Vale Property Services Limited',
  companyNumber: 'sc 123456',
  placeOfRegistration: 'Registered in Scotland',
  registeredOffice: '14 Milsom Street, Bath BA1 1DE',
  redressSchemeName: 'The Property Ombudsman',
  redressSchemeNumber: 'T01234',
  redressSchemeUrl: 'https://www.tpos.co.uk/',
  clientMoneyScheme: '',
  clientMoneyNumber: '',
  clientMoneyCertificateUrl: '',
  membershipName0: 'Propertymark',
  membershipUrl0: 'https://www.propertymark.co.uk/',
  membershipName1: '',
  membershipUrl1: '',
  icoRegistrationNumber: 'za123456',
  vatNumber: 'gb 123 4567 89',
  complaintsPage: '/complaints-procedure',
  landlordFeesPage: '/landlord-fees',
  tenantFeesPage: '/tenant-fees',
  privacyPage: '/privacy-policy',
  cookiesPage: '/cookie-policy',
};

describe('legalSettingsSchema', () => {
  it('builds the footer’s legal settings, without client money when all three are blank', () => {
    const result = legalSettingsSchema.safeParse(legal);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      version: 2,
      companyNumber: 'SC123456',
      icoRegistrationNumber: 'ZA123456',
      vatNumber: 'GB 123 4567 89',
      clientMoneyProtection: null,
      professionalMemberships: [{ name: 'Propertymark', url: 'https://www.propertymark.co.uk/' }],
      redressScheme: { name: 'The Property Ombudsman', membershipNumber: 'T01234', url: 'https://www.tpos.co.uk/' },
      pages: { complaints: '/complaints-procedure', privacy: '/privacy-policy' },
    });
  });

  it('round-trips through the form’s fields', () => {
    const { version: _, ...saved } = legalSettingsSchema.parse(legal);
    const again = legalSettingsSchema.parse({ version: '2', ...legalFormFields(saved) });
    expect(again).toEqual({ version: 2, ...saved });
  });

  it('refuses half-entered client money protection and a certificate that is not a link', () => {
    expect(issuesOf(legalSettingsSchema.safeParse({ ...legal, clientMoneyScheme: 'Propertymark CMP' }))).toEqual({
      clientMoneyNumber: LEGAL_MESSAGES.clientMoneyIncomplete,
    });
    expect(
      issuesOf(
        legalSettingsSchema.safeParse({
          ...legal,
          clientMoneyScheme: 'Propertymark CMP',
          clientMoneyNumber: 'C1',
          clientMoneyCertificateUrl: 'javascript:alert(1)',
        }),
      ),
    ).toEqual({ clientMoneyCertificateUrl: LEGAL_MESSAGES.certificateUrl });
  });

  it('refuses malformed numbers, unsafe links and unknown places', () => {
    const issues = issuesOf(
      legalSettingsSchema.safeParse({
        ...legal,
        companyNumber: '123',
        icoRegistrationNumber: 'ZZZ',
        vatNumber: 'GB12',
        redressSchemeUrl: '/tpo',
        complaintsPage: 'javascript:alert(1)',
        placeOfRegistration: 'Mars',
      }),
    );
    expect(issues).toEqual({
      companyNumber: LEGAL_MESSAGES.companyNumber,
      icoRegistrationNumber: LEGAL_MESSAGES.icoRegistrationNumber,
      vatNumber: LEGAL_MESSAGES.vatNumber,
      redressSchemeUrl: LEGAL_MESSAGES.redressSchemeUrl,
      complaintsPage: LEGAL_MESSAGES.page('complaints procedure'),
      placeOfRegistration: LEGAL_MESSAGES.placeOfRegistration,
    });
  });

  it('refuses a membership without a name or with an unsafe link', () => {
    expect(
      issuesOf(
        legalSettingsSchema.safeParse({
          ...legal,
          membershipUrl0: 'javascript:alert(1)',
          membershipUrl1: 'https://x.example/',
        }),
      ),
    ).toEqual({ membershipUrl0: LEGAL_MESSAGES.membershipUrl, membershipName1: LEGAL_MESSAGES.membershipName });
  });

  it('answers a post missing every field with messages, not a crash', () => {
    const result = legalSettingsSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(issuesOf(result).registeredName).toBe(LEGAL_MESSAGES.registeredName);
  });
});

const options = {
  version: '7',
  valuationSteps: 'single',
  spamProtectionVersion: 'altcha',
  botCheckSiteKey: '',
  calendarPageSize: '24',
  interestRateDefault: '5.25',
  defaultSearchStatus: 'all',
  headerDesktopLogoDimensions: '240, 64',
  headerMobileLogoDimensions: '160,44',
  navbarLogoPosition: 'left',
  splitNavigationMenuItemsEqually: 'on',
  mobileHeaderContactLink: '',
  mortgageGuideUrl: '/mortgages',
};

describe('siteOptionsSchema', () => {
  it('reads the spec’s theme settings', () => {
    expect(siteOptionsSchema.parse(options)).toEqual({
      version: 7,
      valuationSteps: 'single',
      spamProtectionVersion: 'altcha',
      botCheckSiteKey: null,
      calendarPageSize: 24,
      interestRateDefault: 5.25,
      defaultSearchStatus: 'all',
      headerDesktopLogoDimensions: '240,64',
      headerMobileLogoDimensions: '160,44',
      navbarLogoPosition: 'left',
      splitNavigationMenuItemsEqually: true,
      mobileHeaderContactLink: null,
      mortgageGuideUrl: '/mortgages',
    });
  });

  it('needs a site key for reCAPTCHA', () => {
    expect(issuesOf(siteOptionsSchema.safeParse({ ...options, spamProtectionVersion: 'recaptcha-v3' }))).toEqual({
      botCheckSiteKey: OPTION_MESSAGES.recaptchaNeedsSiteKey,
    });
    expect(
      siteOptionsSchema.safeParse({
        ...options,
        spamProtectionVersion: 'recaptcha-v3',
        botCheckSiteKey: '6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI',
      }).success,
    ).toBe(true);
  });

  it('refuses out-of-range numbers and unknown choices', () => {
    const issues = issuesOf(
      siteOptionsSchema.safeParse({
        ...options,
        valuationSteps: 'three',
        spamProtectionVersion: 'hcaptcha',
        botCheckSiteKey: '<script>',
        calendarPageSize: '0',
        interestRateDefault: '26',
        defaultSearchStatus: 'gone',
        headerDesktopLogoDimensions: '0,60',
        headerMobileLogoDimensions: '1e3,2',
        navbarLogoPosition: 'right',
        mobileHeaderContactLink: 'javascript:alert(1)',
        mortgageGuideUrl: '//evil.example',
      }),
    );
    expect(Object.keys(issues).sort()).toEqual(
      [
        'valuationSteps',
        'spamProtectionVersion',
        'botCheckSiteKey',
        'calendarPageSize',
        'interestRateDefault',
        'defaultSearchStatus',
        'headerDesktopLogoDimensions',
        'headerMobileLogoDimensions',
        'navbarLogoPosition',
        'mobileHeaderContactLink',
        'mortgageGuideUrl',
      ].sort(),
    );
    expect(issues.interestRateDefault).toBe(OPTION_MESSAGES.interestRate);
  });
});

const GTM_HEAD = `<!-- Google Tag Manager -->
<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':
new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],
j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src=
'https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);
})(window,document,'script','dataLayer','GTM-XXXX');</script>`;
const GTM_BODY = `<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-XXXX"
height="0" width="0" style="display:none;visibility:hidden"></iframe></noscript>`;

describe('analytics snippets', () => {
  it('accepts a tag manager’s head and body snippets and an async script', () => {
    expect(analyticsSnippetProblem(GTM_HEAD)).toBeNull();
    expect(analyticsSnippetProblem(GTM_BODY)).toBeNull();
    expect(analyticsSnippetProblem('<script async src="https://plausible.io/js/script.js"></script>')).toBeNull();
    expect(analyticsSnippetProblem('<script>if (a < b) { document.write("<div>") }</script>')).toBeNull();
    expect(analyticsSchema.parse({ version: '1', headAnalyticsCode: ` ${GTM_HEAD}\r\n`, analyticsCode: '' })).toEqual({
      version: 1,
      headAnalyticsCode: GTM_HEAD,
      analyticsCode: '',
    });
  });

  it('refuses what the security policy would never run, and other elements', () => {
    expect(analyticsSnippetProblem('<img src="x" onerror="alert(1)">')).toBe(ANALYTICS_MESSAGES.handler);
    expect(analyticsSnippetProblem('<iframe src="javascript:alert(1)"></iframe>')).toBe(
      ANALYTICS_MESSAGES.javascriptUrl,
    );
    expect(analyticsSnippetProblem('<script src="http://tracker.example/t.js"></script>')).toBe(
      ANALYTICS_MESSAGES.scriptSource,
    );
    expect(analyticsSnippetProblem('<script src="//tracker.example/t.js"></script>')).toBe(
      ANALYTICS_MESSAGES.scriptSource,
    );
    expect(analyticsSnippetProblem('<style>body{display:none}</style>')).toBe(ANALYTICS_MESSAGES.tag('style'));
    expect(analyticsSnippetProblem('<form action="https://x.example"><input name=p></form>')).toBe(
      ANALYTICS_MESSAGES.tag('form'),
    );
    expect(analyticsSnippetProblem('<script>alert(1)')).toBe(ANALYTICS_MESSAGES.unclosedScript);
    expect(analyticsSnippetProblem('x'.repeat(20_001))).toBe(ANALYTICS_MESSAGES.tooLong);
  });
});

describe('leadRoutingSchema', () => {
  it('keeps only the kinds that name a branch or a person', () => {
    const value = leadRoutingSchema.parse({ version: '3', branch_valuation: '2', staff_viewing: '9' });
    expect(routingRulesOf(value)).toEqual([
      { kind: 'valuation', branchId: 2, staffAccountId: null },
      { kind: 'viewing', branchId: null, staffAccountId: 9 },
    ]);
  });

  it('refuses what is not an id', () => {
    for (const id of ['0', '-1', 'x', '1e3', '12345678901']) {
      expect(leadRoutingSchema.safeParse({ version: '1', branch_valuation: id }).success, id).toBe(false);
    }
  });
});
