/**
 * The day and week views as plain data: which entries fall in which hour of a day, or on which day of a week. The
 * entries arrive already placed on the UK calendar (`date`, `minutes` from diary-time.ts), so the grids are pure
 * calendar arithmetic and never see an offset.
 */
import { addDays, startOfWeek, type IsoDate } from './diary-time.ts';

export type DiaryView = 'day' | 'week';

/** One thing in the diary at a UK date and time: a booked appointment or a time a visitor asked for. */
export type PlacedEntry = { date: IsoDate; minutes: number; leadId: number };

export type DayGrid<Entry extends PlacedEntry> = {
  date: IsoDate;
  /** Hour rows, 8:00 to 19:00 by default, widened to hold any entry outside them. */
  hours: { hour: number; entries: Entry[] }[];
};

export type WeekGrid<Entry extends PlacedEntry> = {
  /** The Monday. */
  start: IsoDate;
  days: { date: IsoDate; entries: Entry[] }[];
};

const FIRST_HOUR = 8;
const LAST_HOUR = 19;

function byTime(a: PlacedEntry, b: PlacedEntry): number {
  return a.minutes - b.minutes || a.leadId - b.leadId;
}

export function buildDayGrid<Entry extends PlacedEntry>(date: IsoDate, entries: readonly Entry[]): DayGrid<Entry> {
  const onDay = entries.filter((entry) => entry.date === date).sort(byTime);
  const entryHours = onDay.map((entry) => Math.floor(entry.minutes / 60));
  const first = Math.min(FIRST_HOUR, ...entryHours);
  const last = Math.max(LAST_HOUR, ...entryHours);
  const hours: DayGrid<Entry>['hours'] = [];
  for (let hour = first; hour <= last; hour++) {
    hours.push({ hour, entries: onDay.filter((entry) => Math.floor(entry.minutes / 60) === hour) });
  }
  return { date, hours };
}

export function buildWeekGrid<Entry extends PlacedEntry>(date: IsoDate, entries: readonly Entry[]): WeekGrid<Entry> {
  const start = startOfWeek(date);
  const days = Array.from({ length: 7 }, (_, index) => {
    const day = addDays(start, index);
    return { date: day, entries: entries.filter((entry) => entry.date === day).sort(byTime) };
  });
  return { start, days };
}

/** The first and last UK dates a view shows, and the dates its previous/next links open. */
export function viewPeriod(
  view: DiaryView,
  date: IsoDate,
): { first: IsoDate; last: IsoDate; previous: IsoDate; next: IsoDate } {
  if (view === 'day') return { first: date, last: date, previous: addDays(date, -1), next: addDays(date, 1) };
  const first = startOfWeek(date);
  return { first, last: addDays(first, 6), previous: addDays(first, -7), next: addDays(first, 7) };
}
