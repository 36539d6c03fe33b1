/**
 * Reading and saving the settings forms other than the colours: agency details and email sender, company and legal
 * details, the spec's theme settings, analytics codes and lead routing. Each save names the version its form was
 * loaded with and, in one transaction, updates the settings row only at that version (so of two saves from the
 * same version exactly one wins, on any number of instances), records before/after in the audit log and, once
 * committed, announces the change so every instance's cached pages and settings memo are dropped at once.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  branches,
  leadRoutingRules,
  siteSettings,
  staffAccountBranches,
  staffAccounts,
  type ThemeSettings,
} from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { getEnv } from '../../lib/env.server.ts';
import { announcePageChange } from '../../lib/page-cache-bus.server.ts';
import { recordAudit, type AuditEntry } from '../staff/index.server.ts';
import { DEFAULT_THEME } from '../site/index.server.ts';
import {
  legalFormFields,
  ROUTABLE_LEAD_KINDS,
  ROUTING_MESSAGES,
  routingRulesOf,
  siteOptionsFields,
  OPTION_MESSAGES,
  type AgencyDetailsInput,
  type AnalyticsInput,
  type LeadRoutingInput,
  type LegalSettingsInput,
  type SiteOptionsInput,
} from './settings-model.ts';

export type SettingsActor = Omit<AuditEntry, 'action' | 'details' | 'target'>;
type SettingsRow = typeof siteSettings.$inferSelect;
type FieldError = { field: string; message: string };

export type SettingsSaveOutcome =
  | { status: 'saved'; version: number }
  | { status: 'conflict' }
  | { status: 'missing' }
  | { status: 'invalid'; errors: FieldError[] };

/** The form's fields as the page fills them, with the version a save must name; null before the site is set up. */
export type SettingsForm<Extra = object> = { version: number; fields: Record<string, string> } & Extra;

async function readSettings(db: Database, options: { isLocked?: boolean } = {}): Promise<SettingsRow | null> {
  const query = db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  const [row] = options.isLocked ? await query.for('update') : await query;
  return row ?? null;
}

/** The settings forms besides the colours, each with its own version. */
export type SettingsSection = 'agency' | 'legal' | 'options' | 'analytics' | 'lead-routing' | 'branding';

function sectionVersion(row: SettingsRow, section: SettingsSection): number {
  const version = row.sectionVersions?.[section];
  return typeof version === 'number' && Number.isInteger(version) && version > 0 ? version : 1;
}

function themeOf(row: SettingsRow): ThemeSettings {
  return {
    ...DEFAULT_THEME,
    ...row.theme,
    preferences: { ...DEFAULT_THEME.preferences, ...(row.theme?.preferences ?? {}) },
  };
}

/** Only what changed, before and after. */
function difference(before: Record<string, unknown>, after: Record<string, unknown>) {
  const from: Record<string, unknown> = {};
  const to: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    from[key] = before[key] ?? null;
    to[key] = after[key] ?? null;
  }
  return { from, to, isChanged: Object.keys(to).length > 0 };
}

type Change = {
  set: Partial<typeof siteSettings.$inferInsert>;
  action: AuditEntry['action'];
  target: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** Writes beside the settings row, in the same transaction (the routing rules). */
  alsoWrite?: (tx: Database) => Promise<void>;
};

/**
 * The one save path. The row is locked for the transaction, so two saves of different forms (which may both
 * rewrite the theme jsonb) run one after the other instead of one losing the other's change; the form's own version
 * must still be the one it was loaded with, so of two saves of the same form from the same version one is refused.
 */
