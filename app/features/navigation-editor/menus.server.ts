/**
 * Reading and changing the site's menus. Every change names the menu's version it was made from; inside one
 * transaction the menu is read, the change applied by the pure tree operations, the version raised only if it is
 * still the one named (one statement, so of two changes from the same version exactly one wins, on any number of
 * instances), the rows written and the change audited with the menu before and after. Then the `site` tag is
 * announced: every page carries the header, and `getSiteChrome`'s memo listens for it.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { menuItems, menuVersions } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { announcePageChange } from '../../lib/page-cache-bus.server.ts';
import { recordAudit, type AuditEntry } from '../staff/index.server.ts';
import { parseMenuLink } from './menu-links.ts';
import { MAX_MENU_LINKS, MENU_MESSAGES, type MenuLinkInput, type MenuMoveInput } from './menu-model.ts';
import {
  applyTreeOperation,
  buildTree,
  findNode,
  flattenTree,
  MENU_DEPTH,
  type MenuName,
  type MenuNode,
  type MenuRow,
  type TreeOperation,
} from './menu-tree.ts';
import { missingPageMessage } from './site-pages.server.ts';

export type MenuForEditor = { menu: MenuName; version: number; tree: MenuNode[] };

async function readRows(db: Database, menu: MenuName): Promise<MenuRow[]> {
  return db
    .select({
      id: menuItems.id,
      parentId: menuItems.parentId,
      position: menuItems.position,
      name: menuItems.name,
      url: menuItems.url,
      target: menuItems.target,
    })
    .from(menuItems)
    .where(eq(menuItems.menu, menu));
}

/** A menu without a version row (a fresh or re-seeded site) is at version 1. */
async function readVersion(db: Database, menu: MenuName): Promise<number> {
  const [row] = await db
    .select({ version: menuVersions.version })
    .from(menuVersions)
    .where(eq(menuVersions.menu, menu))
    .limit(1);
  return row?.version ?? 1;
}

export async function getMenuForEditor(db: Database, menu: MenuName): Promise<MenuForEditor> {
  const [version, rows] = await Promise.all([readVersion(db, menu), readRows(db, menu)]);
  return { menu, version, tree: buildTree(rows) };
}

/** Raises the version if it is still `from`; false when another change got there first. */
async function claimVersion(db: Database, menu: MenuName, from: number): Promise<number | null> {
  const now = new Date();
  const [updated] = await db
    .update(menuVersions)
    .set({ version: from + 1, updatedAt: now })
    .where(and(eq(menuVersions.menu, menu), eq(menuVersions.version, from)))
    .returning({ version: menuVersions.version });
  if (updated) return updated.version;
  if (from !== 1) return null;
  const [inserted] = await db
    .insert(menuVersions)
    .values({ menu, version: 2, updatedAt: now })
    .onConflictDoNothing()
    .returning({ version: menuVersions.version });
  return inserted?.version ?? null;
}

/** The menu as the audit log keeps it: links by name and address, sub-links under their parent. */
type Outline = { name: string; url: string; newTab?: true; links?: Outline }[];
function outlineOf(tree: MenuNode[]): Outline {
  return tree.map((node) => ({
    name: node.name,
    url: node.url,
    ...(node.target === 'B' ? { newTab: true as const } : {}),
    ...(node.children.length > 0 ? { links: outlineOf(node.children) } : {}),
  }));
}

