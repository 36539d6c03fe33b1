import type { PriceChange, StatusChange } from '../../../db/schema/property-facts.ts';

export type Reduction = { date: string; from: number; to: number };

/**
 * The latest reduction, if the current asking price is lower than the one before it. A later rise cancels the
 * 'Reduced' mark: the listing is then no longer reduced, whatever happened before.
 */
export function latestReduction(history: readonly PriceChange[]): Reduction | null {
  const sorted = [...history].sort((a, b) => a.date.localeCompare(b.date));
  const last = sorted[sorted.length - 1];
  const previous = sorted[sorted.length - 2];
  if (!last || !previous || last.price >= previous.price) return null;
  return { date: last.date, from: previous.price, to: last.price };
}

/** '3 November 2026' for an ISO date, independent of the server's time zone. */
export function formatIsoDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function pounds(value: number): string {
  return `£${value.toLocaleString('en-GB')}`;
}

/** 'Reduced on 3 November 2026 from £450,000'. */
export function reductionText(reduction: Reduction): string {
  return `Reduced on ${formatIsoDate(reduction.date)} from ${pounds(reduction.from)}`;
}

export type PriceHistoryLine = { date: string; dateText: string; text: string };

/** Every change, newest first: 'Added at £450,000', 'Reduced to £425,000 (−£25,000)', 'Increased to …'. */
export function priceHistoryLines(history: readonly PriceChange[]): PriceHistoryLine[] {
  const sorted = [...history].sort((a, b) => a.date.localeCompare(b.date));
  const lines = sorted.map((change, index) => {
    const before = sorted[index - 1];
    let text = `Added at ${pounds(change.price)}`;
    if (before && change.price < before.price)
      text = `Reduced to ${pounds(change.price)} (down ${pounds(before.price - change.price)})`;
    else if (before && change.price > before.price)
      text = `Increased to ${pounds(change.price)} (up ${pounds(change.price - before.price)})`;
    else if (before) text = `Price confirmed at ${pounds(change.price)}`;
    return { date: change.date, dateText: formatIsoDate(change.date), text };
  });
  return lines.reverse();
}

const STATUS_CHANGE_WORDS: Record<StatusChange['status'], string> = {
  added: 'Added',
  available: 'Back on the market',
  'under-offer': 'Under offer',
  sstc: 'Sold subject to contract',
  sold: 'Sold',
  'let-agreed': 'Let agreed',
  let: 'Let',
};

export function statusHistoryLines(history: readonly StatusChange[]): PriceHistoryLine[] {
  return [...history]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((change) => ({
      date: change.date,
      dateText: formatIsoDate(change.date),
      text: STATUS_CHANGE_WORDS[change.status],
    }))
    .reverse();
}

/** The date a card shows: 'Reduced on …' when the price last went down, otherwise 'Added on …'. */
export function addedOrReducedText(history: readonly PriceChange[], addedDate: string): string {
  const reduction = latestReduction(history);
  return reduction ? `Reduced on ${formatIsoDate(reduction.date)}` : `Added on ${formatIsoDate(addedDate)}`;
}
