import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatAppointmentTime,
  fromLondon,
  isIsoDate,
  londonDayRange,
  parseClockTime,
  startOfWeek,
  toLondon,
} from './diary-time.ts';

const HOUR = 3_600_000;
/** Any UK date from 2000 to 2099. */
const isoDates = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const minutesOfDay = fc.integer({ min: 0, max: 24 * 60 - 1 });

/** The last Sunday of a month: the UK's clocks change then (March forward, October back). */
function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  return addDays(last.toISOString().slice(0, 10), -last.getUTCDay());
}

describe('UK wall-clock time', () => {
  it('reads back every time it writes, in winter, summer and on the days the clocks change', () => {
    fc.assert(
      fc.property(isoDates, minutesOfDay, (date, minutes) => {
        const instant = fromLondon(date, minutes);
        if (instant === null) return;
        expect(toLondon(instant)).toEqual({ date, minutes });
      }),
      { numRuns: 2000 },
    );
  });

  it('finds no instant only for the hour skipped when the clocks go forward', () => {
    fc.assert(
      fc.property(isoDates, minutesOfDay, (date, minutes) => {
        const isSkipped = date === lastSunday(Number(date.slice(0, 4)), 3) && minutes >= 60 && minutes < 120;
        expect(fromLondon(date, minutes) === null).toBe(isSkipped);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes the first of the two 01:30s when the clocks go back, and knows the offsets', () => {
    expect(fromLondon('2026-10-25', 90)!.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(fromLondon('2026-03-29', 90)).toBeNull();
    expect(fromLondon('2026-07-01', 10 * 60)!.toISOString()).toBe('2026-07-01T09:00:00.000Z');
    expect(fromLondon('2026-11-30', 10 * 60)!.toISOString()).toBe('2026-11-30T10:00:00.000Z');
  });

  it('makes every UK day 24 hours long, except 23 in spring and 25 in autumn on the change days', () => {
    fc.assert(
      fc.property(isoDates, (date) => {
        const { start, end } = londonDayRange(date);
        const year = Number(date.slice(0, 4));
        const expected = date === lastSunday(year, 3) ? 23 : date === lastSunday(year, 10) ? 25 : 24;
        expect((end.getTime() - start.getTime()) / HOUR).toBe(expected);
        expect(toLondon(start)).toEqual({ date, minutes: 0 });
        expect(toLondon(new Date(end.getTime() - 60_000)).date).toBe(date);
      }),
      { numRuns: 1000 },
    );
  });

  it('starts weeks on Monday and adds days across month and year ends', () => {
    fc.assert(
      fc.property(isoDates, fc.integer({ min: -400, max: 400 }), (date, days) => {
        const monday = startOfWeek(date);
        expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(monday <= date && addDays(monday, 6) >= date).toBe(true);
        expect(addDays(addDays(date, days), -days)).toBe(date);
      }),
    );
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(startOfWeek('2026-11-29')).toBe('2026-11-23');
  });

  it('accepts only real dates and 24-hour times', () => {
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('1999-12-31')).toBe(false);
    expect(isIsoDate('2026-1-1')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-00-10')).toBe(false);
    expect(parseClockTime('09:05')).toBe(545);
    expect(parseClockTime('24:00')).toBeNull();
    expect(parseClockTime('9:05')).toBeNull();
  });

  it('says when an appointment is in UK format and UK time', () => {
    expect(formatAppointmentTime(new Date('2026-07-04T09:30:00Z'))).toBe('Saturday 4 July 2026 at 10:30');
    expect(formatAppointmentTime(new Date('2026-11-28T10:30:00Z'))).toBe('Saturday 28 November 2026 at 10:30');
  });
});
