/**
 * Reading and saving the theme colours. A save names the version it was made from; the update only applies to that
 * version (one statement, so two instances cannot both win), raises it, records before/after in the audit log and
 * announces the change, so every instance's cached pages and settings memo are dropped at once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { siteSettings, type ThemeSettings } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { announcePageChange } from '../../lib/page-cache-bus.server.ts';
import { recordAudit, type AuditEntry } from '../staff/index.server.ts';
import { themeColours } from '../site/index.ts';
import { normaliseHex } from './colour-contrast.ts';
import { EDITABLE_COLOURS, type EditableColourName, type ThemeColoursInput } from './settings-model.ts';

export type ThemeColoursForm = { version: number; colours: Record<EditableColourName, string> };

function paletteOf(theme: ThemeSettings | null | undefined): Record<EditableColourName, string> {
  const palette = themeColours(theme ? { ...theme, preferences: theme.preferences ?? {} } : null);
  return Object.fromEntries(
    EDITABLE_COLOURS.map((name) => [name, normaliseHex(palette[name]) ?? palette[name]]),
  ) as Record<EditableColourName, string>;
}

/** The colours as the site shows them now, with the version a save must name; null before the site is set up. */
export async function getThemeColoursForm(db: Database): Promise<ThemeColoursForm | null> {
  const [row] = await db
    .select({ theme: siteSettings.theme, version: siteSettings.version })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .limit(1);
  return row ? { version: row.version, colours: paletteOf(row.theme) } : null;
}

export type SaveOutcome = { status: 'saved'; version: number } | { status: 'conflict' } | { status: 'missing' };

export async function saveThemeColours(
  db: Database,
  input: ThemeColoursInput,
  actor: Omit<AuditEntry, 'action' | 'details' | 'target'>,
): Promise<SaveOutcome> {
  // The row is locked for the transaction: another settings form also rewrites the theme, and must not interleave.
  const outcome = await db.transaction(async (transaction): Promise<SaveOutcome> => {
    const tx = transaction as unknown as Database;
    const [row] = await tx
      .select({ theme: siteSettings.theme, version: siteSettings.version })
      .from(siteSettings)
      .where(eq(siteSettings.id, 1))
      .limit(1)
      .for('update');
    if (!row) return { status: 'missing' };
    if (row.version !== input.version) return { status: 'conflict' };
    const before = paletteOf(row.theme);
    const colours = Object.fromEntries(EDITABLE_COLOURS.map((name) => [name, input[name]])) as Record<
      EditableColourName,
      string
    >;
    const theme: ThemeSettings = {
      ...row.theme,
      colours,
      // Error and success also live in the preferences the spec names (toasts and messages read them there).
      preferences: { ...row.theme.preferences, errorColour: colours.error, successColour: colours.success },
    };
    const updated = await tx
      .update(siteSettings)
      .set({ theme, version: sql`${siteSettings.version} + 1`, updatedAt: new Date() })
      .where(and(eq(siteSettings.id, 1), eq(siteSettings.version, input.version)))
      .returning({ version: siteSettings.version });
    const saved = updated[0];
    if (!saved) return { status: 'conflict' };
    const changed = EDITABLE_COLOURS.filter((name) => before[name] !== colours[name]);
    if (changed.length > 0) {
      await recordAudit(tx, {
        ...actor,
        action: 'settings.theme-changed',
        target: 'Theme colours',
        details: {
          from: Object.fromEntries(changed.map((name) => [name, before[name]])),
          to: Object.fromEntries(changed.map((name) => [name, colours[name]])),
          version: saved.version,
        },
      });
    }
    return { status: 'saved', version: saved.version };
  });
  if (outcome.status === 'saved') announcePageChange(db, ['site']);
  return outcome;
}
