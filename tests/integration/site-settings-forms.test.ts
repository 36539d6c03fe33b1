/**
 * The settings sub-pages (agency and email sender, company and legal details, site options, analytics, lead
 * routing): owners only; each save is validated by its form's schema, raises the version, is audited with
 * before/after and shows at once (the settings memo is dropped); a save made from an older version is refused with
 * the clear message and changes nothing. The email From and new leads follow the saved settings.
 */
import { eq } from 'drizzle-orm';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, branches, emailOutbox, leadEvents, leads, siteSettings } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { resetEnvForTests } from '../../app/lib/env.server.ts';
import { getSiteChrome } from '../../app/features/site/index.server.ts';
import { LegalFooter } from '../../app/features/site/legal-footer.tsx';
import { getAnalyticsCode } from '../../app/features/consent/consent.server.ts';
import { getBotCheckConfig } from '../../app/features/spam/index.server.ts';
import { enqueueEmail } from '../../app/features/email/index.server.ts';
import { acceptLead } from '../../app/features/leads/lead-store.server.ts';
import {
  ANALYTICS_MESSAGES,
  OPTION_MESSAGES,
  ROUTING_MESSAGES,
  VERSION_CONFLICT_MESSAGE,
} from '../../app/features/site-settings/settings-model.ts';
import { startSignedInSession } from '../../app/features/staff/staff-sessions.server.ts';
import type { StaffRole } from '../../app/features/staff/staff-roles.ts';
import * as agencyRoute from '../../app/routes/admin/settings-agency.tsx';
import * as legalRoute from '../../app/routes/admin/settings-legal.tsx';
import * as optionsRoute from '../../app/routes/admin/settings-options.tsx';
import * as analyticsRoute from '../../app/routes/admin/settings-analytics.tsx';
import * as routingRoute from '../../app/routes/admin/settings-lead-routing.tsx';
import { BRANCH_EMAIL, insertLeadFixtures } from './leads-fixtures.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { callStaffRoute, createTestStaff, staffCookie, type RouteAnswer } from './staff-fixtures.ts';

type RouteModule = { loader: (args: never) => unknown; action: (args: never) => unknown };
type Page = { module: RouteModule; url: string };

const PAGES = {
  agency: { module: agencyRoute, url: '/admin/settings/agency' },
  legal: { module: legalRoute, url: '/admin/settings/legal' },
  options: { module: optionsRoute, url: '/admin/settings/options' },
  analytics: { module: analyticsRoute, url: '/admin/settings/analytics' },
  routing: { module: routingRoute, url: '/admin/settings/lead-routing' },
} satisfies Record<string, Page>;

let database: TestDatabase;
const cookies = new Map<StaffRole | 'bristol-manager', string>();
const staffIds = new Map<StaffRole | 'bristol-manager', number>();
const BRISTOL_EMAIL = 'bristol@agency.test';

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  await insertLeadFixtures(database.db);
  await database.db.insert(branches).values({
    id: 2,
    slug: 'bristol',
    name: 'Bristol',
    addressLine1: '2 Park Street',
    town: 'Bristol',
    county: 'Bristol',
    country: 'england',
    postcode: 'BS1 5HX',
    location: { lat: 51.45, lng: -2.6 },
    contactNumber: '0117 496 0000',
    email: BRISTOL_EMAIL,
  });
  for (const [key, role, slug] of [
    ['owner', 'owner', 'bath'],
    ['manager', 'manager', 'bath'],
    ['negotiator', 'negotiator', 'bath'],
    ['editor', 'editor', 'bath'],
    ['bristol-manager', 'manager', 'bristol'],
  ] as const) {
    const staff = await createTestStaff(database.db, role, { branchSlugs: [slug] });
    staffIds.set(key, staff.staffId);
    cookies.set(
      key,
      staffCookie(await startSignedInSession(database.db, staff.staffId, { ip: null, userAgent: null }, null)),
    );
  }
});

afterAll(async () => {
  await database?.dispose();
});

function call(page: Page, handler: 'loader' | 'action', role: StaffRole, body?: Record<string, string>) {
  return callStaffRoute(database.db, page.module[handler], { cookie: cookies.get(role)!, url: page.url, body });
}

type Loaded = { version: number; fields: Record<string, string> };

async function load(page: Page): Promise<Loaded> {
  const answer = await call(page, 'loader', 'owner');
  expect(answer.status).toBe(200);
  return answer.data as Loaded;
}

async function save(page: Page, changes: Record<string, string>, role: StaffRole = 'owner'): Promise<RouteAnswer> {
  const form = await load(page);
  return call(page, 'action', role, { ...form.fields, version: String(form.version), ...changes });
}