export async function saveChange(
  db: Database,
  section: SettingsSection,
  version: number,
  actor: SettingsActor,
  changeOf: (row: SettingsRow) => Change,
): Promise<SettingsSaveOutcome> {
  const outcome = await db.transaction(async (transaction): Promise<SettingsSaveOutcome> => {
    const tx = transaction as unknown as Database;
    const row = await readSettings(tx, { isLocked: true });
    if (!row) return { status: 'missing' };
    if (sectionVersion(row, section) !== version) return { status: 'conflict' };
    const change = changeOf(row);
    const saved = version + 1;
    await tx
      .update(siteSettings)
      .set({ ...change.set, sectionVersions: { ...row.sectionVersions, [section]: saved }, updatedAt: new Date() })
      .where(eq(siteSettings.id, 1));
    await change.alsoWrite?.(tx);
    const { from, to, isChanged } = difference(change.before, change.after);
    if (isChanged) {
      await recordAudit(tx, {
        ...actor,
        action: change.action,
        target: change.target,
        details: { from, to, version: saved },
      });
    }
    return { status: 'saved', version: saved };
  });
  if (outcome.status === 'saved') announcePageChange(db, ['site']);
  return outcome;
}

/** The logo and favicon as the branding page shows them, with the form's version. */
export async function readBrandingRow(
  db: Database,
): Promise<SettingsForm<{ logoUrl: string; faviconUrl: string | null }> | null> {
  const row = await readSettings(db);
  return row
    ? { version: sectionVersion(row, 'branding'), fields: {}, logoUrl: row.logoUrl, faviconUrl: row.faviconUrl }
    : null;
}

/* ---------------------------------------------------------------- agency details and email sender */

function agencyFields(row: SettingsRow): Record<string, string> {
  return {
    agencyName: row.agencyName,
    agencyEmail: row.agencyEmail,
    agencyContactTelephone: row.agencyContactTelephone,
    mailFromName: row.mailFromName ?? '',
    mailFromAddress: row.mailFromAddress ?? '',
  };
}

export async function getAgencyDetailsForm(db: Database): Promise<SettingsForm<{ environmentFrom: string }> | null> {
  const row = await readSettings(db);
  return row
    ? { version: sectionVersion(row, 'agency'), fields: agencyFields(row), environmentFrom: getEnv().MAIL_FROM }
    : null;
}

export function saveAgencyDetails(db: Database, input: AgencyDetailsInput, actor: SettingsActor) {
  return saveChange(db, 'agency', input.version, actor, (row) => {
    const set = {
      agencyName: input.agencyName,
      agencyEmail: input.agencyEmail,
      agencyContactTelephone: input.agencyContactTelephone,
      mailFromName: input.mailFromName,
      mailFromAddress: input.mailFromAddress,
    };
    return {
      set,
      action: 'settings.agency-changed',
      target: 'Agency details and email sender',
      before: agencyFields(row),
      after: agencyFields({ ...row, ...set }),
    };
  });
}

/* ---------------------------------------------------------------- company and legal details */

export async function getLegalForm(db: Database): Promise<SettingsForm<{ isEntered: boolean }> | null> {
  const row = await readSettings(db);
  return row
    ? { version: sectionVersion(row, 'legal'), fields: legalFormFields(row.legal), isEntered: row.legal !== null }
    : null;
}

/**
 * The addresses the legal footer links to, as the footer shows them (the defaults until the agency sets its own):
 * the fee lists, complaints, privacy and cookies pages and the client money protection certificate.
 */
export async function legalFooterPaths(db: Database): Promise<string[]> {
  const fields = legalFormFields((await readSettings(db))?.legal ?? null);
  return [
    fields.complaintsPage,
    fields.landlordFeesPage,
    fields.tenantFeesPage,
    fields.privacyPage,
    fields.cookiesPage,
    fields.clientMoneyCertificateUrl,
  ].filter((path): path is string => typeof path === 'string' && path !== '');
}

export function saveLegalSettings(db: Database, input: LegalSettingsInput, actor: SettingsActor) {
  const { version, ...legal } = input;
  return saveChange(db, 'legal', version, actor, (row) => ({
    set: { legal },
    action: 'settings.legal-changed',
    target: 'Company and legal details',
    before: legalFormFields(row.legal),
    after: legalFormFields(legal),
  }));
}

