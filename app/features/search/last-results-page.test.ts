import { describe, expect, it } from 'vitest';
import { lastResultsPage } from './last-results-page.ts';

const results = (count: number, isCapped = false) => ({ pagination: { page_size: 24 }, total: { count, isCapped } });

describe('lastResultsPage', () => {
  it('is the page holding the last result', () => {
    expect(lastResultsPage(results(0))).toBe(1);
    expect(lastResultsPage(results(24))).toBe(1);
    expect(lastResultsPage(results(25))).toBe(2);
  });

  it('is unknown when the count was capped', () => {
    expect(lastResultsPage(results(1000, true))).toBeUndefined();
  });
});
