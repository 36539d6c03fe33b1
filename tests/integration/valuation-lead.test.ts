import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, leads, rateLimits, valuationBookings } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { setRateLimitRuleForTests } from '../../app/lib/rate-limit.server.ts';
import { handleValuationLead, SLOT_TAKEN_MESSAGE } from '../../app/features/valuation/valuation-lead.server.ts';
import { addDays, todayInUk, VALUATION_MESSAGES } from '../../app/features/valuation/valuation-schema.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertValuationFixtures, testContext } from './valuation-fixtures.ts';

let database: TestDatabase;
let bathBranchId: number;
let yorkBranchId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  ({ bathBranchId, yorkBranchId } = await insertValuationFixtures(database.db));
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

beforeEach(async () => {
  await database.db.delete(valuationBookings);
  await database.db.delete(emailOutbox);
  await database.db.delete(leads);
  await database.db.delete(rateLimits);
});
afterEach(() => setRateLimitRuleForTests());

const bookingDate = addDays(todayInUk(), 3);
const [year, month, day] = bookingDate.split('-').map(Number) as [number, number, number];

function payload(
  overrides: { lead_client?: object; lead?: object; lead_booking?: object | null; [key: string]: unknown } = {},
) {
  const { lead_client, lead, lead_booking, ...rest } = overrides;
  const body: Record<string, unknown> = {
    authenticity_token: 'masked-token',
    lead_client: {
      first_name: 'Ann',
      last_name: 'Smith',
      body: '',
      email: 'ann@example.com',
      tel_home: '07700 900123',
      do_not_contact: '1',
      street_address: '12 Orchard Road',
      town: 'Bath',
      county: 'Somerset',
      postcode: 'ba2 4ab',
      ...lead_client,
    },
    lead: {
      valuation_reason: 'Selling',
      message: 'Please call after 5pm.',
      is_valuation_request: true,
      branch_id: bathBranchId,
      channel: 'selling',
      ...lead,
    },
    marketing_preferences: { opt_in_terms: 'on' },
    ...rest,
  };
  if (lead_booking !== null) {
    body.lead_booking = {
      book_viewing: true,
      booking_time: '10:00',
      booking_day: day,
      booking_month: month,
      booking_year: year,
      ...lead_booking,
    };
  }
  return body;
}

async function send(body: Record<string, unknown>, context = testContext()) {
  const response = await handleValuationLead({ db: database.db, body, context });
  return {
    status: response.status,
    json: (await response.json()) as { error?: string; errors?: { field: string; message: string }[] },
  };
}

