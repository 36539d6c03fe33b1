/**
 * Branch opening hours: 'Open now' / 'Closed' in the branch's own time zone (the server may run in UTC, the
 * visitor anywhere), with bank-holiday exceptions and periods that run past midnight. Intl does the time-zone
 * arithmetic, so British Summer Time needs no table of its own.
 */
import type { OpeningHours, OpeningPeriod } from '../../../db/schema/agency.ts';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

type LocalTime = { date: string; weekday: number; minutes: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock date, weekday (0 = Monday) and minute of the day at `instant` in `timeZone`. */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  return { date, weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

function previousDate(date: string): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** A closing time at or before the opening time means the period ends after midnight. */
function runsPastMidnight(period: OpeningPeriod): boolean {
  return minutesOf(period.closes) <= minutesOf(period.opens);
}

/** The periods of a local date: its exception if it has one (an empty list closes the day), else its weekday's. */
function periodsOn(hours: OpeningHours, date: string, weekday: number): OpeningPeriod[] {
  const exception = hours.exceptions.find((candidate) => candidate.date === date);
  return exception ? exception.periods : (hours.week[weekday] ?? []);
}

export function isOpenAt(hours: OpeningHours, timeZone: string, instant: Date): boolean {
  const now = localTime(instant, timeZone);
  const today = periodsOn(hours, now.date, now.weekday);
  for (const period of today) {
    const opens = minutesOf(period.opens);
    const closes = runsPastMidnight(period) ? 24 * 60 : minutesOf(period.closes);
    if (now.minutes >= opens && now.minutes < closes) return true;
  }
  const yesterday = periodsOn(hours, previousDate(now.date), (now.weekday + 6) % 7);
  return yesterday.some((period) => runsPastMidnight(period) && now.minutes < minutesOf(period.closes));
}

function periodsText(periods: readonly OpeningPeriod[]): string {
  return periods.length === 0 ? 'Closed' : periods.map((period) => `${period.opens}–${period.closes}`).join(', ');
}

export type OpeningDayLine = { day: string; text: string };

function weekLines(hours: OpeningHours): OpeningDayLine[] {
  return DAY_NAMES.map((day, index) => ({ day, text: periodsText(hours.week[index] ?? []) }));
}

/** Exceptions from `fromDate` on (the coming bank holidays), soonest first. */
function upcomingExceptions(hours: OpeningHours, fromDate: string, limit = 4) {
  return hours.exceptions
    .filter((exception) => exception.date >= fromDate)
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, limit);
}

const SCHEMA_DAYS = DAY_NAMES.map((day) => `https://schema.org/${day}`);

/** schema.org openingHoursSpecification: one entry per weekday period, and one per exception date. */
export function openingHoursSpecification(hours: OpeningHours, fromDate: string): Record<string, unknown>[] {
  const week = hours.week.flatMap((periods, index) =>
    periods.map((period) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: SCHEMA_DAYS[index],
      opens: period.opens,
      closes: period.closes,
    })),
  );
  const exceptions = upcomingExceptions(hours, fromDate, 12).flatMap((exception) =>
    (exception.periods.length === 0 ? [{ opens: '00:00', closes: '00:00' }] : exception.periods).map((period) => ({
      '@type': 'OpeningHoursSpecification',
      validFrom: exception.date,
      validThrough: exception.date,
      opens: period.opens,
      closes: period.closes,
    })),
  );
  return [...week, ...exceptions];
}

/** What the branch page shows, worked out once on the server for `instant`. */
export function describeOpeningHours(hours: OpeningHours, timeZone: string, instant: Date) {
  const now = localTime(instant, timeZone);
  return {
    isOpenNow: isOpenAt(hours, timeZone, instant),
    today: DAY_NAMES[now.weekday] ?? 'Monday',
    week: weekLines(hours),
    exceptions: upcomingExceptions(hours, now.date).map((exception) => ({
      date: exception.date,
      dateText: new Date(`${exception.date}T12:00:00Z`).toLocaleDateString('en-GB', {
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
      name: exception.name,
      text: periodsText(exception.periods),
    })),
    specification: openingHoursSpecification(hours, now.date),
  };
}