function messagesOf(answer: RouteAnswer): Record<string, string[]> {
  return (answer.data as { formResult: { error?: Record<string, string[]> } }).formResult.error ?? {};
}

async function lastAudit(action: string) {
  const rows = await database.db.select().from(auditLog).where(eq(auditLog.action, action));
  return rows.at(-1);
}

describe('agency details and email sender', () => {
  it('saves the name, telephone and sender: audited, on the next page and on the next email at once', async () => {
    const db = database.db;
    expect((await getSiteChrome(db)).agencyName).toBe('Test Agency');
    const saved = await save(PAGES.agency, {
      agencyName: 'Harbour <b>& Vale</b>',
      agencyContactTelephone: '01632 960999',
      mailFromName: 'Harbour and Vale',
      mailFromAddress: 'hello@harbour.example',
    });
    expect(saved.status).toBe(303);
    expect(saved.response!.headers.get('location')).toBe('/admin/settings/agency?saved=1');
    const chrome = await getSiteChrome(db);
    expect(chrome.agencyName).toBe('Harbour <b>& Vale</b>');
    expect(chrome.agencyContactTelephone).toBe('01632 960999');
    const audit = await lastAudit('settings.agency-changed');
    expect(audit!.details).toMatchObject({
      from: { agencyName: 'Test Agency', mailFromName: '', mailFromAddress: '' },
      to: { agencyName: 'Harbour <b>& Vale</b>', mailFromName: 'Harbour and Vale' },
    });

    const emailId = await enqueueEmail(db, { to: 'someone@example.com', subject: 'Hello', text: 'Hi' });
    const [email] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, emailId));
    expect(email!.fromAddress).toBe('"Harbour and Vale" <hello@harbour.example>');
  });

  it('falls back to the environment’s sender when the fields are cleared', async () => {
    expect((await save(PAGES.agency, { mailFromName: '', mailFromAddress: '' })).status).toBe(303);
    const emailId = await enqueueEmail(database.db, { to: 'someone@example.com', subject: 'Hello', text: 'Hi' });
    const [email] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, emailId));
    expect(email!.fromAddress).toBe('"Doorstep" <no-reply@doorstep.example>');
  });

  it('refuses a sender that could add a mailbox, with the field’s message', async () => {
    const refused = await save(PAGES.agency, { mailFromName: 'x" <evil@example.com>' });
    expect(refused.status).toBe(422);
    expect(messagesOf(refused).mailFromName).toEqual([
      'Enter a sender name without quotes, angle brackets or @, or leave it blank',
    ]);
  });
});

describe('company and legal details', () => {
  it('saves the details the footer shows, escaped for the page', async () => {
    const saved = await save(PAGES.legal, {
      registeredName: 'Vale <script>alert(1)</script> Limited',
      companyNumber: '01234567',
      registeredOffice: '1 Quay, Bristol BS1 4DJ',
      redressSchemeName: 'Property Redress Scheme',
      redressSchemeNumber: 'PRS001234',
      redressSchemeUrl: 'https://www.theprs.co.uk/',
      icoRegistrationNumber: 'ZB765432',
      vatNumber: '',
      clientMoneyScheme: 'Client Money Protect',
      clientMoneyNumber: 'CMP1234',
      clientMoneyCertificateUrl: '/cmp-certificate',
      complaintsPage: '/complaints',
      privacyPage: '/privacy',
    });
    expect(saved.status).toBe(303);
    const legal = (await getSiteChrome(database.db)).legal!;
    expect(legal).toMatchObject({
      companyNumber: '01234567',
      redressScheme: { name: 'Property Redress Scheme', membershipNumber: 'PRS001234' },
      clientMoneyProtection: { scheme: 'Client Money Protect', certificateUrl: '/cmp-certificate' },
      vatNumber: null,
      pages: { complaints: '/complaints', privacy: '/privacy' },
    });
    const html = renderToStaticMarkup(createElement(LegalFooter, { legal }));
    expect(html).toContain('Vale &lt;script&gt;alert(1)&lt;/script&gt; Limited');
    expect(html).toContain('company number 01234567');
    expect(html).toContain('href="/complaints"');
    expect(html).not.toContain('VAT number');
    expect((await lastAudit('settings.legal-changed'))!.details).toMatchObject({ to: { companyNumber: '01234567' } });
  });

  it('refuses a javascript: page link and changes nothing', async () => {
    const before = await load(PAGES.legal);
    const refused = await save(PAGES.legal, { complaintsPage: 'javascript:alert(1)' });
    expect(refused.status).toBe(422);
    expect(Object.keys(messagesOf(refused))).toEqual(['complaintsPage']);
    expect(await load(PAGES.legal)).toEqual(before);
  });
});

