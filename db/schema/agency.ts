import { boolean, integer, jsonb, pgTable, serial, text, timestamp, index, uniqueIndex } from 'drizzle-orm/pg-core';
import { geoPoint } from './columns.ts';

export type MenuTarget = 'S' | 'B';

/** Header data and theme settings of spec point 3 live in one row per site (id = 1). */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey(),
  agencyName: text('agency_name').notNull(),
  agencyEmail: text('agency_email').notNull(),
  agencyContactTelephone: text('agency_contact_telephone').notNull(),
  logoUrl: text('logo_url').notNull(),
  /** The agency's own favicon (a square PNG made from its upload); null keeps the site's default icons. */
  faviconUrl: text('favicon_url'),
  theme: jsonb('theme').$type<ThemeSettings>().notNull(),
  analyticsCode: text('analytics_code').notNull().default(''),
  headAnalyticsCode: text('head_analytics_code').notNull().default(''),
  tagsToDepartmentLabels: jsonb('tags_to_department_labels')
    .$type<{ sales: Record<string, string>; lettings: Record<string, string> }>()
    .notNull()
    .default({ sales: {}, lettings: {} }),
  /** Company, redress, client-money and membership details for the legal footer (null until the agency enters them). */
  legal: jsonb('legal').$type<LegalSettings>(),
  /** Leads and uploads older than this many months are deleted by a daily job; 0 turns the deletion off. */
  leadRetentionMonths: integer('lead_retention_months').notNull().default(24),
  /** The From name and address of the site's emails; null keeps MAIL_FROM from the environment. */
  mailFromName: text('mail_from_name'),
  mailFromAddress: text('mail_from_address'),
  /** Raised by every save of the colours: a save made from an older version is refused, not merged. */
  version: integer('version').notNull().default(1),
  /**
   * The same for each other settings form, by form name (a missing name is version 1), so saving one form never
   * refuses another form that someone has open.
   */
  sectionVersions: jsonb('section_versions').$type<Record<string, number>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LegalSettings = {
  registeredName: string;
  companyNumber: string;
  placeOfRegistration: string;
  registeredOffice: string;
  redressScheme: { name: string; membershipNumber: string; url: string };
  clientMoneyProtection: { scheme: string; membershipNumber: string; certificateUrl: string } | null;
  professionalMemberships: { name: string; url: string }[];
  icoRegistrationNumber: string;
  vatNumber: string | null;
  pages: { complaints: string; landlordFees: string; tenantFees: string; privacy: string; cookies: string };
};

/** One day's opening, 'HH:MM' in the branch's time zone; a closing time at or before the opening runs past midnight. */
export type OpeningPeriod = { opens: string; closes: string };
export type OpeningHours = {
  /** Monday first; an empty list is a closed day. */
  week: [
    OpeningPeriod[],
    OpeningPeriod[],
    OpeningPeriod[],
    OpeningPeriod[],
    OpeningPeriod[],
    OpeningPeriod[],
    OpeningPeriod[],
  ];
  /** Bank holidays and other exceptions by date ('YYYY-MM-DD'); an empty list means closed that day. */
  exceptions: { date: string; name: string; periods: OpeningPeriod[] }[];
};

export type ThemeSettings = {
  headerDesktopLogoDimensions: string;
  headerMobileLogoDimensions: string;
  splitNavigationMenuItemsEqually: boolean;
  navbarLogoPosition: 'left' | 'centre';
  mobileHeaderContactLink: string | null;
  calendarPageSize: number;
  interestRateDefault: number;
  valuationSingleStep: boolean;
  spamProtectionVersion: 'altcha' | 'recaptcha-v2' | 'recaptcha-v3' | 'none';
  /** reCAPTCHA's public site key (the secret key stays in the environment: decision 030). */
  recaptchaSiteKey?: string | null;
  mortgageGuideUrl: string;
  preferences: { defaultSearchStatus: string; errorColour: string; successColour: string };
  /** The agency's own palette (hex colours by name in app/features/site/theme.ts); missing names keep the defaults. */
  colours?: Record<string, string>;
};

