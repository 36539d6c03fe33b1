/**
 * The diary's calendar arithmetic in the agency's time (Europe/London). Appointments are stored as instants (UTC);
 * staff and visitors read and type UK wall-clock times. A UK day is 23, 24 or 25 hours long, so every conversion
 * goes through the time zone database (Intl) instead of adding fixed offsets. See docs/decisions/023-diary.md.
 */
const DIARY_TIME_ZONE = 'Europe/London';

/** YYYY-MM-DD, a day in UK time. */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;

/** A real calendar date written YYYY-MM-DD, within the years the diary handles. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < 2000 || year > 2199) return false;
  const date = new Date(`${value}T00:00:00Z`);
  // A month 13 is no date at all (NaN); 31 February rolls into March: both are refused.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** HH:MM on the 24-hour clock, as minutes after midnight; null when it is not a time. */
export function parseClockTime(value: string): number | null {
  const match = CLOCK_TIME.exec(value);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

export function formatClockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Calendar arithmetic on dates alone (no time zone involved: a date has no offset). */
export function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 Monday … 6 Sunday. */
function weekdayIndex(date: IsoDate): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The Monday of the date's week (UK weeks start on Monday). */
export function startOfWeek(date: IsoDate): IsoDate {
  return addDays(date, -weekdayIndex(date));
}

const londonParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: DIARY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** What a UK clock and calendar show at an instant. */
export function toLondon(instant: Date): { date: IsoDate; minutes: number } {
  const parts: Record<string, string> = {};
  for (const part of londonParts.formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Minutes UK time is ahead of UTC at an instant (0 in winter, 60 in summer). */
function londonOffsetMinutes(instant: number): number {
  const { date, minutes } = toLondon(new Date(instant));
  const asUtc = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a UK wall-clock time happens. When the clocks go back the hour 01:00–01:59 happens twice: the first
 * (summer time) is taken. When they go forward 01:00–01:59 never happens: null.
 */
export function fromLondon(date: IsoDate, minutes: number): Date | null {
  const naive = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  // The offsets in force half a day either side cover both sides of any change that day.
  const offsets = new Set([londonOffsetMinutes(naive - DAY_MS / 2), londonOffsetMinutes(naive + DAY_MS / 2)]);
  const candidates = [...offsets]
    .map((offset) => naive - offset * 60_000)
    .filter((instant) => {
      const shown = toLondon(new Date(instant));
      return shown.date === date && shown.minutes === minutes;
    })
    .sort((a, b) => a - b);
  return candidates.length > 0 ? new Date(candidates[0]!) : null;
}

/** The instants a UK day runs between: [start, end). UK midnight always exists (the clocks change at 01:00 UTC). */
export function londonDayRange(date: IsoDate): { start: Date; end: Date } {
  return { start: fromLondon(date, 0)!, end: fromLondon(addDays(date, 1), 0)! };
}

/** Today in the UK. */
export function londonToday(now = new Date()): IsoDate {
  return toLondon(now).date;
}

const longDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const shortDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
});

/** 'Saturday 28 November 2026' */
export function formatLongDate(date: IsoDate): string {
  return longDate.format(new Date(`${date}T00:00:00Z`)).replace(',', '');
}

/** 'Sat 28 Nov' */
export function formatShortDate(date: IsoDate): string {
  return shortDate.format(new Date(`${date}T00:00:00Z`)).replace(',', '');
}

/** 'Saturday 28 November 2026 at 10:30', in UK time: how emails and the diary say when an appointment is. */
export function formatAppointmentTime(instant: Date): string {
  const { date, minutes } = toLondon(instant);
  return `${formatLongDate(date)} at ${formatClockTime(minutes)}`;
}