describe('valuation lead (POST /leads, lead.is_valuation_request)', () => {
  it('stores a valid multi-step request with its booking and queues the staff and visitor emails', async () => {
    const result = await send(payload());
    expect(result.status).toBe(200);

    const [lead] = await database.db.select().from(leads);
    expect(lead).toMatchObject({
      kind: 'valuation',
      email: 'ann@example.com',
      branchId: bathBranchId,
      recipientEmail: 'bath@agency.example',
    });
    expect(lead?.payload).not.toHaveProperty('authenticity_token');
    expect((lead?.payload.lead_client as Record<string, unknown>).body).toBeUndefined();
    expect((lead?.payload.lead as Record<string, unknown>).is_valuation_request).toBe(true);

    const [booking] = await database.db.select().from(valuationBookings);
    expect(booking).toMatchObject({ leadId: lead?.id, branchId: bathBranchId, bookingDate, timeSlots: ['10:00'] });

    const emails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, lead!.id));
    expect(emails.map((email) => email.toAddress).sort()).toEqual(['ann@example.com', 'bath@agency.example']);
    const staff = emails.find((email) => email.toAddress === 'bath@agency.example');
    expect(staff?.subject).toBe('Valuation request: 12 Orchard Road, BA2 4AB');
    expect(staff?.textBody).toContain('Name: Ann Smith');
    expect(staff?.textBody).toContain('Preferred time: 10:00');
    expect(staff?.textBody).toContain('Please call after 5pm.');
  });

  it('stores a single-step request (no booking), routing it by the postcode when no branch is sent', async () => {
    const result = await send(
      payload({ lead_booking: null, lead: { branch_id: undefined }, 'g-recaptcha-response': '' }),
    );
    expect(result.status).toBe(200);
    const [lead] = await database.db.select().from(leads);
    expect(lead?.branchId).toBe(bathBranchId);
    expect(await database.db.select().from(valuationBookings)).toHaveLength(0);
  });

  it('stores a request sent from the instant valuation as its follow-up, a valuation with its booking', async () => {
    const result = await send(payload({ lead: { source: 'instant-valuation' } }));
    expect(result.status).toBe(200);
    const [lead] = await database.db.select().from(leads);
    expect(lead).toMatchObject({ kind: 'instant-valuation', branchId: bathBranchId });
    const [booking] = await database.db.select().from(valuationBookings);
    expect(booking).toMatchObject({ leadId: lead?.id, bookingDate, timeSlots: ['10:00'] });
    const emails = await database.db.select().from(emailOutbox).where(eq(emailOutbox.relatedId, lead!.id));
    expect(emails.map((email) => email.toAddress).sort()).toEqual(['ann@example.com', 'bath@agency.example']);
  });

  it.each([['somewhere-else'], [''], [42], [{ nested: true }]])(
    'reads an unknown source %j as a plain valuation request, not as an error',
    async (source) => {
      const result = await send(payload({ lead: { source } }));
      expect(result.status).toBe(200);
      const [lead] = await database.db.select().from(leads);
      expect(lead?.kind).toBe('valuation');
    },
  );

  it('keeps a request for a postcode no branch covers, for the agency', async () => {
    const result = await send(
      payload({ lead_booking: null, lead: { branch_id: '' }, lead_client: { postcode: 'TR1 2AB', town: 'Truro' } }),
    );
    expect(result.status).toBe(200);
    const [lead] = await database.db.select().from(leads);
    expect(lead).toMatchObject({ branchId: null, recipientEmail: 'hello@agency.example' });
  });

  it.each([
    ['lead_client', { first_name: '' }, 'lead_client.first_name', VALUATION_MESSAGES.firstName],
    ['lead_client', { first_name: 'R2-D2' }, 'lead_client.first_name', VALUATION_MESSAGES.firstName],
    ['lead_client', { last_name: ' ' }, 'lead_client.last_name', VALUATION_MESSAGES.lastName],
    ['lead_client', { tel_home: 'call me' }, 'lead_client.tel_home', VALUATION_MESSAGES.phone],
    ['lead_client', { tel_home: '12345' }, 'lead_client.tel_home', VALUATION_MESSAGES.phone],
    ['lead_client', { email: 'ann.example.com' }, 'lead_client.email', VALUATION_MESSAGES.email],
    ['lead_client', { street_address: '' }, 'lead_client.street_address', VALUATION_MESSAGES.street],
    ['lead_client', { town: '' }, 'lead_client.town', VALUATION_MESSAGES.town],
    ['lead_client', { county: '123' }, 'lead_client.county', VALUATION_MESSAGES.county],
    ['lead_client', { postcode: 'BA99' }, 'lead_client.postcode', VALUATION_MESSAGES.postcode],
    ['lead', { channel: 'buying' }, 'lead.channel', VALUATION_MESSAGES.channel],
    ['lead_booking', { booking_time: '' }, 'lead_booking.booking_time', VALUATION_MESSAGES.timeSlot],
    ['lead_booking', { booking_time: '17:00' }, 'lead_booking.booking_time', VALUATION_MESSAGES.timeSlot],
    ['lead_booking', { booking_year: 2020 }, 'lead_booking.booking_day', VALUATION_MESSAGES.date],
  ])('%s %j → 422 %s', async (part, change, field, message) => {
    const result = await send(payload({ [part]: change }));
    expect(result.status).toBe(422);
    expect(result.json.errors).toEqual([{ field, message }]);
    expect(result.json.error).toBe(message);
    expect(await database.db.select().from(leads)).toHaveLength(0);
  });

  it('requires the terms to be accepted', async () => {
    const result = await send(payload({ marketing_preferences: {} }));
    expect(result.status).toBe(422);
    expect(result.json.errors).toEqual([
      { field: 'marketing_preferences.opt_in_terms', message: VALUATION_MESSAGES.terms },
    ]);
  });

  it('refuses a branch that does not exist', async () => {
    const result = await send(payload({ lead: { branch_id: 999_999 } }));
    expect(result.status).toBe(422);
    expect(result.json.errors?.[0]?.field).toBe('lead.branch_id');
  });

  it('answers 422 (never 500) to a body of the wrong shape', async () => {
    for (const body of [
      {},
      { lead_client: 'x', lead: [], marketing_preferences: 5 },
      { lead: { is_valuation_request: 'nope' } },
    ]) {
      expect((await send(body as Record<string, unknown>)).status).toBe(422);
    }
  });

  it('drops a request whose honeypot is filled: 200, nothing stored, nothing sent', async () => {
    const result = await send(payload({ lead_client: { body: 'http://spam.example' } }));
    expect(result.status).toBe(200);
    expect(await database.db.select().from(leads)).toHaveLength(0);
    expect(await database.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('never double-books a single slot of a branch, but lets group windows and other branches through', async () => {
    expect((await send(payload())).status).toBe(200);
    const clash = await send(payload({ lead_client: { email: 'bob@example.com' } }));
    expect(clash.status).toBe(409);
    expect(clash.json.error).toBe(SLOT_TAKEN_MESSAGE);
    expect(await database.db.select().from(leads)).toHaveLength(1);

    // 'All am' still has 9:00 and 11:00 free; York's 10:00 is another branch's slot.
    expect((await send(payload({ lead_booking: { booking_time: 'All am' } }))).status).toBe(200);
    expect((await send(payload({ lead: { branch_id: yorkBranchId } }))).status).toBe(200);
    expect((await send(payload({ lead_booking: { booking_time: '9:00' } }))).status).toBe(200);
    expect((await send(payload({ lead_booking: { booking_time: '11:00' } }))).status).toBe(200);
    // Every morning slot of Bath is now held by a single booking: a morning window can no longer be offered.
    expect((await send(payload({ lead_booking: { booking_time: 'All am' } }))).status).toBe(409);
  });

  it('lets only one of two simultaneous requests take the same slot', async () => {
    const results = await Promise.all([
      send(payload({ lead_booking: { booking_time: '14:00' } })),
      send(payload({ lead_booking: { booking_time: '14:00' } })),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(await database.db.select().from(valuationBookings)).toHaveLength(1);
  });

  it("rate-limits by IP address ('leads')", async () => {
    setRateLimitRuleForTests('leads', { limit: 2, windowSeconds: 600 });
    const context = testContext({ clientIp: '198.51.100.7' });
    expect((await send(payload({ lead_booking: { booking_time: '9:00' } }), context)).status).toBe(200);
    expect((await send(payload({ lead_booking: { booking_time: '10:00' } }), context)).status).toBe(200);
    const third = await send(payload({ lead_booking: { booking_time: '11:00' } }), context);
    expect(third.status).toBe(429);
    expect(third.json.error).toBe('Too many requests. Please wait a few minutes and try again.');
    expect(await database.db.select().from(leads)).toHaveLength(2);
  });
});
