/**
 * The calendar invitation sent with each diary email (RFC 5545/5546, written by the `ics` library). One appointment is
 * one event for its whole life: the same UID every time, SEQUENCE one higher on every change, METHOD:REQUEST when it
 * is booked or moved and METHOD:CANCEL when it is called off, so the visitor's calendar updates or removes the event
 * it already holds instead of adding another. Times are written in UTC (no VTIMEZONE needed).
 */
import { createEvent } from 'ics';

export type AppointmentInvitation = {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  startsAt: Date;
  durationMinutes: number;
  title: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
};

export const ICS_FILENAME = 'appointment.ics';

export function icsContentType(method: AppointmentInvitation['method']): string {
  return `text/calendar; charset=utf-8; method=${method}`;
}

/** The .ics text; throws when the library refuses the event (a bug here, never the visitor's input). */
export function buildAppointmentIcs(invitation: AppointmentInvitation): string {
  const result = createEvent({
    productId: 'doorstep/diary',
    method: invitation.method,
    uid: invitation.uid,
    sequence: invitation.sequence,
    start: invitation.startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: invitation.durationMinutes },
    title: oneLine(invitation.title),
    description: invitation.description,
    location: oneLine(invitation.location),
    status: invitation.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: oneLine(invitation.organizer.name), email: invitation.organizer.email },
    attendees: [
      {
        name: oneLine(invitation.attendee.name) || invitation.attendee.email,
        email: invitation.attendee.email,
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
    ],
  });
  if (result.error || !result.value) throw result.error ?? new Error('the calendar event was not written');
  return result.value;
}

/** Names and places in a calendar property: one line, quotes out (they delimit parameter values). */
function oneLine(text: string): string {
  return text
    .replace(/[\r\n"]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
