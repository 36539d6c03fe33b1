import { and, eq } from 'drizzle-orm';
import { valuationBookings } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { isSlotTime, type SlotTime } from './time-slots.ts';

/**
 * The slots of a branch's day already held by a single-slot booking (see docs/decisions/006): group windows
 * ('All am', 'All pm') hold nothing. Pass the transaction when checking before an insert.
 */
export async function getTakenSlots(db: Database, branchId: number, isoDate: string): Promise<SlotTime[]> {
  const rows = await db
    .select({ timeSlots: valuationBookings.timeSlots })
    .from(valuationBookings)
    .where(and(eq(valuationBookings.branchId, branchId), eq(valuationBookings.bookingDate, isoDate)));
  const taken = new Set<SlotTime>();
  for (const row of rows) {
    const [only] = row.timeSlots;
    if (row.timeSlots.length === 1 && only && isSlotTime(only)) taken.add(only);
  }
  return [...taken];
}