/* ---------------------------------------------------------------- the spec's theme settings */

function isRecaptchaSecretSet(): boolean {
  return Boolean(getEnv().RECAPTCHA_SECRET_KEY);
}

export async function getSiteOptionsForm(db: Database): Promise<SettingsForm<{ hasRecaptchaSecret: boolean }> | null> {
  const row = await readSettings(db);
  return row
    ? {
        version: sectionVersion(row, 'options'),
        fields: siteOptionsFields(themeOf(row)),
        hasRecaptchaSecret: isRecaptchaSecretSet(),
      }
    : null;
}

export async function saveSiteOptions(db: Database, input: SiteOptionsInput, actor: SettingsActor) {
  // The secret key is the server's own (never stored, never shown): reCAPTCHA without it would check nothing.
  if (input.spamProtectionVersion.startsWith('recaptcha') && !isRecaptchaSecretSet()) {
    return {
      status: 'invalid',
      errors: [{ field: 'spamProtectionVersion', message: OPTION_MESSAGES.recaptchaNeedsSecret }],
    } satisfies SettingsSaveOutcome;
  }
  return saveChange(db, 'options', input.version, actor, (row) => {
    const before = themeOf(row);
    const theme: ThemeSettings = {
      ...before,
      valuationSingleStep: input.valuationSteps === 'single',
      spamProtectionVersion: input.spamProtectionVersion,
      recaptchaSiteKey: input.botCheckSiteKey,
      calendarPageSize: input.calendarPageSize,
      interestRateDefault: input.interestRateDefault,
      headerDesktopLogoDimensions: input.headerDesktopLogoDimensions,
      headerMobileLogoDimensions: input.headerMobileLogoDimensions,
      navbarLogoPosition: input.navbarLogoPosition,
      splitNavigationMenuItemsEqually: input.splitNavigationMenuItemsEqually,
      mobileHeaderContactLink: input.mobileHeaderContactLink,
      mortgageGuideUrl: input.mortgageGuideUrl,
      preferences: { ...before.preferences, defaultSearchStatus: input.defaultSearchStatus },
    };
    return {
      set: { theme },
      action: 'settings.options-changed',
      target: 'Site options',
      before: siteOptionsFields(before),
      after: siteOptionsFields(theme),
    };
  });
}

/* ---------------------------------------------------------------- analytics codes */

export async function getAnalyticsForm(db: Database): Promise<SettingsForm | null> {
  const row = await readSettings(db);
  return row
    ? {
        version: sectionVersion(row, 'analytics'),
        fields: { headAnalyticsCode: row.headAnalyticsCode, analyticsCode: row.analyticsCode },
      }
    : null;
}

export function saveAnalytics(db: Database, input: AnalyticsInput, actor: SettingsActor) {
  return saveChange(db, 'analytics', input.version, actor, (row) => ({
    set: { headAnalyticsCode: input.headAnalyticsCode, analyticsCode: input.analyticsCode },
    action: 'settings.analytics-changed',
    target: 'Analytics codes',
    before: { headAnalyticsCode: row.headAnalyticsCode, analyticsCode: row.analyticsCode },
    after: { headAnalyticsCode: input.headAnalyticsCode, analyticsCode: input.analyticsCode },
  }));
}

/* ---------------------------------------------------------------- lead routing */

export type RoutingChoices = {
  branches: { id: number; name: string }[];
  /** Active staff who work leads (editors never do), with the branches they cover (owners: every branch). */
  staff: { id: number; name: string; role: 'owner' | 'manager' | 'negotiator'; branchIds: number[] }[];
};

