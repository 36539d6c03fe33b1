import { describe, expect, it } from 'vitest';
import {
  fieldErrorsOf,
  filterPhoneInput,
  isBookableDate,
  isoDateOf,
  normalisePostcode,
  outcodeOf,
  streetAddressOf,
  todayInUk,
  VALUATION_MESSAGES,
  valuationConfirmSchema,
  valuationDetailsSchema,
  valuationLeadSchema,
} from './valuation-schema.ts';

const now = new Date('2026-11-23T10:00:00Z');

const details = {
  channel: 'selling',
  first_name: 'Zoë',
  last_name: "O'Brien-Smith",
  email: 'zoe@example.com',
  tel_home: '0117 496 0000',
  house_number: '12',
  house_name: '',
  street: 'High Street',
  town: 'Bristol',
  county: 'Bristol',
  postcode: 'bs84dr',
};

export function validPayload(overrides: Record<string, unknown> = {}) {
  return {
    authenticity_token: 'token',
    lead_client: {
      first_name: 'Ann',
      last_name: 'Smith',
      body: '',
      email: 'ann@example.com',
      tel_home: '07700900123',
      do_not_contact: '1',
      street_address: '12 High Street',
      town: 'Bath',
      county: 'Somerset',
      postcode: 'BA1 1DE',
    },
    lead: { valuation_reason: 'Selling', message: '', is_valuation_request: true, branch_id: 1, channel: 'selling' },
    marketing_preferences: { opt_in_terms: 'on' },
    lead_booking: { book_viewing: true, booking_time: '10:00', booking_day: 25, booking_month: 11, booking_year: 2026 },
    ...overrides,
  };
}

function errorsOfDetails(overrides: Record<string, unknown>) {
  const result = valuationDetailsSchema.safeParse({ ...details, ...overrides });
  return result.success ? [] : fieldErrorsOf(result.error);
}

describe('valuation form rules (spec point 5)', () => {
  it('accepts a complete visitor, normalising the postcode', () => {
    const result = valuationDetailsSchema.parse(details);
    expect(result.postcode).toBe('BS8 4DR');
    expect(result.first_name).toBe('Zoë');
  });

  it.each([
    ['first_name', '', VALUATION_MESSAGES.firstName],
    ['first_name', '   ', VALUATION_MESSAGES.firstName],
    ['first_name', 'Ann2', VALUATION_MESSAGES.firstName],
    ['last_name', '', VALUATION_MESSAGES.lastName],
    ['last_name', '<script>', VALUATION_MESSAGES.lastName],
    ['tel_home', '', VALUATION_MESSAGES.phone],
    ['tel_home', '12345', VALUATION_MESSAGES.phone],
    ['tel_home', '0117abc4960', VALUATION_MESSAGES.phone],
    ['email', '', VALUATION_MESSAGES.email],
    ['email', 'ann@', VALUATION_MESSAGES.email],
    ['email', 'ann@example', VALUATION_MESSAGES.email],
    ['street', '', VALUATION_MESSAGES.street],
    ['town', '', VALUATION_MESSAGES.town],
    ['town', '123', VALUATION_MESSAGES.town],
    ['postcode', '', VALUATION_MESSAGES.postcode],
    ['postcode', 'ABC', VALUATION_MESSAGES.postcode],
    ['house_number', '12345678901', VALUATION_MESSAGES.houseNumber],
    ['house_number', '#12', VALUATION_MESSAGES.houseNumber],
    ['county', '42', VALUATION_MESSAGES.county],
    ['channel', 'renting', VALUATION_MESSAGES.channel],
  ])('%s = %j gives %s', (field, value, message) => {
    expect(errorsOfDetails({ [field]: value })).toEqual([{ field, message }]);
  });

  it('keeps house number and county optional', () => {
    expect(errorsOfDetails({ house_number: '', county: '' })).toEqual([]);
    expect(errorsOfDetails({ house_number: undefined, county: undefined, house_name: undefined })).toEqual([]);
    expect(errorsOfDetails({ house_number: '12A' })).toEqual([]);
  });

  it('requires the terms to be ticked', () => {
    const result = valuationConfirmSchema.safeParse({ message: 'Hello', opt_in_terms: undefined });
    expect(result.success ? [] : fieldErrorsOf(result.error)).toEqual([
      { field: 'opt_in_terms', message: VALUATION_MESSAGES.terms },
    ]);
    expect(valuationConfirmSchema.safeParse({ opt_in_terms: 'on' }).success).toBe(true);
  });

  it('drops letters from the phone as it is typed', () => {
    expect(filterPhoneInput('0117 abc 496-0000')).toBe('0117  496-0000');
    expect(filterPhoneInput('+44 (0)117')).toBe('+44 (0)117');
  });
});