describe('site options', () => {
  it('saves the spec’s theme settings, which the site reads at once', async () => {
    const saved = await save(PAGES.options, {
      valuationSteps: 'single',
      calendarPageSize: '6',
      interestRateDefault: '3.75',
      defaultSearchStatus: 'all',
      navbarLogoPosition: 'left',
      headerDesktopLogoDimensions: '300,80',
      mobileHeaderContactLink: 'tel:01632960100',
      mortgageGuideUrl: 'https://mortgages.example/guide',
      botCheckSiteKey: 'site-key-from-the-settings-0001',
    });
    expect(saved.status).toBe(303);
    const { theme } = await getSiteChrome(database.db);
    expect(theme).toMatchObject({
      valuationSingleStep: true,
      calendarPageSize: 6,
      interestRateDefault: 3.75,
      navbarLogoPosition: 'left',
      headerDesktopLogoDimensions: '300,80',
      mobileHeaderContactLink: 'tel:01632960100',
      mortgageGuideUrl: 'https://mortgages.example/guide',
      recaptchaSiteKey: 'site-key-from-the-settings-0001',
      preferences: { defaultSearchStatus: 'all' },
    });
    expect((await lastAudit('settings.options-changed'))!.details).toMatchObject({
      from: { valuationSteps: 'multi' },
      to: { valuationSteps: 'single', calendarPageSize: '6' },
    });
  });

  it('refuses reCAPTCHA while the server has no secret key, and uses the stored site key once it has', async () => {
    const refused = await save(PAGES.options, { spamProtectionVersion: 'recaptcha-v3' });
    expect(refused.status).toBe(422);
    expect(messagesOf(refused).spamProtectionVersion).toEqual([OPTION_MESSAGES.recaptchaNeedsSecret]);

    process.env.RECAPTCHA_SECRET_KEY = 'secret-only-in-the-environment';
    resetEnvForTests();
    try {
      const page = await load(PAGES.options);
      expect(JSON.stringify(page)).not.toContain('secret-only-in-the-environment');
      expect((await save(PAGES.options, { spamProtectionVersion: 'recaptcha-v3' })).status).toBe(303);
      expect(await getBotCheckConfig()).toEqual({
        version: 'recaptcha-v3',
        siteKey: 'site-key-from-the-settings-0001',
      });
    } finally {
      delete process.env.RECAPTCHA_SECRET_KEY;
      resetEnvForTests();
    }
    // Without the secret the site falls back to the proof-of-work check rather than checking nothing.
    expect((await getBotCheckConfig()).version).toBe('altcha');
    expect((await save(PAGES.options, { spamProtectionVersion: 'none' })).status).toBe(303);
  });
});

describe('analytics codes', () => {
  it('saves a tag manager snippet, served by /analytics_code', async () => {
    const head = '<script async src="https://www.googletagmanager.com/gtag/js?id=G-TEST"></script>';
    expect((await save(PAGES.analytics, { headAnalyticsCode: head, analyticsCode: '' })).status).toBe(303);
    expect(await getAnalyticsCode(database.db)).toEqual({ head_analytics_code: head, analytics_code: '' });
    expect((await lastAudit('settings.analytics-changed'))!.details).toMatchObject({
      from: { headAnalyticsCode: '' },
      to: { headAnalyticsCode: head },
    });
  });

  it('refuses an event handler the security policy would never run', async () => {
    const refused = await save(PAGES.analytics, { analyticsCode: '<img src="/x.gif" onload="track()">' });
    expect(refused.status).toBe(422);
    expect(messagesOf(refused).analyticsCode).toEqual([ANALYTICS_MESSAGES.handler]);
  });
});

