import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildAppointmentIcs, icsContentType, type AppointmentInvitation } from './diary-ics.ts';

const invitation: AppointmentInvitation = {
  method: 'REQUEST',
  uid: 'diary-42-0f6c@doorstep.example',
  sequence: 0,
  startsAt: new Date('2026-07-04T09:30:00Z'),
  durationMinutes: 45,
  title: 'Viewing: 1 High Street, Bath',
  description: 'Viewing with Doorstep Estates, Bath branch.',
  location: '1 High Street, Bath',
  organizer: { name: 'Doorstep Estates, Bath', email: 'bath@agency.example' },
  attendee: { name: 'Vera "V" Visitor', email: 'vera@example.com' },
};

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, event, wrapped: new ICAL.Event(event) };
}

describe('the calendar invitation', () => {
  it('is a REQUEST with the event’s UID, SEQUENCE, time in UTC, duration, place and both people', () => {
    const text = buildAppointmentIcs(invitation);
    expect(text).toMatch(/\r\n/);
    const { calendar, event, wrapped } = parse(text);
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect(wrapped.uid).toBe(invitation.uid);
    expect(wrapped.sequence).toBe(0);
    expect(wrapped.startDate.toJSDate().toISOString()).toBe('2026-07-04T09:30:00.000Z');
    expect(wrapped.endDate.toJSDate().toISOString()).toBe('2026-07-04T10:15:00.000Z');
    expect(wrapped.summary).toBe('Viewing: 1 High Street, Bath');
    expect(wrapped.location).toBe('1 High Street, Bath');
    expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(String(event.getFirstPropertyValue('organizer')).toLowerCase()).toBe('mailto:bath@agency.example');
    const attendee = event.getFirstProperty('attendee')!;
    expect(String(attendee.getFirstValue()).toLowerCase()).toBe('mailto:vera@example.com');
    expect(attendee.getParameter('cn')).toBe('Vera V Visitor');
  });

  it('keeps the UID and raises SEQUENCE when the time moves; a cancel is METHOD:CANCEL, STATUS:CANCELLED', () => {
    const moved = parse(
      buildAppointmentIcs({ ...invitation, sequence: 1, startsAt: new Date('2026-07-05T13:00:00Z') }),
    );
    expect(moved.wrapped.uid).toBe(invitation.uid);
    expect(moved.wrapped.sequence).toBe(1);
    expect(moved.wrapped.startDate.toJSDate().toISOString()).toBe('2026-07-05T13:00:00.000Z');
    const cancelled = parse(buildAppointmentIcs({ ...invitation, method: 'CANCEL', sequence: 2 }));
    expect(cancelled.calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(cancelled.wrapped.uid).toBe(invitation.uid);
    expect(cancelled.wrapped.sequence).toBe(2);
    expect(cancelled.event.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('keeps a visitor’s line breaks out of one-line properties', () => {
    const text = buildAppointmentIcs({
      ...invitation,
      location: '1 High St\r\nX-INJECTED:yes',
      title: 'Viewing\nATTENDEE:mailto:evil@example.com',
    });
    expect(text).not.toMatch(/^X-INJECTED/m);
    expect(text.match(/^ATTENDEE/gm)).toHaveLength(1);
    expect(parse(text).wrapped.location).toBe('1 High St X-INJECTED:yes');
  });

  it('names its method in the attachment’s content type', () => {
    expect(icsContentType('CANCEL')).toBe('text/calendar; charset=utf-8; method=CANCEL');
  });
});
