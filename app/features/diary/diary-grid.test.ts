import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDayGrid, buildWeekGrid, viewPeriod, type PlacedEntry } from './diary-grid.ts';
import { addDays } from './diary-time.ts';

const isoDates = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/** Entries around a date: up to ten days either side, at any minute of the day. */
const entriesNear = (date: string) =>
  fc.array(
    fc.record({
      date: fc.integer({ min: -10, max: 10 }).map((offset) => addDays(date, offset)),
      minutes: fc.integer({ min: 0, max: 1439 }),
      leadId: fc.integer({ min: 1, max: 1_000_000 }),
    }),
    { maxLength: 40 },
  );

const withEntries = isoDates.chain((date) => fc.tuple(fc.constant(date), entriesNear(date)));

function key(entry: PlacedEntry): string {
  return `${entry.date}|${entry.minutes}|${entry.leadId}`;
}

describe('the week grid', () => {
  it('has the seven days from Monday, each entry of the week once on its own day, in time order', () => {
    fc.assert(
      fc.property(withEntries, ([date, entries]) => {
        const grid = buildWeekGrid(date, entries);
        expect(grid.days.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(grid.start, i)));
        expect(new Date(`${grid.start}T00:00:00Z`).getUTCDay()).toBe(1);
        const placed = grid.days.flatMap((day) => day.entries);
        const inWeek = entries.filter((entry) => entry.date >= grid.start && entry.date <= addDays(grid.start, 6));
        expect(placed.map(key).sort()).toEqual(inWeek.map(key).sort());
        for (const day of grid.days) {
          expect(day.entries.every((entry) => entry.date === day.date)).toBe(true);
          const minutes = day.entries.map((entry) => entry.minutes);
          expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
        }
      }),
    );
  });
});

describe('the day grid', () => {
  it('puts each of the day’s entries once in its hour, with consecutive hours covering 8:00 to 19:00', () => {
    fc.assert(
      fc.property(withEntries, ([date, entries]) => {
        const grid = buildDayGrid(date, entries);
        const hours = grid.hours.map((row) => row.hour);
        expect(hours[0]).toBeLessThanOrEqual(8);
        expect(hours.at(-1)).toBeGreaterThanOrEqual(19);
        hours.forEach((hour, index) => index > 0 && expect(hour).toBe(hours[index - 1]! + 1));
        const placed = grid.hours.flatMap((row) => row.entries);
        expect(placed.map(key).sort()).toEqual(
          entries
            .filter((entry) => entry.date === date)
            .map(key)
            .sort(),
        );
        for (const row of grid.hours) {
          expect(row.entries.every((entry) => Math.floor(entry.minutes / 60) === row.hour)).toBe(true);
        }
      }),
    );
  });
});

describe('the view period', () => {
  it('steps a day or a week, and a week always runs Monday to Sunday', () => {
    fc.assert(
      fc.property(isoDates, (date) => {
        const day = viewPeriod('day', date);
        expect(day).toEqual({ first: date, last: date, previous: addDays(date, -1), next: addDays(date, 1) });
        const week = viewPeriod('week', date);
        expect(week.first <= date && week.last >= date).toBe(true);
        expect(addDays(week.first, 6)).toBe(week.last);
        expect(viewPeriod('week', week.next).first).toBe(addDays(week.first, 7));
        expect(viewPeriod('week', week.previous).first).toBe(addDays(week.first, -7));
      }),
    );
  });
});
