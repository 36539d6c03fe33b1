/**
 * Which branch covers a postcode for valuations, from the areas and districts each branch lists in the back office:
 * an area ('SW', every district whose letters are SW), a district ('SW1A', 'BA1') or a district without its final
 * letter ('SW1', which London splits into SW1A, SW1E, … SW1Y). The most specific entry wins (the longest): 'SW1A'
 * over 'SW1' over 'SW'. Entries are not plain string prefixes: 'BA1' is not 'BA10', and 'B' (Birmingham) is not
 * 'BA' (Bath). Equal entries on two branches go to the lower id, so the answer is stable.
 */

/** The shape of a valid entry: an area, a district, or a district without its final letter. */
export const COVERAGE_ENTRY = /^[A-Z]{1,2}(?:\d[A-Z\d]?)?$/;

/** Whether an entry covers an outcode (both upper case, no spaces). */
export function entryCovers(entry: string, outcode: string): boolean {
  if (entry === outcode) return true;
  const area = /^[A-Z]+/.exec(outcode)?.[0] ?? '';
  if (/^[A-Z]+$/.test(entry)) return entry === area;
  // 'SW1' covers 'SW1A': the district's number, then exactly one letter.
  return (
    /\d$/.test(entry) && outcode.length === entry.length + 1 && outcode.startsWith(entry) && /[A-Z]$/.test(outcode)
  );
}

/** The branch whose most specific entry covers the outcode; undefined when none does. */
export function coveringBranch<T extends { id: number; districts: readonly string[] }>(
  outcode: string,
  branches: readonly T[],
): T | undefined {
  const wanted = outcode.toUpperCase();
  let best: { branch: T; length: number } | undefined;
  for (const branch of branches) {
    for (const entry of branch.districts) {
      if (!entryCovers(entry, wanted)) continue;
      const isBetter =
        !best || entry.length > best.length || (entry.length === best.length && branch.id < best.branch.id);
      if (isBetter) best = { branch, length: entry.length };
    }
  }
  return best?.branch;
}