export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    menu: text('menu').$type<'primary' | 'secondary'>().notNull(),
    parentId: integer('parent_id'),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    target: text('target').$type<MenuTarget>().notNull().default('S'),
  },
  (t) => [index('menu_items_menu_idx').on(t.menu, t.parentId, t.position)],
);

/**
 * One row per edited menu: its version, raised by every back-office change to the menu's items, so a change made
 * from an older view of the menu is refused. A menu without a row is at version 1 (a fresh or re-seeded site).
 */
export const menuVersions = pgTable('menu_versions', {
  menu: text('menu').$type<'primary' | 'secondary'>().primaryKey(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The home page's sections in the order shown, each with its settings (one row, id = 1; no row means the default
 * layout). A jsonb list rather than a row per section: the list is small, always read and saved whole, its
 * sections have settings of different shapes, and one version covers the whole layout. Checked by the editor's zod
 * schema on the way in and again when read.
 */
export const homePageLayouts = pgTable('home_page_layouts', {
  id: integer('id').primaryKey(),
  sections: jsonb('sections').$type<unknown[]>().notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const branches = pgTable(
  'branches',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    addressLine1: text('address_line_1').notNull(),
    town: text('town').notNull(),
    county: text('county').notNull(),
    country: text('country').$type<'england' | 'scotland' | 'wales'>().notNull(),
    postcode: text('postcode').notNull(),
    location: geoPoint('location').notNull(),
    contactNumber: text('contact_number').notNull(),
    salesContactNumber: text('sales_contact_number'),
    lettingsContactNumber: text('lettings_contact_number'),
    email: text('email').notNull(),
    description: text('description').notNull().default(''),
    externalCommercialDepartmentId: integer('external_commercial_department_id'),
    timeZone: text('time_zone').notNull().default('Europe/London'),
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
    /** The branch's code in the agency's software (BRANCH_ID of a BLM feed), matching imported listings to it. */
    feedCode: text('feed_code'),
    /** Postcode districts ('BA1') whose valuations go to this branch before any distance rule (the back office). */
    coveredPostcodeDistricts: jsonb('covered_postcode_districts').$type<string[]>().notNull().default([]),
    /** Raised by every back-office save: a save made from an older version is refused, not merged. */
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('branches_slug_idx').on(t.slug), uniqueIndex('branches_feed_code_idx').on(t.feedCode)],
);

export const departmentKinds = [
  'sales',
  'lettings',
  'new-homes',
  'commercial',
  'agriculture',
  'auctions',
  'antiques',
  'professional-services',
] as const;
export type DepartmentKind = (typeof departmentKinds)[number];

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DepartmentKind>().notNull(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    telephone: text('telephone').notNull(),
    email: text('email').notNull(),
    branchDepartmentUrlLabel: text('branch_department_url_label').notNull(),
  },
  (t) => [index('departments_branch_idx').on(t.branchId)],
);

export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial('id').primaryKey(),
    branchId: integer('branch_id').references(() => branches.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id').references(() => departments.id, { onDelete: 'set null' }),
    title: text('title'),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    jobTitle: text('job_title').notNull(),
    email: text('email').notNull(),
    telephoneNumber: text('telephone_number').notNull(),
    photoUrl: text('photo_url'),
    contactableForSales: boolean('contactable_for_sales').notNull().default(false),
    contactableForLettings: boolean('contactable_for_lettings').notNull().default(false),
    position: integer('position').notNull().default(0),
    bio: text('bio').notNull().default(''),
    /** Hidden profiles stay for the back office (and the properties they look after) but are left off the site. */
    isShownOnSite: boolean('is_shown_on_site').notNull().default(true),
    version: integer('version').notNull().default(1),
  },
  (t) => [index('staff_members_branch_idx').on(t.branchId), index('staff_members_department_idx').on(t.departmentId)],
);
