import { describe, expect, it } from 'vitest';
import { errorList, parseForm } from '../../lib/http/form-submission.ts';
import {
  addDays,
  todayInUk,
  VALUATION_MESSAGES,
  valuationAppointmentSchema,
  valuationDetailsFormSchema,
  valuationSingleStepSchema,
} from './valuation-schema.ts';

const person = {
  channel: 'selling',
  first_name: 'Vera',
  last_name: 'Valuer',
  email: 'v@example.com',
  tel_home: '07700 900123',
};

function errorsOf(schema: Parameters<typeof parseForm>[1], fields: Record<string, string>) {
  const submission = parseForm(new URLSearchParams(fields), schema);
  return errorList(submission.status === 'success' ? null : submission.error).map(
    (error) => `${error.field}: ${error.message}`,
  );
}

describe('the valuation forms as the browser checks them (Conform, the same rules as the server)', () => {
  it('step 1 with the lookup: one address message where the first address field would be reported', () => {
    expect(errorsOf(valuationDetailsFormSchema('lookup'), { channel: 'selling' })).toEqual([
      `first_name: ${VALUATION_MESSAGES.firstName}`,
      `last_name: ${VALUATION_MESSAGES.lastName}`,
      `email: ${VALUATION_MESSAGES.email}`,
      `tel_home: ${VALUATION_MESSAGES.phone}`,
      `address: ${VALUATION_MESSAGES.address}`,
    ]);
  });

  it('step 1 typed by hand (and every post without JavaScript): each address field has its own message', () => {
    expect(errorsOf(valuationDetailsFormSchema('manual'), { ...person, street: 'High Street' })).toEqual([
      `town: ${VALUATION_MESSAGES.town}`,
      `postcode: ${VALUATION_MESSAGES.postcode}`,
    ]);
    expect(errorsOf(valuationDetailsFormSchema(), { ...person, street: 'High Street' })).toHaveLength(2);
  });

  it('accepts a chosen address and gives the details as the server reads them', () => {
    const address = { street: 'Milsom Street', town: 'Bath', postcode: 'ba11de' };
    const submission = parseForm(new URLSearchParams({ ...person, ...address }), valuationDetailsFormSchema('lookup'));
    expect(submission.status).toBe('success');
    expect(submission.status === 'success' ? submission.value.postcode : null).toBe('BA1 1DE');
  });

  it('single step: the details first, then the terms', () => {
    expect(errorsOf(valuationSingleStepSchema('lookup'), { ...person, message: 'Hello' })).toEqual([
      `address: ${VALUATION_MESSAGES.address}`,
      `opt_in_terms: ${VALUATION_MESSAGES.terms}`,
    ]);
  });

  it('step 2: a bookable date and a time', () => {
    expect(errorsOf(valuationAppointmentSchema, { booking_date: '', booking_time: '' })).toEqual([
      `booking_date: ${VALUATION_MESSAGES.date}`,
      `booking_time: ${VALUATION_MESSAGES.timeSlot}`,
    ]);
    const tomorrow = addDays(todayInUk(), 1);
    expect(errorsOf(valuationAppointmentSchema, { booking_date: tomorrow, booking_time: 'All pm' })).toEqual([]);
    expect(errorsOf(valuationAppointmentSchema, { booking_date: '2001-01-01', booking_time: '10:00' })).toEqual([
      `booking_date: ${VALUATION_MESSAGES.date}`,
    ]);
  });
});
