import { describe, expect, it } from 'vitest';
import { readableLeadFields, visitorSummary } from './lead-fields.ts';

describe('readableLeadFields', () => {
  it('labels the lead calls’ fields in words, in reading order, without routing fields', () => {
    const fields = readableLeadFields({
      lead_client: {
        first_name: 'Ann',
        last_name: 'Smith',
        tel_home: '01234 567890',
        postcode: 'BA1 1AA',
        do_not_contact: '1',
        empty: '  ',
      },
      lead: { message: 'Is the garden south facing?', lead_type: 'branch_department_enquiry', branch_id: '3' },
      lead_booking: { booking_date: '2026-12-01', booking_time: ['09:00', '09:30'] },
      marketing_preferences: { opt_in_terms: 'on' },
      property_id: '12',
      return_to: '/properties/x',
    });
    expect(fields).toEqual([
      { label: 'First name', value: 'Ann' },
      { label: 'Last name', value: 'Smith' },
      { label: 'Phone', value: '01234 567890' },
      { label: 'Postcode', value: 'BA1 1AA' },
      { label: 'Asked not to be contacted', value: 'Yes' },
      { label: 'Message', value: 'Is the garden south facing?' },
      { label: 'Preferred date', value: '2026-12-01' },
      { label: 'Preferred times', value: '09:00, 09:30' },
      { label: 'Agreed to the terms', value: 'Yes' },
    ]);
  });

  it('uses a form’s own field names and order, then anything else it holds', () => {
    const fields = readableLeadFields(
      { email: 'ann@example.com', name: 'Ann', cv: 'x.pdf', extra_field: 'More', form: 'careers' },
      [
        { fieldName: 'name', friendlyName: 'Your name', required: true, inputType: 'text', fieldPosition: 'half' },
        { fieldName: 'email', friendlyName: 'Your email', required: true, inputType: 'email', fieldPosition: 'half' },
        { fieldName: 'cv', friendlyName: 'CV', required: true, inputType: 'file', fieldPosition: 'full' },
        {
          fieldName: 'ok',
          friendlyName: 'Happy to hear',
          required: false,
          inputType: 'checkbox',
          fieldPosition: 'full',
        },
      ],
    );
    expect(fields).toEqual([
      { label: 'Your name', value: 'Ann' },
      { label: 'Your email', value: 'ann@example.com' },
      { label: 'Cv', value: 'x.pdf' },
      { label: 'Extra field', value: 'More' },
    ]);
  });
});

describe('visitorSummary', () => {
  it('finds name, phone, address and message in every payload shape', () => {
    expect(
      visitorSummary({
        lead_client: {
          first_name: 'Ann',
          last_name: 'Smith',
          tel_home: '0123',
          house_number: '4',
          street_address: 'Mill Lane',
          postcode: 'BA1 1AA',
        },
        lead: { message: 'Hello' },
      }),
    ).toEqual({ name: 'Ann Smith', phone: '0123', address: '4, Mill Lane, BA1 1AA', message: 'Hello' });
    expect(
      visitorSummary({ name: 'Bob Jones', phone: '0777', property_address: '9 Orchard Way', message: 'Hi' }),
    ).toEqual({
      name: 'Bob Jones',
      phone: '0777',
      address: '9 Orchard Way',
      message: 'Hi',
    });
    expect(visitorSummary({ send_to_friend: { name: 'Fred', message: 'Look' } })).toMatchObject({
      name: 'Fred',
      message: 'Look',
    });
    expect(visitorSummary({})).toEqual({ name: '', phone: '', address: '', message: '' });
  });
});

describe('a visitor’s field named after an Object member', () => {
  it('is labelled from its name, as any field the form did not expect', () => {
    // As the lead's payload comes back from the database: JSON, so `__proto__` is an ordinary key.
    const payload = JSON.parse(
      '{"lead_client":{"first_name":"Ann","toString":"a","constructor":"b","__proto__":"c","valueOf":"d"},"hasOwnProperty":"e"}',
    ) as Record<string, unknown>;
    const fields = readableLeadFields(payload);
    expect(fields).toEqual([
      { label: 'First name', value: 'Ann' },
      { label: 'ToString', value: 'a' },
      { label: 'Constructor', value: 'b' },
      { label: 'Proto', value: 'c' },
      { label: 'ValueOf', value: 'd' },
      { label: 'HasOwnProperty', value: 'e' },
    ]);
    for (const field of fields) expect(typeof field.label).toBe('string');
  });
});