describe('lead routing', () => {
  it('sends a valuation lead to the chosen branch and person, emailed and assigned', async () => {
    const db = database.db;
    const managerId = staffIds.get('bristol-manager')!;
    const saved = await save(PAGES.routing, { branch_valuation: '2', staff_valuation: String(managerId) });
    expect(saved.status).toBe(303);
    expect((await lastAudit('settings.lead-routing-changed'))!.details).toMatchObject({
      from: { branch_valuation: '', staff_valuation: '' },
      to: { branch_valuation: '2', staff_valuation: String(managerId) },
    });

    const { leadId } = await acceptLead(
      db,
      {
        kind: 'valuation',
        payload: { lead_client: { first_name: 'Val' } },
        email: 'val@example.com',
        branchId: 1,
        departmentId: 1,
        ipAddress: '192.0.2.9',
        summary: ['Name: Val'],
        subject: 'Valuation request',
      },
      'http://localhost',
    );
    const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ branchId: 2, departmentId: null, assignedStaffId: managerId });
    const [manager] = await db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, leadId));
    expect(lead!.recipientEmail).toBe(manager!.toAddress);
    expect(manager!.toAddress).toMatch(/^staff-manager-/);
    const events = await db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId));
    expect(events).toMatchObject([{ kind: 'assignment', actorStaffId: null, toValue: String(managerId) }]);
  });

  it('leaves kinds without a rule as the form routed them', async () => {
    const { leadId } = await acceptLead(
      database.db,
      {
        kind: 'viewing',
        payload: {},
        email: 'viewer@example.com',
        branchId: 1,
        ipAddress: '192.0.2.9',
        summary: [],
        subject: 'Viewing',
      },
      'http://localhost',
    );
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ branchId: 1, assignedStaffId: null, recipientEmail: BRANCH_EMAIL });
  });

  it('sends a branch-only rule’s leads to that branch’s email', async () => {
    expect((await save(PAGES.routing, { branch_viewing: '2' })).status).toBe(303);
    const { leadId } = await acceptLead(
      database.db,
      { kind: 'viewing', payload: {}, email: null, branchId: 1, ipAddress: '192.0.2.9', summary: [], subject: 'V' },
      'http://localhost',
    );
    const [lead] = await database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ branchId: 2, assignedStaffId: null, recipientEmail: BRISTOL_EMAIL });
  });

  it('refuses another branch’s manager, an unknown branch and an editor', async () => {
    const refused = await save(PAGES.routing, {
      branch_viewing: '2',
      staff_viewing: String(staffIds.get('manager')),
      branch_valuation: '99',
      'staff_new-homes': String(staffIds.get('editor')),
    });
    expect(refused.status).toBe(422);
    expect(messagesOf(refused)).toEqual({
      staff_viewing: [ROUTING_MESSAGES.staffNotInBranch],
      branch_valuation: [ROUTING_MESSAGES.branch],
      'staff_new-homes': [ROUTING_MESSAGES.staff],
    });
  });
});

describe('forms open side by side', () => {
  it('a save of one form never refuses another that was opened before it, and neither loses the other’s change', async () => {
    const options = await load(PAGES.options);
    const agency = await load(PAGES.agency);
    expect((await save(PAGES.agency, { agencyName: 'Side by Side Lettings' })).status).toBe(303);
    const saved = await call(PAGES.options, 'action', 'owner', {
      ...options.fields,
      version: String(options.version),
      calendarPageSize: '9',
    });
    expect(saved.status).toBe(303);
    const chrome = await getSiteChrome(database.db);
    expect(chrome.agencyName).toBe('Side by Side Lettings');
    expect(chrome.theme.calendarPageSize).toBe(9);
    expect((await load(PAGES.agency)).version).toBe(agency.version + 1);
  });
});

describe.each(Object.entries(PAGES))('%s', (_, page) => {
  it('is for owners only: managers, negotiators and editors get 403 and change nothing', async () => {
    const [before] = await database.db.select().from(siteSettings);
    for (const role of ['manager', 'negotiator', 'editor'] as const) {
      expect((await call(page, 'loader', role)).status, role).toBe(403);
      const form = await load(page);
      expect((await call(page, 'action', role, { ...form.fields, version: String(form.version) })).status, role).toBe(
        403,
      );
    }
    const [after] = await database.db.select().from(siteSettings);
    expect(after!.version).toBe(before!.version);
  });

  it('refuses the second of two saves made from the same version, with the clear message', async () => {
    const opened = await load(page);
    const body = { ...opened.fields, version: String(opened.version) };
    expect((await call(page, 'action', 'owner', body)).status).toBe(303);
    const second = await call(page, 'action', 'owner', body);
    expect(second.status).toBe(409);
    expect(Object.values(messagesOf(second)).flat()).toEqual([VERSION_CONFLICT_MESSAGE]);
    expect((await load(page)).version).toBe(opened.version + 1);
  });

  it('answers a post of nothing, or of junk, without a 500', async () => {
    // An empty body cannot be read as a form: 400, like any unreadable post.
    expect([400, 422]).toContain((await call(page, 'action', 'owner', {})).status);
    const names = Object.keys((await load(page)).fields);
    const junk = Object.fromEntries(names.map((name) => [name, '<script>"\u202e']));
    expect((await call(page, 'action', 'owner', { ...junk, version: 'x' })).status).toBe(422);
    // Control characters and half surrogate pairs: refused as unreadable or as the field's own message.
    const worse = Object.fromEntries(names.map((name) => [name, '\u0000\ud800']));
    expect([400, 422]).toContain((await call(page, 'action', 'owner', { ...worse, version: '1' })).status);
  });
});
