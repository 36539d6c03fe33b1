import { asc, eq } from 'drizzle-orm';
import { menuItems, siteSettings, type LegalSettings, type ThemeSettings } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { onPageChange } from '../../lib/page-cache-bus.server.ts';
import type { MenuItem } from './menus.ts';
import { DEFAULT_THEME_COLOURS } from './theme.ts';

export type { MenuItem };

export type SiteChrome = {
  agencyName: string;
  agencyEmail: string;
  agencyContactTelephone: string;
  logo: string;
  /** The agency's favicon, or null for the site's default icons. */
  favicon?: string | null;
  theme: ThemeSettings;
  primaryMenuItems: MenuItem[];
  secondaryMenuItems: MenuItem[];
  /** Company and regulatory details for the legal footer (null until the agency has entered them). */
  legal?: LegalSettings | null;
};

export const DEFAULT_THEME: ThemeSettings = {
  headerDesktopLogoDimensions: '220,60',
  headerMobileLogoDimensions: '160,44',
  splitNavigationMenuItemsEqually: false,
  navbarLogoPosition: 'centre',
  mobileHeaderContactLink: null,
  calendarPageSize: 12,
  interestRateDefault: 4.5,
  valuationSingleStep: false,
  spamProtectionVersion: 'altcha',
  mortgageGuideUrl: '/mortgages',
  preferences: {
    defaultSearchStatus: 'available',
    errorColour: DEFAULT_THEME_COLOURS.error,
    successColour: DEFAULT_THEME_COLOURS.success,
  },
};

/** Builds the menu tree (up to three levels) from flat rows ordered by position. */
export function buildMenuTree(
  rows: { id: number; parentId: number | null; name: string; url: string; target: 'S' | 'B' }[],
): MenuItem[] {
  const byId = new Map<number, MenuItem>();
  for (const row of rows) byId.set(row.id, { id: row.id, name: row.name, url: row.url, target: row.target, items: [] });
  const roots: MenuItem[] = [];
  for (const row of rows) {
    const item = byId.get(row.id);
    if (!item) continue;
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    if (parent) parent.items.push(item);
    else roots.push(item);
  }
  return roots;
}

let cache: { chrome: SiteChrome; at: number } | undefined;
/** Counts drops: a read that began before one must not store what it read. */
let generation = 0;
const CACHE_MS = 30_000;

// A settings or menu change is announced to every instance (NOTIFY on PostgreSQL): the memo goes with the cached
// pages, so the next page shows the change at once rather than up to CACHE_MS later.
onPageChange((tags) => {
  if (tags.includes('site') || tags.includes('*')) {
    cache = undefined;
    generation += 1;
  }
});

/** Header data and theme settings change rarely: cached briefly so pages do not query them every time. */
export async function getSiteChrome(db: Database): Promise<SiteChrome> {
  if (cache && Date.now() - cache.at < CACHE_MS) return cache.chrome;
  const readGeneration = generation;
  const [settings] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
  const rows = await db
    .select({
      id: menuItems.id,
      parentId: menuItems.parentId,
      name: menuItems.name,
      url: menuItems.url,
      target: menuItems.target,
      menu: menuItems.menu,
    })
    .from(menuItems)
    .orderBy(asc(menuItems.position), asc(menuItems.id));
  const chrome: SiteChrome = {
    agencyName: settings?.agencyName ?? 'Doorstep',
    agencyEmail: settings?.agencyEmail ?? '',
    agencyContactTelephone: settings?.agencyContactTelephone ?? '',
    logo: settings?.logoUrl ?? '',
    favicon: settings?.faviconUrl ?? null,
    theme: {
      ...DEFAULT_THEME,
      ...(settings?.theme ?? {}),
      preferences: { ...DEFAULT_THEME.preferences, ...(settings?.theme?.preferences ?? {}) },
    },
    primaryMenuItems: buildMenuTree(rows.filter((row) => row.menu === 'primary')),
    secondaryMenuItems: buildMenuTree(rows.filter((row) => row.menu === 'secondary')),
    legal: settings?.legal ?? null,
  };
  if (readGeneration === generation) cache = { chrome, at: Date.now() };
  return chrome;
}