describe('postcodes, addresses and dates', () => {
  it('normalises postcodes and finds their district', () => {
    expect(normalisePostcode(' ba1 1de ')).toBe('BA1 1DE');
    expect(normalisePostcode('EH23BU')).toBe('EH2 3BU');
    expect(normalisePostcode('CF11 9LQ')).toBe('CF11 9LQ');
    expect(normalisePostcode('SW1A1AA')).toBe('SW1A 1AA');
    expect(normalisePostcode('12345')).toBeNull();
    expect(outcodeOf('bs8 4dr')).toBe('BS8');
    expect(outcodeOf('GL50')).toBe('GL50');
    expect(outcodeOf('nonsense')).toBeNull();
  });

  it('builds the street address from house name, number and street', () => {
    expect(streetAddressOf({ house_number: '12', street: 'High Street' })).toBe('12 High Street');
    expect(streetAddressOf({ house_name: 'Rose Cottage', house_number: '', street: 'Mill Lane' })).toBe(
      'Rose Cottage, Mill Lane',
    );
  });

  it('knows real dates and the bookable window in UK time', () => {
    expect(isoDateOf(2026, 2, 31)).toBeNull();
    expect(isoDateOf(2028, 2, 29)).toBe('2028-02-29');
    expect(todayInUk(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(isBookableDate('2026-11-23', now)).toBe(true);
    expect(isBookableDate('2026-11-22', now)).toBe(false);
    expect(isBookableDate('2027-05-22', now)).toBe(true);
    expect(isBookableDate('2027-12-01', now)).toBe(false);
  });
});

describe('POST /leads valuation payload (spec point 7)', () => {
  const schema = valuationLeadSchema(now);

  it('parses the multi-step payload with its booking', () => {
    const lead = schema.parse(validPayload());
    expect(lead.lead.branch_id).toBe(1);
    expect(lead.lead_booking).toEqual({ bookingTime: '10:00', date: '2026-11-25', times: ['10:00'], isGroup: false });
    expect(lead.lead_client.postcode).toBe('BA1 1DE');
  });

  it('parses the single-step payload (no booking, optional g-recaptcha-response, no branch)', () => {
    const lead = schema.parse(
      validPayload({
        lead_booking: undefined,
        'g-recaptcha-response': 'abc',
        lead: { is_valuation_request: 'true', channel: 'letting', branch_id: '' },
      }),
    );
    expect(lead.lead_booking).toBeUndefined();
    expect(lead.lead.branch_id).toBeNull();
    expect(lead.lead.message).toBe('');
  });

  it('names every missing field of an empty payload with its message', () => {
    const result = schema.safeParse({ lead: { is_valuation_request: true } });
    expect(result.success).toBe(false);
    const errors = result.success ? [] : fieldErrorsOf(result.error);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'lead_client.first_name', message: VALUATION_MESSAGES.firstName },
        { field: 'lead_client.last_name', message: VALUATION_MESSAGES.lastName },
        { field: 'lead_client.email', message: VALUATION_MESSAGES.email },
        { field: 'lead_client.tel_home', message: VALUATION_MESSAGES.phone },
        { field: 'lead_client.street_address', message: VALUATION_MESSAGES.street },
        { field: 'lead_client.town', message: VALUATION_MESSAGES.town },
        { field: 'lead_client.postcode', message: VALUATION_MESSAGES.postcode },
        { field: 'marketing_preferences.opt_in_terms', message: VALUATION_MESSAGES.terms },
      ]),
    );
  });

  it('refuses a bad time slot, a past date and an impossible date', () => {
    const errorsFor = (booking: Record<string, unknown>) => {
      const result = schema.safeParse(validPayload({ lead_booking: { ...validPayload().lead_booking, ...booking } }));
      return result.success ? [] : fieldErrorsOf(result.error);
    };
    expect(errorsFor({ booking_time: '8:00' })).toEqual([
      { field: 'lead_booking.booking_time', message: VALUATION_MESSAGES.timeSlot },
    ]);
    expect(errorsFor({ booking_time: '' })).toEqual([
      { field: 'lead_booking.booking_time', message: VALUATION_MESSAGES.timeSlot },
    ]);
    expect(errorsFor({ booking_day: 20 })).toEqual([
      { field: 'lead_booking.booking_day', message: VALUATION_MESSAGES.date },
    ]);
    expect(errorsFor({ booking_day: 31, booking_month: 2 })).toEqual([
      { field: 'lead_booking.booking_day', message: VALUATION_MESSAGES.date },
    ]);
    expect(errorsFor({ booking_day: 'x' })).toEqual([
      { field: 'lead_booking.booking_day', message: VALUATION_MESSAGES.date },
    ]);
    expect(errorsFor({ booking_time: 'All am, All pm' })).toEqual([]);
  });

  it('refuses a payload that is not a valuation request, and odd types', () => {
    expect(
      schema.safeParse(validPayload({ lead: { ...validPayload().lead, is_valuation_request: false } })).success,
    ).toBe(false);
    expect(schema.safeParse(validPayload({ lead_client: 'x' })).success).toBe(false);
    expect(schema.safeParse(validPayload({ lead: { ...validPayload().lead, branch_id: 'abc' } })).success).toBe(false);
  });
});
