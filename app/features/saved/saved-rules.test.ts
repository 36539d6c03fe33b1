import { describe, expect, it } from 'vitest';
import { mergeSavedIds, parseSavedIds } from './saved-properties-store.ts';
import { SAVED_ITEM_LIMIT, alertFrequencySchema, propertyIdsSchema } from './saved-schemas.ts';

describe('saved properties merge on sign-in (spec point 4)', () => {
  it('keeps the server list and appends local-only items, which are the ones to push', () => {
    expect(mergeSavedIds([3, 1, 7], [1, 2])).toEqual({ merged: [1, 2, 3, 7], localOnly: [3, 7] });
    expect(mergeSavedIds([], [5])).toEqual({ merged: [5], localOnly: [] });
    expect(mergeSavedIds([5], [])).toEqual({ merged: [5], localOnly: [5] });
  });

  it('reads only positive whole ids from storage, once each', () => {
    expect(parseSavedIds('[1, 2, 2, "3", -1, 1.5, null]')).toEqual([1, 2]);
    expect(parseSavedIds('not json')).toEqual([]);
    expect(parseSavedIds(null)).toEqual([]);
  });
});

describe('saved-item calls', () => {
  it('parses property_ids as a comma string', () => {
    expect(propertyIdsSchema.parse('12, 15,12')).toEqual([12, 15]);
    for (const bad of ['', ' , ', 'a', '1;2', '0', '2147483648'])
      expect(propertyIdsSchema.safeParse(bad).success).toBe(false);
  });

  it('accepts the four alert frequencies of spec point 3 only', () => {
    for (const value of ['I', 'W', 'M', 'N']) expect(alertFrequencySchema.safeParse(value).success).toBe(true);
    for (const value of ['i', 'D', '', 'never']) expect(alertFrequencySchema.safeParse(value).success).toBe(false);
  });

  it('caps saved items at the constant 200 of spec point 9', () => {
    expect(SAVED_ITEM_LIMIT).toBe(200);
  });
});
