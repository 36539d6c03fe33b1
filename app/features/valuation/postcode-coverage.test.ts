import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COVERAGE_ENTRY, coveringBranch, entryCovers } from './postcode-coverage.ts';

const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPRSTUWYZ');
const area = fc.oneof(
  letter,
  fc.tuple(letter, letter).map(([a, b]) => a + b),
);
/** A real-shaped outcode: area, a district number, maybe a digit or a letter after it. */
const outcode = fc
  .tuple(area, fc.integer({ min: 0, max: 9 }), fc.oneof(fc.constant(''), letter, fc.constantFrom(...'0123456789')))
  .map(([a, n, tail]) => `${a}${n}${tail}`);

describe('entryCovers', () => {
  it.each([
    ['SW1A', 'SW1A', true],
    ['SW1', 'SW1A', true],
    ['SW', 'SW1A', true],
    ['BA1', 'BA1', true],
    ['BA1', 'BA10', false],
    ['BA1', 'BA2', false],
    ['B', 'BA1', false],
    ['B', 'B15', true],
    ['BA', 'B1', false],
    ['SW1A', 'SW1', false],
    ['SW1E', 'SW1A', false],
  ])('%s covers %s: %s', (entry, code, expected) => {
    expect(entryCovers(entry, code)).toBe(expected);
  });

  it('every outcode is covered by itself and by its area, and every entry has the valid shape', () => {
    fc.assert(
      fc.property(outcode, (code) => {
        const codeArea = /^[A-Z]+/.exec(code)![0];
        expect(COVERAGE_ENTRY.test(code)).toBe(true);
        expect(entryCovers(code, code)).toBe(true);
        expect(entryCovers(codeArea, code)).toBe(true);
      }),
    );
  });

  it('no entry covers an outcode of another area', () => {
    fc.assert(
      fc.property(outcode, outcode, (entry, code) => {
        const areaOf = (value: string) => /^[A-Z]+/.exec(value)![0];
        fc.pre(areaOf(entry) !== areaOf(code));
        expect(entryCovers(entry, code)).toBe(false);
        expect(entryCovers(areaOf(entry), code)).toBe(false);
      }),
    );
  });
});

describe('coveringBranch', () => {
  it('gives the longest covering entry, whichever branch lists it and in whatever order', () => {
    const branches = [
      { id: 1, districts: ['SW'] },
      { id: 2, districts: ['SW1A', 'EC1'] },
      { id: 3, districts: ['SW1'] },
    ];
    expect(coveringBranch('SW1A', branches)?.id).toBe(2);
    expect(coveringBranch('sw1e', branches)?.id).toBe(3);
    expect(coveringBranch('SW19', branches)?.id).toBe(1);
    expect(coveringBranch('EC1', branches)?.id).toBe(2);
    expect(coveringBranch('EC1A', branches)?.id).toBe(2);
    expect(coveringBranch('EC10', branches)).toBeUndefined();
    expect(coveringBranch('N1', branches)).toBeUndefined();
  });

  it('the most specific entry wins and ties go to the lowest id (property)', () => {
    const entries = fc.array(fc.oneof(outcode, area), { maxLength: 6 });
    const branchList = fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 50 }), districts: entries }), {
      selector: (branch) => branch.id,
      maxLength: 6,
    });
    fc.assert(
      fc.property(outcode, branchList, (code, branches) => {
        const found = coveringBranch(code, branches);
        const covering = branches.flatMap((branch) =>
          branch.districts.filter((entry) => entryCovers(entry, code)).map((entry) => ({ branch, entry })),
        );
        if (covering.length === 0) {
          expect(found).toBeUndefined();
          return;
        }
        const longest = Math.max(...covering.map(({ entry }) => entry.length));
        const lowestId = Math.min(...covering.filter(({ entry }) => entry.length === longest).map((c) => c.branch.id));
        expect(found?.id).toBe(lowestId);
        // Shuffling the branches changes nothing.
        expect(coveringBranch(code, [...branches].reverse())?.id).toBe(lowestId);
      }),
    );
  });
});