/** Writes the changed rows only, so ids (and the editor's links to them) stay as they were. */
async function writeTree(
  db: Database,
  menu: MenuName,
  before: MenuRow[],
  tree: MenuNode[],
): Promise<Map<number, number>> {
  const old = new Map(before.map((row) => [row.id, row]));
  const newIds = new Map<number, number>();
  const rows = flattenTree(tree);
  const kept = new Set(rows.map((row) => row.id));
  const gone = before.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (gone.length > 0) await db.delete(menuItems).where(and(eq(menuItems.menu, menu), inArray(menuItems.id, gone)));
  for (const row of rows) {
    const parentId = row.parentId !== null && row.parentId < 0 ? (newIds.get(row.parentId) ?? null) : row.parentId;
    if (row.id < 0) {
      const [inserted] = await db
        .insert(menuItems)
        .values({ menu, parentId, position: row.position, name: row.name, url: row.url, target: row.target })
        .returning({ id: menuItems.id });
      newIds.set(row.id, inserted!.id);
      continue;
    }
    const was = old.get(row.id)!;
    if (
      was.parentId === parentId &&
      was.position === row.position &&
      was.name === row.name &&
      was.url === row.url &&
      was.target === row.target
    )
      continue;
    await db
      .update(menuItems)
      .set({ parentId, position: row.position, name: row.name, url: row.url, target: row.target })
      .where(and(eq(menuItems.id, row.id), eq(menuItems.menu, menu)));
  }
  return newIds;
}

export type MenuChange = { kind: 'link'; input: MenuLinkInput } | { kind: 'move'; input: MenuMoveInput };

export type MenuChangeOutcome =
  | { status: 'saved'; itemId: number; name: string; version: number }
  | { status: 'conflict' }
  | { status: 'refused'; field: 'form' | 'url'; message: string };

type Actor = Omit<AuditEntry, 'action' | 'details' | 'target'>;

const NEW_ITEM_ID = -1;

function operationOf(change: MenuChange): TreeOperation {
  if (change.kind === 'link') {
    const fields = { name: change.input.name, url: change.input.url, target: change.input.newTab };
    return change.input.itemId === null
      ? { op: 'add', newId: NEW_ITEM_ID, parentId: change.input.parentId, fields }
      : { op: 'edit', itemId: change.input.itemId, fields };
  }
  const { intent, itemId, parentId, index } = change.input;
  return intent === 'move' ? { op: 'move', itemId, parentId, index: index ?? 0 } : { op: intent, itemId };
}

export async function changeMenu(db: Database, change: MenuChange, actor: Actor): Promise<MenuChangeOutcome> {
  const { menu, version } = change.input;
  if (change.kind === 'link') {
    const parsed = parseMenuLink(change.input.url);
    if (!parsed.ok) return { status: 'refused', field: 'url', message: parsed.message };
    const missing = await missingPageMessage(db, parsed.link);
    if (missing) return { status: 'refused', field: 'url', message: missing };
  }
  const operation = operationOf(change);
  const outcome = await db.transaction(async (tx): Promise<MenuChangeOutcome> => {
    const rows = await readRows(tx, menu);
    const tree = buildTree(rows);
    if ((await readVersion(tx, menu)) !== version) return { status: 'conflict' };
    if (operation.op === 'add' && rows.length >= MAX_MENU_LINKS)
      return { status: 'refused', field: 'form', message: MENU_MESSAGES.tooMany };
    const applied = applyTreeOperation(tree, operation, MENU_DEPTH[menu]);
    if (!applied.ok) return { status: 'refused', field: 'form', message: applied.message };
    const saved = await claimVersion(tx, menu, version);
    if (saved === null) return { status: 'conflict' };
    const newIds = await writeTree(tx, menu, rows, applied.tree);
    const itemId = operation.op === 'add' ? newIds.get(NEW_ITEM_ID)! : operation.itemId;
    const name = (findNode(applied.tree, operation.op === 'add' ? NEW_ITEM_ID : itemId) ?? findNode(tree, itemId))!
      .name;
    await recordAudit(tx, {
      ...actor,
      action: 'menu.changed',
      target: `menu:${menu}`,
      details: {
        change: operation.op,
        link: { id: itemId, name },
        before: outlineOf(tree),
        after: outlineOf(applied.tree),
        version: saved,
      },
    });
    return { status: 'saved', itemId, name, version: saved };
  });
  if (outcome.status === 'saved') announcePageChange(db, ['site']);
  return outcome;
}
