import { sql } from 'drizzle-orm';
import type { AppLoadContext } from 'react-router';
import { valuationBookings } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { toPlainObject } from '../../lib/http/request-body.ts';
import { isRateLimited, limit, rateLimitedResponse } from '../../lib/rate-limit.server.ts';
import { acceptLead } from '../leads/index.server.ts';
import {
  ALTCHA_FIELD,
  BOT_CHECK_FAILED_MESSAGE,
  HONEYPOT_FIELD,
  isHoneypotFilled,
  RECAPTCHA_FIELD,
} from '../spam/index.ts';
import { verifyBotCheck } from '../spam/index.server.ts';
import { findNearestBranch, getBranchName } from './branch-lookup.server.ts';
import { getTakenSlots } from './valuation-bookings.server.ts';
import { fieldErrorsOf, VALUATION_MESSAGES, valuationLeadSchema, type ValuationLead } from './valuation-schema.ts';

/** Answered (409) when the single slot asked for was booked by someone else a moment earlier. */
export const SLOT_TAKEN_MESSAGE = 'Sorry, that time slot has just been booked. Please choose another time.';

/** Namespace of the advisory locks that serialise bookings of one branch (the second key is the branch id). */
const BOOKING_LOCK_NAMESPACE = 5_001;

class SlotTakenError extends Error {}

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } });

function recordOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The request as received, minus the token, the honeypot and the bot-check proof. */
function storedPayload(body: Record<string, unknown>): Record<string, unknown> {
  const { authenticity_token: _token, [RECAPTCHA_FIELD]: _recaptcha, [ALTCHA_FIELD]: _altcha, ...rest } = body;
  const { [HONEYPOT_FIELD]: _honeypot, ...leadClient } = recordOf(rest.lead_client);
  return toPlainObject({ ...rest, lead_client: leadClient }) as Record<string, unknown>;
}

const channelLabel = (channel: 'selling' | 'letting') => (channel === 'selling' ? 'Selling' : 'Letting');

function ukDateLabel(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

function summaryOf(lead: ValuationLead, branchName: string | null): string[] {
  const client = lead.lead_client;
  const address = [client.street_address, client.town, client.county, client.postcode].filter(Boolean).join(', ');
  const lines = [
    `Valuation for: ${channelLabel(lead.lead.channel)}`,
    `Name: ${client.first_name} ${client.last_name}`,
    `Email: ${client.email}`,
    `Phone: ${client.tel_home}`,
    `Property address: ${address}`,
  ];
  if (lead.lead_booking) {
    lines.push(`Preferred date: ${ukDateLabel(lead.lead_booking.date)}`);
    lines.push(`Preferred time: ${lead.lead_booking.bookingTime}`);
  }
  if (lead.lead.valuation_reason) lines.push(`Reason: ${lead.lead.valuation_reason}`);
  lines.push(`Branch: ${branchName ?? 'no branch near this postcode'}`);
  if (lead.lead.message) lines.push('', 'Message:', lead.lead.message);
  return lines;
}

/**
 * POST /leads with lead.is_valuation_request (spec point 7), called by the /leads route. Order: rate limit, honeypot
 * (200, nothing stored, so a bot learns nothing), validation (422 with each field's message), bot check, branch,
 * then the lead, its emails and the booking in one transaction. 200 means stored.
 *
 * Double booking (ASVS 2.3.4): a single chosen slot is exclusive for its branch and day; 'All am' / 'All pm' are
 * flexible windows the branch confirms later, accepted while at least one slot in them is still free. Bookings of
 * a branch are serialised with a transaction-scoped advisory lock, so two requests cannot both take the last slot.
 */
export async function handleValuationLead(args: {
  db: Database;
  body: Record<string, unknown>;
  context: AppLoadContext;
  now?: Date;
}): Promise<Response> {
  const { db, body, context } = args;
  const now = args.now ?? new Date();

  try {
    await limit(db, 'leads', context.clientIp, now);
  } catch (error) {
    if (isRateLimited(error)) return rateLimitedResponse(error, { json: true });
    throw error;
  }

  if (isHoneypotFilled(recordOf(body.lead_client)[HONEYPOT_FIELD])) {
    context.logger.info({ requestId: context.requestId }, 'valuation lead: honeypot filled, dropped');
    return json({ status: 'ok' }, 200);
  }

  const parsed = valuationLeadSchema(now).safeParse(body);
  if (!parsed.success) {
    const errors = fieldErrorsOf(parsed.error);
    return json({ error: errors[0]?.message ?? 'Invalid request', errors }, 422);
  }
  const lead = parsed.data;

  if (!(await verifyBotCheck(body, context.clientIp))) {
    return json(
      { error: BOT_CHECK_FAILED_MESSAGE, errors: [{ field: 'form', message: BOT_CHECK_FAILED_MESSAGE }] },
      422,
    );
  }

  let branchId = lead.lead.branch_id;
  let branchName: string | null = null;
  if (branchId !== null) {
    branchName = await getBranchName(db, branchId);
    if (branchName === null) {
      const error = { field: 'lead.branch_id', message: VALUATION_MESSAGES.branch };
      return json({ error: error.message, errors: [error] }, 422);
    }
  } else {
    // Single-step requests (or clients that skipped the lookup): route by the postcode when a branch is near.
    const nearest = await findNearestBranch(db, lead.lead_client.postcode);
    branchId = nearest?.id ?? null;
    branchName = nearest?.name ?? null;
  }

  const client = lead.lead_client;
  const booking = lead.lead_booking;
  // Read before the transaction: PGlite has one connection, and the session reads it outside `tx`.
  const userId = await context.session.getUserId();
  try {
    const leadId = await db.transaction(async (tx) => {
      if (booking && branchId !== null) {
        await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK_NAMESPACE}, ${branchId})`);
        // Only single-slot bookings hold their slot; group windows hold nothing.
        const taken = new Set<string>(await getTakenSlots(tx as unknown as Database, branchId, booking.date));
        const isFree = booking.times.some((time) => !taken.has(time));
        if (!isFree) throw new SlotTakenError();
      }
      const accepted = await acceptLead(
        tx as unknown as Database,
        {
          kind: lead.lead.source === 'instant-valuation' ? 'instant-valuation' : 'valuation',
          payload: storedPayload(body),
          email: client.email,
          branchId,
          userId,
          ipAddress: context.clientIp,
          summary: summaryOf(lead, branchName),
          subject: `Valuation request: ${client.street_address}, ${client.postcode}`,
        },
        context.origin,
      );
      if (booking) {
        await tx.insert(valuationBookings).values({
          leadId: accepted.leadId,
          branchId,
          bookingDate: booking.date,
          timeSlots: booking.times,
        });
      }
      return accepted.leadId;
    });
    context.logger.info({ requestId: context.requestId, leadId, branchId }, 'valuation lead stored');
    return json({ status: 'ok' }, 200);
  } catch (error) {
    if (error instanceof SlotTakenError) {
      const slotError = { field: 'lead_booking.booking_time', message: SLOT_TAKEN_MESSAGE };
      return json({ error: SLOT_TAKEN_MESSAGE, errors: [slotError] }, 409);
    }
    throw error;
  }
}
