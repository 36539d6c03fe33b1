/**
 * The menu editor's tree operations, pure: each takes the menu as it is and returns the menu after the change, or
 * a message saying why the change cannot be made. The server applies them inside the save's transaction, so the
 * same rules hold for the buttons, the keyboard and drag and drop.
 */
import type { MenuTarget } from '../../../db/schema/agency.ts';

export const MENU_NAMES = ['primary', 'secondary'] as const;
export type MenuName = (typeof MENU_NAMES)[number];

/**
 * How many levels each menu may have: the header shows primary items with one level of sub-items (spec point 2:
 * a 2-level tree); the home page's secondary menu is one flat row.
 */
export const MENU_DEPTH: Record<MenuName, number> = { primary: 2, secondary: 1 };

export type MenuNode = { id: number; name: string; url: string; target: MenuTarget; children: MenuNode[] };
type MenuLinkFields = { name: string; url: string; target: MenuTarget };

export type TreeOperation =
  | { op: 'up' | 'down' | 'indent' | 'outdent' | 'remove'; itemId: number }
  /** Drag and drop: put the item at `index` among the children of `parentId` (null: the top level). */
  | { op: 'move'; itemId: number; parentId: number | null; index: number }
  | { op: 'add'; newId: number; parentId: number | null; fields: MenuLinkFields }
  | { op: 'edit'; itemId: number; fields: MenuLinkFields };

export type TreeResult = { ok: true; tree: MenuNode[] } | { ok: false; message: string };

export const TREE_MESSAGES = {
  missing: 'That link is no longer in the menu: reload the page to see the menu as it is now',
  first: 'That link is already first',
  last: 'That link is already last',
  noPreviousSibling: 'Only a link with another link above it at the same level can be indented',
  tooDeep: (depth: number) =>
    depth === 1
      ? 'This menu has one level: its links cannot be nested'
      : `This menu has ${depth} levels: a link cannot be nested deeper, nor can a link with sub-links be nested`,
  topLevel: 'That link is already at the top level',
  intoItself: 'A link cannot be moved under itself',
  missingParent: 'The link to put it under is no longer in the menu: reload the page',
} as const;

type Place = { siblings: MenuNode[]; index: number; parent: MenuNode | null; depth: number };

function locate(tree: MenuNode[], id: number): Place | null {
  const walk = (siblings: MenuNode[], parent: MenuNode | null, depth: number): Place | null => {
    for (let index = 0; index < siblings.length; index++) {
      const node = siblings[index]!;
      if (node.id === id) return { siblings, index, parent, depth };
      const found = walk(node.children, node, depth + 1);
      if (found) return found;
    }
    return null;
  };
  return walk(tree, null, 1);
}

/** Levels below and including the node: 1 for a link without sub-links. */
function heightOf(node: MenuNode): number {
  return 1 + Math.max(0, ...node.children.map(heightOf));
}

function clone(tree: MenuNode[]): MenuNode[] {
  return tree.map((node) => ({ ...node, children: clone(node.children) }));
}

function contains(node: MenuNode, id: number): boolean {
  return node.id === id || node.children.some((child) => contains(child, id));
}