async function listRoutingChoices(db: Database): Promise<RoutingChoices> {
  const branchRows = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .orderBy(asc(branches.name), asc(branches.id));
  const staffRows = await db
    .select({ id: staffAccounts.id, name: staffAccounts.name, role: staffAccounts.role })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.isActive, true), inArray(staffAccounts.role, ['owner', 'manager', 'negotiator'])))
    .orderBy(asc(staffAccounts.name), asc(staffAccounts.id));
  const links =
    staffRows.length === 0
      ? []
      : await db
          .select({ staffId: staffAccountBranches.staffId, branchId: staffAccountBranches.branchId })
          .from(staffAccountBranches)
          .where(
            inArray(
              staffAccountBranches.staffId,
              staffRows.map((member) => member.id),
            ),
          );
  return {
    branches: branchRows,
    staff: staffRows.map((member) => ({
      id: member.id,
      name: member.name,
      role: member.role as 'owner' | 'manager' | 'negotiator',
      branchIds: links.filter((link) => link.staffId === member.id).map((link) => link.branchId),
    })),
  };
}

async function readRoutingFields(db: Database): Promise<Record<string, string>> {
  const rules = await db.select().from(leadRoutingRules);
  const fields: Record<string, string> = {};
  for (const { kind } of ROUTABLE_LEAD_KINDS) {
    const rule = rules.find((candidate) => candidate.kind === kind);
    fields[`branch_${kind}`] = rule?.branchId ? String(rule.branchId) : '';
    fields[`staff_${kind}`] = rule?.staffAccountId ? String(rule.staffAccountId) : '';
  }
  return fields;
}

export async function getLeadRoutingForm(db: Database): Promise<SettingsForm<RoutingChoices> | null> {
  const row = await readSettings(db);
  if (!row) return null;
  return {
    version: sectionVersion(row, 'lead-routing'),
    fields: await readRoutingFields(db),
    ...(await listRoutingChoices(db)),
  };
}

/** Refuses a branch or person not on the lists, and a manager or negotiator sent another branch's leads. */
function routingErrors(input: LeadRoutingInput, choices: RoutingChoices): FieldError[] {
  const errors: FieldError[] = [];
  for (const rule of routingRulesOf(input)) {
    const isKnownBranch = rule.branchId === null || choices.branches.some((branch) => branch.id === rule.branchId);
    if (!isKnownBranch) errors.push({ field: `branch_${rule.kind}`, message: ROUTING_MESSAGES.branch });
    if (rule.staffAccountId === null) continue;
    const member = choices.staff.find((candidate) => candidate.id === rule.staffAccountId);
    if (!member) errors.push({ field: `staff_${rule.kind}`, message: ROUTING_MESSAGES.staff });
    else if (
      isKnownBranch &&
      member.role !== 'owner' &&
      rule.branchId !== null &&
      !member.branchIds.includes(rule.branchId)
    ) {
      errors.push({ field: `staff_${rule.kind}`, message: ROUTING_MESSAGES.staffNotInBranch });
    }
  }
  return errors;
}

export async function saveLeadRouting(
  db: Database,
  input: LeadRoutingInput,
  actor: SettingsActor,
): Promise<SettingsSaveOutcome> {
  const errors = routingErrors(input, await listRoutingChoices(db));
  if (errors.length > 0) return { status: 'invalid', errors };
  const before = await readRoutingFields(db);
  const rules = routingRulesOf(input);
  const after = Object.fromEntries(
    ROUTABLE_LEAD_KINDS.flatMap(({ kind }) => [
      [`branch_${kind}`, input[`branch_${kind}`] === null ? '' : String(input[`branch_${kind}`])],
      [`staff_${kind}`, input[`staff_${kind}`] === null ? '' : String(input[`staff_${kind}`])],
    ]),
  );
  return saveChange(db, 'lead-routing', input.version, actor, () => ({
    set: {},
    action: 'settings.lead-routing-changed',
    target: 'Lead routing',
    before,
    after,
    async alsoWrite(tx) {
      await tx.delete(leadRoutingRules);
      if (rules.length > 0) await tx.insert(leadRoutingRules).values(rules);
    },
  }));
}
