import { describe, expect, it } from 'vitest';
import { buildValuationPayload, valuationSourceOf } from './valuation-payload.ts';
import { valuationDetailsSchema, valuationLeadSchema } from './valuation-schema.ts';
import { addDays, todayInUk } from './valuation-schema.ts';

const details = valuationDetailsSchema.parse({
  channel: 'letting',
  first_name: 'Ann',
  last_name: 'Smith',
  email: 'ann@example.com',
  tel_home: '07700 900123',
  house_number: '12',
  house_name: '',
  street: 'Orchard Road',
  town: 'Bath',
  county: 'Somerset',
  postcode: 'ba2 4ab',
});

describe('valuation payload (spec point 7)', () => {
  it('builds the multi-step body with lead_booking, which the server schema accepts', () => {
    const date = addDays(todayInUk(), 2);
    const payload = buildValuationPayload({
      csrfToken: 'tok',
      details,
      honeypot: '',
      message: 'Hello',
      branchId: 3,
      appointment: { date, bookingTime: 'All am' },
      botFields: { altcha: 'proof' },
    });
    const [year, month, day] = date.split('-').map(Number);
    expect(payload).toEqual({
      authenticity_token: 'tok',
      altcha: 'proof',
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
        postcode: 'BA2 4AB',
      },
      lead: {
        valuation_reason: 'I am thinking of letting my property',
        message: 'Hello',
        is_valuation_request: true,
        branch_id: 3,
        channel: 'letting',
      },
      marketing_preferences: { opt_in_terms: 'on' },
      lead_booking: {
        book_viewing: true,
        booking_time: 'All am',
        booking_day: day,
        booking_month: month,
        booking_year: year,
      },
    });
    expect(valuationLeadSchema().safeParse(payload).success).toBe(true);
  });

  it('builds the single-step body without a booking, with the reCAPTCHA answer', () => {
    const payload = buildValuationPayload({
      csrfToken: 'tok',
      details,
      honeypot: '',
      message: '',
      branchId: null,
      appointment: null,
      botFields: { 'g-recaptcha-response': 'token' },
    });
    expect(payload).not.toHaveProperty('lead_booking');
    expect(payload['g-recaptcha-response']).toBe('token');
    expect((payload.lead as Record<string, unknown>).branch_id).toBe('');
    expect(valuationLeadSchema().safeParse(payload).success).toBe(true);
  });

  it('marks a request from the instant valuation, and only then, with lead.source', () => {
    const base = {
      csrfToken: 'tok',
      details,
      honeypot: '',
      message: '',
      branchId: null,
      appointment: null,
      botFields: {},
    };
    const followUp = buildValuationPayload({ ...base, source: valuationSourceOf('?from=instant-valuation') });
    expect((followUp.lead as Record<string, unknown>).source).toBe('instant-valuation');
    const parsed = valuationLeadSchema().parse(followUp);
    expect(parsed.lead.source).toBe('instant-valuation');
    for (const search of ['', '?from=elsewhere', '?utm_source=instant-valuation']) {
      const plain = buildValuationPayload({ ...base, source: valuationSourceOf(search) });
      expect(plain.lead).not.toHaveProperty('source');
      expect(valuationLeadSchema().parse(plain).lead.source).toBeNull();
    }
  });
});
