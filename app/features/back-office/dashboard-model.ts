/** The dashboard's shapes and pure rules (client-safe: the page renders them). */
import type { ImportCounts } from '../../../db/schema/index.ts';
import type { StaffRole } from '../staff/index.ts';

/** Who may open /admin/email and see the email figures: the people who answer for the agency's mail. */
export const EMAIL_HEALTH_ROLES = ['owner', 'manager'] as const satisfies readonly StaffRole[];

/** A lead is open until it is closed or lost. */
export const OPEN_STAGES = ['new', 'contacted', 'booked'] as const;

export type DashboardFigures = {
  /** Null for a role without leads (editors). */
  leads: {
    /** The chart's days, oldest first, as UK dates (YYYY-MM-DD). */
    days: string[];
    kinds: { kind: string; counts: number[]; total: number }[];
    open: { stage: string; count: number }[];
  } | null;
  listings: { channel: 'sales' | 'lettings'; count: number }[];
  lastImport: {
    source: string;
    fileName: string;
    status: 'applied' | 'refused' | 'dry-run';
    reason: string | null;
    counts: ImportCounts;
    recordCount: number;
    finishedAt: Date;
  } | null;
  /** Null for a role that does not look after email. */
  emails: { queued: number; retrying: number; failed: number } | null;
};

const ukDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The last `count` UK calendar days up to and including today, oldest first. */
export function chartDays(now: Date, count: number): string[] {
  const [year, month, day] = ukDate.format(now).split('-').map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(year, month - 1, day - (count - 1 - index))).toISOString().slice(0, 10),
  );
}
