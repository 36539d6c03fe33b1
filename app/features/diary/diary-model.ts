/**
 * The diary's rules shared by the server and the screens: the page's query (view, date, branch) and the entry's
 * three forms (confirm, reschedule, cancel), one zod schema each, with the messages staff see; the appointment's
 * states and labels. Bad input is a validation result, never an exception.
 */
import { z } from 'zod';
// Types only: the schema module would bring Drizzle into the browser's bundle.
import type { AppointmentState } from '../../../db/schema/diary.ts';
import { isIsoDate, londonToday, parseClockTime, type IsoDate } from './diary-time.ts';
import type { DiaryView } from './diary-grid.ts';

export type { AppointmentState };

/** Where an entry is: asked for by the visitor and not yet booked, or one of the appointment's states. */
export type DiaryState = 'requested' | AppointmentState;

export const diaryStateLabels: Record<DiaryState, string> = {
  requested: 'Requested',
  confirmed: 'Confirmed',
  rescheduled: 'Rescheduled',
  cancelled: 'Cancelled',
};

export const DURATION_CHOICES = [15, 30, 45, 60, 90, 120] as const;
export const DEFAULT_DURATION = 30;
const MAX_REASON_LENGTH = 500;

const BRANCH_SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

type DiaryQuery = { view: DiaryView; date: IsoDate; branch: string | null };

/** An empty value is a missing one, as a GET form sends its blank fields. */
const blankAsMissing = (value: unknown) => (value === '' || value === undefined || value === null ? undefined : value);

const diaryQuerySchema = z.object({
  view: z.preprocess(blankAsMissing, z.enum(['day', 'week'], { message: 'Choose the day or week view' }).optional()),
  date: z.preprocess(
    blankAsMissing,
    z.string().refine(isIsoDate, { message: 'Enter the date as a real date, for example 2026-11-30' }).optional(),
  ),
  branch: z.preprocess(
    blankAsMissing,
    z.string().regex(BRANCH_SLUG, { message: 'Choose a branch from the list' }).optional(),
  ),
});

export type DiaryQueryResult =
  { success: true; query: DiaryQuery } | { success: false; errors: { field: string; message: string }[] };

/** The page's query string: the first value of each name, anything else ignored; today's week by default. */
export function parseDiaryQuery(params: URLSearchParams, now = new Date()): DiaryQueryResult {
  const input = { view: params.get('view'), date: params.get('date'), branch: params.get('branch') };
  const parsed = diaryQuerySchema.safeParse(input);
  if (!parsed.success) {
    return {
      success: false,
      errors: parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'form'), message: issue.message })),
    };
  }
  return {
    success: true,
    query: {
      view: parsed.data.view ?? 'week',
      date: parsed.data.date ?? londonToday(now),
      branch: parsed.data.branch ?? null,
    },
  };
}

export function diaryQueryString(query: { view: DiaryView; date: IsoDate; branch: string | null }): string {
  const params = new URLSearchParams({ view: query.view, date: query.date });
  if (query.branch) params.set('branch', query.branch);
  return `?${params.toString()}`;
}

/* ---------------- The entry's forms ---------------- */

export const DIARY_MESSAGES = {
  date: 'Enter the date as a real date, for example 2026-11-30',
  time: 'Enter the time on the 24-hour clock, for example 14:30',
  duration: 'Choose how long the appointment lasts',
  reason: 'Enter why the appointment is cancelled',
  reasonLength: `Keep the reason under ${MAX_REASON_LENGTH} characters`,
  missingTime: 'That time does not exist in the UK on that day (the clocks go forward): choose another',
} as const;

const appointmentFields = {
  date: z.string({ message: DIARY_MESSAGES.date }).trim().refine(isIsoDate, { message: DIARY_MESSAGES.date }),
  time: z
    .string({ message: DIARY_MESSAGES.time })
    .trim()
    .refine((value) => parseClockTime(value) !== null, { message: DIARY_MESSAGES.time })
    .transform((value) => parseClockTime(value)!),
  duration: z
    .string({ message: DIARY_MESSAGES.duration })
    .refine((value) => (DURATION_CHOICES as readonly number[]).includes(Number(value)) && /^\d+$/.test(value), {
      message: DIARY_MESSAGES.duration,
    })
    .transform((value) => Number(value)),
};

export const diaryActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('confirm'), ...appointmentFields }),
  z.object({ intent: z.literal('reschedule'), ...appointmentFields }),
  z.object({
    intent: z.literal('cancel'),
    reason: z
      .string({ message: DIARY_MESSAGES.reason })
      .transform((value) => value.replace(/\p{Cc}/gu, ' ').trim())
      .pipe(
        z
          .string()
          .min(1, { message: DIARY_MESSAGES.reason })
          .max(MAX_REASON_LENGTH, { message: DIARY_MESSAGES.reasonLength }),
      ),
  }),
]);

export type DiaryAction = z.infer<typeof diaryActionSchema>;

/** Which forms an entry offers in its state: a request is confirmed; a booked appointment moved or cancelled. */
export function allowedIntents(state: DiaryState): DiaryAction['intent'][] {
  if (state === 'requested' || state === 'cancelled') return ['confirm'];
  return ['reschedule', 'cancel'];
}
