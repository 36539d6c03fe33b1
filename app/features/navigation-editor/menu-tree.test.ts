import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyTreeOperation,
  availableMoves,
  buildTree,
  flattenTree,
  treeDepth,
  TREE_MESSAGES,
  type MenuNode,
  type TreeOperation,
} from './menu-tree.ts';

const link = (id: number, children: MenuNode[] = []): MenuNode => ({
  id,
  name: `Link ${id}`,
  url: `/page-${id}`,
  target: 'S',
  children,
});

/** Buy, Sell (Book, Instant), Let, About (Branches). */
const menu = (): MenuNode[] => [link(1), link(2, [link(3), link(4)]), link(5), link(6, [link(7)])];

function shape(tree: MenuNode[]): unknown {
  return tree.map((node) => (node.children.length ? [node.id, shape(node.children)] : node.id));
}

function apply(tree: MenuNode[], operation: TreeOperation, depth = 2): MenuNode[] {
  const result = applyTreeOperation(tree, operation, depth);
  if (!result.ok) throw new Error(result.message);
  return result.tree;
}

function ids(tree: MenuNode[]): number[] {
  return flattenTree(tree)
    .map((row) => row.id)
    .sort((a, b) => a - b);
}

describe('menu tree operations', () => {
  it('moves a link up and down among its siblings', () => {
    expect(shape(apply(menu(), { op: 'up', itemId: 5 }))).toEqual([1, 5, [2, [3, 4]], [6, [7]]]);
    expect(shape(apply(menu(), { op: 'down', itemId: 3 }))).toEqual([1, [2, [4, 3]], 5, [6, [7]]]);
  });

  it('refuses to move the first link up or the last one down', () => {
    expect(applyTreeOperation(menu(), { op: 'up', itemId: 1 }, 2)).toEqual({ ok: false, message: TREE_MESSAGES.first });
    expect(applyTreeOperation(menu(), { op: 'down', itemId: 4 }, 2)).toEqual({
      ok: false,
      message: TREE_MESSAGES.last,
    });
  });

  it('indents a link under the one above it, and outdents it back after its parent', () => {
    const indented = apply(menu(), { op: 'indent', itemId: 5 });
    expect(shape(indented)).toEqual([1, [2, [3, 4, 5]], [6, [7]]]);
    expect(shape(apply(indented, { op: 'outdent', itemId: 5 }))).toEqual([1, [2, [3, 4]], 5, [6, [7]]]);
  });

  it('never nests deeper than the menu allows', () => {
    // 3 is already a sub-link: indenting it under 2's other child would make a third level.
    expect(applyTreeOperation(menu(), { op: 'indent', itemId: 4 }, 2)).toEqual({
      ok: false,
      message: TREE_MESSAGES.tooDeep(2),
    });
    // A link with sub-links cannot become a sub-link.
    expect(applyTreeOperation(menu(), { op: 'indent', itemId: 6 }, 2).ok).toBe(false);
    // The secondary menu is flat.
    expect(applyTreeOperation(menu(), { op: 'indent', itemId: 5 }, 1)).toEqual({
      ok: false,
      message: TREE_MESSAGES.tooDeep(1),
    });
    expect(applyTreeOperation(menu(), { op: 'add', newId: -1, parentId: 1, fields: link(0) }, 1).ok).toBe(false);
  });

  it('refuses to outdent a top-level link or move a link under itself', () => {
    expect(applyTreeOperation(menu(), { op: 'outdent', itemId: 1 }, 2)).toEqual({
      ok: false,
      message: TREE_MESSAGES.topLevel,
    });
    expect(applyTreeOperation(menu(), { op: 'move', itemId: 2, parentId: 3, index: 0 }, 3)).toEqual({
      ok: false,
      message: TREE_MESSAGES.intoItself,
    });
  });

  it('moves a link anywhere by drag and drop, within the depth', () => {
    expect(shape(apply(menu(), { op: 'move', itemId: 7, parentId: null, index: 0 }))).toEqual([
      7,
      1,
      [2, [3, 4]],
      5,
      6,
    ]);
    expect(shape(apply(menu(), { op: 'move', itemId: 1, parentId: 2, index: 1 }))).toEqual([
      [2, [3, 1, 4]],
      5,
      [6, [7]],
    ]);
    expect(applyTreeOperation(menu(), { op: 'move', itemId: 2, parentId: 6, index: 0 }, 2).ok).toBe(false);
  });

  it('adds, edits and removes (with its sub-links)', () => {
    const added = apply(menu(), {
      op: 'add',
      newId: -1,
      parentId: 6,
      fields: { name: 'Careers', url: '/careers', target: 'B' },
    });
    expect(shape(added)).toEqual([1, [2, [3, 4]], 5, [6, [7, -1]]]);
    const edited = apply(added, { op: 'edit', itemId: -1, fields: { name: 'Jobs', url: '/careers', target: 'S' } });
    expect(edited[3]!.children[1]).toMatchObject({ name: 'Jobs', target: 'S' });
    expect(shape(apply(menu(), { op: 'remove', itemId: 2 }))).toEqual([1, 5, [6, [7]]]);
  });

  it('answers a link that is gone with a reload message and leaves the menu as it was', () => {
    const before = menu();
    expect(applyTreeOperation(before, { op: 'up', itemId: 99 }, 2)).toEqual({
      ok: false,
      message: TREE_MESSAGES.missing,
    });
    expect(before).toEqual(menu());
  });

  it('rebuilds stored rows in position order and keeps orphans at the top level', () => {
    const rows = flattenTree(menu()).reverse();
    expect(shape(buildTree(rows))).toEqual(shape(menu()));
    expect(
      shape(
        buildTree([
          { id: 1, parentId: 42, position: 0, name: 'a', url: '/', target: 'S' },
          { id: 2, parentId: 3, position: 1, name: 'b', url: '/', target: 'S' },
          { id: 3, parentId: 2, position: 2, name: 'c', url: '/', target: 'S' },
        ]),
      ),
    ).toEqual([1, 2, 3]);
  });

  it('offers only the moves that would succeed', () => {
    expect(availableMoves(menu(), 1, 2)).toEqual({ up: false, down: true, indent: false, outdent: false });
    expect(availableMoves(menu(), 5, 2)).toEqual({ up: true, down: true, indent: true, outdent: false });
    expect(availableMoves(menu(), 6, 2)).toEqual({ up: true, down: false, indent: false, outdent: false });
    expect(availableMoves(menu(), 4, 2)).toEqual({ up: true, down: false, indent: false, outdent: true });
  });
});

