import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OpeningHours } from '../../../db/schema/agency.ts';
import { isOpenAt, localTime, openingHoursSpecification } from './opening-hours.ts';

const nineToFive = { opens: '09:00', closes: '17:30' };
const office: OpeningHours = {
  week: [
    [nineToFive],
    [nineToFive],
    [nineToFive],
    [nineToFive],
    [nineToFive],
    [{ opens: '09:00', closes: '16:00' }],
    [],
  ],
  exceptions: [
    { date: '2026-12-25', name: 'Christmas Day', periods: [] },
    { date: '2026-12-24', name: 'Christmas Eve', periods: [{ opens: '09:00', closes: '13:00' }] },
  ],
};
const lateDesk: OpeningHours = {
  // Friday 20:00 to Saturday 02:00, and nothing else.
  week: [[], [], [], [], [{ opens: '20:00', closes: '02:00' }], [], []],
  exceptions: [],
};
const LONDON = 'Europe/London';

describe('open now', () => {
  it('reads the wall clock in the branch time zone across the clock changes', () => {
    // 29 March 2026 01:00 UTC: clocks go forward, 02:00 BST.
    expect(localTime(new Date('2026-03-29T00:59:00Z'), LONDON)).toMatchObject({ date: '2026-03-29', minutes: 59 });
    expect(localTime(new Date('2026-03-29T01:00:00Z'), LONDON)).toMatchObject({ minutes: 120 });
    // 25 October 2026 01:00 UTC: clocks go back, 01:00 GMT again.
    expect(localTime(new Date('2026-10-25T00:30:00Z'), LONDON)).toMatchObject({ minutes: 90 });
    expect(localTime(new Date('2026-10-25T01:30:00Z'), LONDON)).toMatchObject({ minutes: 90 });
  });

  it('opens at 09:00 local time in summer (08:00 UTC) and winter (09:00 UTC)', () => {
    // Monday 6 July 2026 (BST) and Monday 7 December 2026 (GMT).
    expect(isOpenAt(office, LONDON, new Date('2026-07-06T07:59:00Z'))).toBe(false);
    expect(isOpenAt(office, LONDON, new Date('2026-07-06T08:00:00Z'))).toBe(true);
    expect(isOpenAt(office, LONDON, new Date('2026-07-06T16:29:00Z'))).toBe(true);
    expect(isOpenAt(office, LONDON, new Date('2026-07-06T16:30:00Z'))).toBe(false);
    expect(isOpenAt(office, LONDON, new Date('2026-12-07T08:59:00Z'))).toBe(false);
    expect(isOpenAt(office, LONDON, new Date('2026-12-07T09:00:00Z'))).toBe(true);
  });

  it('follows bank-holiday exceptions', () => {
    // Christmas Day 2026 is a Friday: closed all day; Christmas Eve closes at 13:00.
    expect(isOpenAt(office, LONDON, new Date('2026-12-25T11:00:00Z'))).toBe(false);
    expect(isOpenAt(office, LONDON, new Date('2026-12-24T12:59:00Z'))).toBe(true);
    expect(isOpenAt(office, LONDON, new Date('2026-12-24T13:00:00Z'))).toBe(false);
    expect(isOpenAt(office, LONDON, new Date('2026-12-18T11:00:00Z'))).toBe(true);
  });

  it('keeps a period open across midnight into the next day', () => {
    // Friday 11 December 2026 20:00 GMT to Saturday 02:00.
    expect(isOpenAt(lateDesk, LONDON, new Date('2026-12-11T19:59:00Z'))).toBe(false);
    expect(isOpenAt(lateDesk, LONDON, new Date('2026-12-11T23:59:00Z'))).toBe(true);
    expect(isOpenAt(lateDesk, LONDON, new Date('2026-12-12T00:00:00Z'))).toBe(true);
    expect(isOpenAt(lateDesk, LONDON, new Date('2026-12-12T01:59:00Z'))).toBe(true);
    expect(isOpenAt(lateDesk, LONDON, new Date('2026-12-12T02:00:00Z'))).toBe(false);
    // In summer the same local hours are an hour earlier in UTC.
    expect(isOpenAt(lateDesk, LONDON, new Date('2026-07-10T19:00:00Z'))).toBe(true);
    expect(isOpenAt(lateDesk, LONDON, new Date('2026-07-11T00:59:00Z'))).toBe(true);
    expect(isOpenAt(lateDesk, LONDON, new Date('2026-07-11T01:00:00Z'))).toBe(false);
  });

  it('agrees with a minute-by-minute reading of the local clock at any instant', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') }),
        (ms) => {
          const instant = new Date(ms);
          const { weekday, minutes, date } = localTime(instant, LONDON);
          const exception = office.exceptions.find((candidate) => candidate.date === date);
          const periods = exception ? exception.periods : office.week[weekday]!;
          const expected = periods.some((period) => {
            const [oh, om] = period.opens.split(':').map(Number);
            const [ch, cm] = period.closes.split(':').map(Number);
            return minutes >= oh! * 60 + om! && minutes < ch! * 60 + cm!;
          });
          expect(isOpenAt(office, LONDON, instant)).toBe(expected);
        },
      ),
    );
  });

  it('describes the week and the exceptions for schema.org', () => {
    const specification = openingHoursSpecification(office, '2026-12-01');
    expect(specification).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '09:00',
      closes: '17:30',
    });
    expect(specification).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      validFrom: '2026-12-25',
      validThrough: '2026-12-25',
      opens: '00:00',
      closes: '00:00',
    });
  });
});