export function applyTreeOperation(tree: MenuNode[], operation: TreeOperation, maxDepth: number): TreeResult {
  const next = clone(tree);
  if (operation.op === 'add') {
    const node: MenuNode = { id: operation.newId, ...operation.fields, children: [] };
    if (operation.parentId === null) return { ok: true, tree: [...next, node] };
    const parent = locate(next, operation.parentId);
    if (!parent) return { ok: false, message: TREE_MESSAGES.missingParent };
    if (parent.depth + 1 > maxDepth) return { ok: false, message: TREE_MESSAGES.tooDeep(maxDepth) };
    parent.siblings[parent.index]!.children.push(node);
    return { ok: true, tree: next };
  }
  const place = locate(next, operation.itemId);
  if (!place) return { ok: false, message: TREE_MESSAGES.missing };
  const { siblings, index } = place;
  const node = siblings[index]!;
  switch (operation.op) {
    case 'edit':
      siblings[index] = { ...node, ...operation.fields };
      return { ok: true, tree: next };
    case 'remove':
      siblings.splice(index, 1);
      return { ok: true, tree: next };
    case 'up':
      if (index === 0) return { ok: false, message: TREE_MESSAGES.first };
      siblings.splice(index - 1, 2, node, siblings[index - 1]!);
      return { ok: true, tree: next };
    case 'down':
      if (index === siblings.length - 1) return { ok: false, message: TREE_MESSAGES.last };
      siblings.splice(index, 2, siblings[index + 1]!, node);
      return { ok: true, tree: next };
    case 'indent': {
      if (index === 0) return { ok: false, message: TREE_MESSAGES.noPreviousSibling };
      if (place.depth + heightOf(node) > maxDepth) return { ok: false, message: TREE_MESSAGES.tooDeep(maxDepth) };
      siblings.splice(index, 1);
      siblings[index - 1]!.children.push(node);
      return { ok: true, tree: next };
    }
    case 'outdent': {
      if (!place.parent) return { ok: false, message: TREE_MESSAGES.topLevel };
      const parentPlace = locate(next, place.parent.id)!;
      siblings.splice(index, 1);
      parentPlace.siblings.splice(parentPlace.index + 1, 0, node);
      return { ok: true, tree: next };
    }
    case 'move': {
      let target = next;
      let depth = 1;
      if (operation.parentId !== null) {
        if (contains(node, operation.parentId)) return { ok: false, message: TREE_MESSAGES.intoItself };
        const parentPlace = locate(next, operation.parentId);
        if (!parentPlace) return { ok: false, message: TREE_MESSAGES.missingParent };
        target = parentPlace.siblings[parentPlace.index]!.children;
        depth = parentPlace.depth + 1;
      }
      if (depth - 1 + heightOf(node) > maxDepth) return { ok: false, message: TREE_MESSAGES.tooDeep(maxDepth) };
      siblings.splice(index, 1);
      const at = Math.max(0, Math.min(operation.index, target.length));
      target.splice(at, 0, node);
      return { ok: true, tree: next };
    }
  }
}

/** Which moves the item's buttons offer (the same rules applyTreeOperation enforces). */
export function availableMoves(
  tree: MenuNode[],
  id: number,
  maxDepth: number,
): { up: boolean; down: boolean; indent: boolean; outdent: boolean } {
  const place = locate(tree, id);
  if (!place) return { up: false, down: false, indent: false, outdent: false };
  const node = place.siblings[place.index]!;
  return {
    up: place.index > 0,
    down: place.index < place.siblings.length - 1,
    indent: place.index > 0 && place.depth + heightOf(node) <= maxDepth,
    outdent: place.parent !== null,
  };
}

export type MenuRow = {
  id: number;
  parentId: number | null;
  position: number;
  name: string;
  url: string;
  target: MenuTarget;
};

/** The rows as stored: each node's parent and its place among its siblings. */
export function flattenTree(tree: MenuNode[]): MenuRow[] {
  const rows: MenuRow[] = [];
  const walk = (siblings: MenuNode[], parentId: number | null) =>
    siblings.forEach((node, position) => {
      rows.push({ id: node.id, parentId, position, name: node.name, url: node.url, target: node.target });
      walk(node.children, node.id);
    });
  walk(tree, null);
  return rows;
}

/**
 * The tree from stored rows (any order): siblings by position then id. A row whose parent is missing, or that sits
 * in a loop of parents, is shown at the top level rather than lost.
 */
export function buildTree(rows: readonly MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const row of rows)
    nodes.set(row.id, { id: row.id, name: row.name, url: row.url, target: row.target, children: [] });
  const ordered = [...rows].sort((a, b) => a.position - b.position || a.id - b.id);
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  const reachesRoot = (id: number): boolean => {
    const seen = new Set<number>();
    let current: number | null | undefined = id;
    while (current !== null && current !== undefined) {
      if (seen.has(current)) return false;
      seen.add(current);
      const parent = parentOf.get(current);
      if (parent !== null && parent !== undefined && !nodes.has(parent)) return false;
      current = parent;
    }
    return true;
  };
  const roots: MenuNode[] = [];
  for (const row of ordered) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent && reachesRoot(row.id)) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export function findNode(tree: MenuNode[], id: number): MenuNode | null {
  const place = locate(tree, id);
  return place ? place.siblings[place.index]! : null;
}

/** How many levels the tree has (0 when empty). */
export function treeDepth(tree: MenuNode[]): number {
  return Math.max(0, ...tree.map(heightOf));
}