describe('any sequence of changes keeps a valid menu (property-based)', () => {
  const trees = (maxDepth: number) =>
    fc.array(fc.array(fc.constant(null), { maxLength: maxDepth > 1 ? 3 : 0 }), { maxLength: 6 }).map((parents) => {
      let id = 0;
      return parents.map((children) =>
        link(
          ++id,
          children.map(() => link(++id)),
        ),
      );
    });
  const operation = fc.oneof(
    fc.record({
      op: fc.constantFrom('up' as const, 'down' as const, 'indent' as const, 'outdent' as const, 'remove' as const),
      itemId: fc.integer({ min: 1, max: 25 }),
    }),
    fc.record({
      op: fc.constant('move' as const),
      itemId: fc.integer({ min: 1, max: 25 }),
      parentId: fc.option(fc.integer({ min: 1, max: 25 }), { nil: null }),
      index: fc.integer({ min: 0, max: 8 }),
    }),
    fc.record({
      op: fc.constant('add' as const),
      newId: fc.integer({ min: 100, max: 10_000 }),
      parentId: fc.option(fc.integer({ min: 1, max: 25 }), { nil: null }),
      fields: fc.constant({ name: 'New', url: '/search', target: 'S' as const }),
    }),
  );

  for (const maxDepth of [1, 2]) {
    it(`depth ${maxDepth}: no lost or doubled links, no level too deep, refusals change nothing`, () => {
      fc.assert(
        fc.property(trees(maxDepth), fc.array(operation, { maxLength: 25 }), (start, operations) => {
          let tree = start;
          for (const candidate of operations) {
            const before = ids(tree);
            // An added link's id is new to the tree.
            const change =
              candidate.op === 'add' && before.includes(candidate.newId)
                ? { ...candidate, newId: -before.length - 1 }
                : candidate;
            const result = applyTreeOperation(tree, change, maxDepth);
            if (!result.ok) {
              expect(ids(tree)).toEqual(before);
              continue;
            }
            const after = ids(result.tree);
            expect(new Set(after).size).toBe(after.length);
            expect(treeDepth(result.tree)).toBeLessThanOrEqual(maxDepth);
            if (change.op === 'add') expect(after).toEqual([...before, change.newId].sort((a, b) => a - b));
            else if (change.op === 'remove') expect(after.length).toBeLessThan(before.length);
            else expect(after).toEqual(before);
            // What is stored rebuilds into the same tree.
            expect(buildTree(flattenTree(result.tree))).toEqual(result.tree);
            tree = result.tree;
          }
        }),
        { numRuns: 300 },
      );
    });
  }

  it('moving a link up then down puts the menu back', () => {
    fc.assert(
      fc.property(trees(2), fc.integer({ min: 1, max: 25 }), (tree, id) => {
        const up = applyTreeOperation(tree, { op: 'up', itemId: id }, 2);
        if (!up.ok) return;
        const back = applyTreeOperation(up.tree, { op: 'down', itemId: id }, 2);
        expect(back.ok && back.tree).toEqual(tree);
      }),
    );
  });
});
