import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { errorList } from '../../lib/http/form-submission.ts';
import { parseFields } from '../../lib/http/form-submission.server.ts';
import {
  contactLeadSchema,
  filterPhoneInput,
  isValidPhone,
  LEAD_MESSAGES,
  leadFieldName,
  sendToFriendSchema,
  SEND_TO_FRIEND_MESSAGES,
  viewingLeadSchema,
} from './lead-schemas.ts';
import { firstErrors } from './leads.server.ts';

/** The lead calls' check: the one form layer's parse, errors as the JSON answer gives them. */
function validateWith(schema: z.ZodType, input: Record<string, unknown>) {
  const submission = parseFields(input, schema);
  return submission.status === 'success'
    ? ({ success: true, data: submission.value } as const)
    : ({ success: false, errors: firstErrors(errorList(submission.error)) } as const);
}

const valid = {
  first_name: 'Zoë',
  last_name: 'Smith-Jones',
  email: 'zoe@example.co.uk',
  tel_home: '01225 123456',
  message: 'Could I see it on Saturday?',
  opt_in_terms: 'on',
};

function errorsFor(input: Record<string, unknown>, schema = viewingLeadSchema) {
  const result = validateWith(schema, input);
  return result.success ? {} : result.errors;
}

describe('viewing, staff and department lead rules (spec point 5)', () => {
  it('accepts a complete form, trimming values and leaving the address optional', () => {
    const result = validateWith(viewingLeadSchema, { ...valid, first_name: '  Zoë  ' });
    expect(result.success).toBe(true);
    if (result.success) expect(result.data).toMatchObject({ first_name: 'Zoë', opt_in_terms: true, town: '' });
  });

  it('names: letters including accented ones, hyphen and space only', () => {
    expect(errorsFor({ ...valid, first_name: 'Ann Marie' })).toEqual({});
    expect(errorsFor({ ...valid, first_name: 'Ann3' })).toEqual({ first_name: LEAD_MESSAGES.firstName });
    expect(errorsFor({ ...valid, last_name: "O'Neil" })).toEqual({ last_name: LEAD_MESSAGES.lastName });
    expect(errorsFor({ ...valid, first_name: '   ' })).toEqual({ first_name: LEAD_MESSAGES.firstName });
    expect(errorsFor({ ...valid, last_name: undefined })).toEqual({ last_name: LEAD_MESSAGES.lastName });
  });

  it('email: required, standard pattern', () => {
    expect(errorsFor({ ...valid, email: 'zoe@example' })).toEqual({ email: LEAD_MESSAGES.email });
    expect(errorsFor({ ...valid, email: 'zo e@example.com' })).toEqual({ email: LEAD_MESSAGES.email });
    expect(errorsFor({ ...valid, email: '' })).toEqual({ email: LEAD_MESSAGES.email });
  });

  it('phone: digits only, at least 6; letters are dropped as typed', () => {
    expect(isValidPhone('123456')).toBe(true);
    expect(isValidPhone('12345')).toBe(false);
    expect(isValidPhone('+44 1225 123456')).toBe(true);
    expect(isValidPhone('01225-123456')).toBe(false);
    expect(errorsFor({ ...valid, tel_home: '12a456' })).toEqual({ tel_home: LEAD_MESSAGES.phone });
    expect(errorsFor({ ...valid, tel_home: '' })).toEqual({ tel_home: LEAD_MESSAGES.phone });
    expect(filterPhoneInput('01a2b25 (1)')).toBe('01225 1');
  });

  it('message: required and not blank for a viewing, optional for staff and department leads', () => {
    expect(errorsFor({ ...valid, message: '  \n ' })).toEqual({ message: LEAD_MESSAGES.message });
    expect(errorsFor({ ...valid, message: '' }, contactLeadSchema)).toEqual({});
  });

  it('terms must be ticked', () => {
    expect(errorsFor({ ...valid, opt_in_terms: undefined })).toEqual({ opt_in_terms: LEAD_MESSAGES.terms });
    expect(errorsFor({ ...valid, opt_in_terms: 'off' })).toEqual({ opt_in_terms: LEAD_MESSAGES.terms });
    expect(errorsFor({ ...valid, opt_in_terms: true })).toEqual({});
  });

  it('an empty form flags every required field', () => {
    expect(Object.keys(errorsFor({})).sort()).toEqual(
      ['email', 'first_name', 'last_name', 'message', 'opt_in_terms', 'tel_home'].sort(),
    );
  });

  it('names the fields as spec point 3 does', () => {
    expect(leadFieldName('first_name')).toBe('lead_client[first_name]');
    expect(leadFieldName('message')).toBe('lead[message]');
    expect(leadFieldName('opt_in_terms')).toBe('marketing_preferences[opt_in_terms]');
    expect(leadFieldName('opt_in_terms', 'contact')).toBe('market_preferences[opt_in_terms]');
  });
});

describe('send to a friend', () => {
  const friend = { name: 'Ann Smith', email: 'ann@example.com', friend_email: 'bob@example.com', message: 'Look!' };
  it('accepts names, two emails and a short note', () => {
    expect(validateWith(sendToFriendSchema, friend).success).toBe(true);
  });
  it('rejects a missing name, bad emails and links in the note', () => {
    const result = validateWith(sendToFriendSchema, {
      name: '',
      email: 'x',
      friend_email: 'y@',
      message: 'cheap pills at https://spam.example',
    });
    expect(result.success ? {} : result.errors).toEqual({
      name: SEND_TO_FRIEND_MESSAGES.name,
      email: SEND_TO_FRIEND_MESSAGES.email,
      friend_email: SEND_TO_FRIEND_MESSAGES.friendEmail,
      message: SEND_TO_FRIEND_MESSAGES.message,
    });
  });
});
