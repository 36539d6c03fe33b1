/**
 * Reading and saving the home page's sections (one row, id = 1; no row is the default layout at version 1). A save
 * names the version it was made from and applies only to that version, in one statement, is audited with the
 * sections before and after, and announces the home page's tag so its cached page goes at once.
 */
import { and, eq } from 'drizzle-orm';
import { homePageLayouts } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { announcePageChange } from '../../lib/page-cache-bus.server.ts';
import { recordAudit, type AuditEntry } from '../staff/index.server.ts';
import {
  DEFAULT_HOME_LAYOUT,
  layoutAfterIntent,
  readStoredLayout,
  type HomeLayoutInput,
  type HomeSection,
} from './home-layout.ts';

const LAYOUT_ID = 1;

export type HomeLayout = { version: number; sections: HomeSection[] };

export async function getHomeLayout(db: Database): Promise<HomeLayout> {
  const [row] = await db
    .select({ sections: homePageLayouts.sections, version: homePageLayouts.version })
    .from(homePageLayouts)
    .where(eq(homePageLayouts.id, LAYOUT_ID))
    .limit(1);
  if (!row) return { version: 1, sections: [...DEFAULT_HOME_LAYOUT] };
  return { version: row.version, sections: readStoredLayout(row.sections) };
}

export type HomeSaveOutcome = { status: 'saved'; version: number } | { status: 'conflict' };

/** Only what changed, section by section, for the audit log. */
function changesBetween(before: HomeSection[], after: HomeSection[]) {
  const order = (list: HomeSection[]) => list.map((section) => section.kind);
  const changed = after.filter((section) => {
    const was = before.find((candidate) => candidate.kind === section.kind);
    return JSON.stringify(was) !== JSON.stringify(section);
  });
  return {
    from: {
      ...(order(before).join() !== order(after).join() ? { order: order(before) } : {}),
      sections: changed.map((section) => before.find((candidate) => candidate.kind === section.kind)),
    },
    to: {
      ...(order(before).join() !== order(after).join() ? { order: order(after) } : {}),
      sections: changed,
    },
  };
}

export async function saveHomeLayout(
  db: Database,
  input: HomeLayoutInput,
  actor: Omit<AuditEntry, 'action' | 'details' | 'target'>,
): Promise<HomeSaveOutcome> {
  const sections = layoutAfterIntent(input.sections, input.intent);
  const outcome = await db.transaction(async (tx): Promise<HomeSaveOutcome> => {
    const before = await getHomeLayout(tx);
    if (before.version !== input.version) return { status: 'conflict' };
    const now = new Date();
    const [updated] = await tx
      .update(homePageLayouts)
      .set({ sections, version: input.version + 1, updatedAt: now })
      .where(and(eq(homePageLayouts.id, LAYOUT_ID), eq(homePageLayouts.version, input.version)))
      .returning({ version: homePageLayouts.version });
    let saved = updated?.version ?? null;
    if (saved === null && input.version === 1) {
      const [inserted] = await tx
        .insert(homePageLayouts)
        .values({ id: LAYOUT_ID, sections, version: 2, updatedAt: now })
        .onConflictDoNothing()
        .returning({ version: homePageLayouts.version });
      saved = inserted?.version ?? null;
    }
    if (saved === null) return { status: 'conflict' };
    await recordAudit(tx, {
      ...actor,
      action: 'home-page.changed',
      target: 'Home page',
      details: { ...changesBetween(before.sections, sections), version: saved },
    });
    return { status: 'saved', version: saved };
  });
  if (outcome.status === 'saved') announcePageChange(db, ['home']);
  return outcome;
}
