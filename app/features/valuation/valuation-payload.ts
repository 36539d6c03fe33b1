import { HONEYPOT_FIELD } from '../spam/index.ts';
import { streetAddressOf, type ValuationChannel, type ValuationDetails } from './valuation-schema.ts';

/** Where a valuation request started, when not on the valuation form itself. */
export type ValuationSource = 'instant-valuation';

/** The `from` query parameter that marks a valuation opened from the instant valuation. */
const INSTANT_VALUATION_SOURCE: ValuationSource = 'instant-valuation';

export function valuationSourceOf(search: string): ValuationSource | null {
  return new URLSearchParams(search).get('from') === INSTANT_VALUATION_SOURCE ? INSTANT_VALUATION_SOURCE : null;
}

/** The chosen appointment of the multi-step flow: a YYYY-MM-DD date and the booking_time text (time-slots.ts). */
export type ValuationAppointment = { date: string; bookingTime: string };

/**
 * The exact JSON body of POST /leads for a valuation (spec point 7). Multi-step requests carry lead_booking;
 * single-step ones carry the bot check's fields (g-recaptcha-response or altcha) but no booking.
 */
export function buildValuationPayload(input: {
  csrfToken: string;
  details: ValuationDetails;
  honeypot: string;
  message: string;
  branchId: number | null;
  appointment: ValuationAppointment | null;
  botFields: Record<string, string>;
  /** Set when the visitor came from the instant valuation's offer of a full valuation. */
  source?: ValuationSource | null;
}): Record<string, unknown> {
  const { details, appointment } = input;
  const payload: Record<string, unknown> = {
    authenticity_token: input.csrfToken,
    ...input.botFields,
    lead_client: {
      first_name: details.first_name,
      last_name: details.last_name,
      [HONEYPOT_FIELD]: input.honeypot,
      email: details.email,
      tel_home: details.tel_home,
      do_not_contact: '1',
      street_address: streetAddressOf(details),
      town: details.town,
      county: details.county,
      postcode: details.postcode,
    },
    lead: {
      valuation_reason: valuationReasonOf(details.channel),
      message: input.message,
      is_valuation_request: true,
      branch_id: input.branchId ?? '',
      channel: details.channel,
      // Only when there is one: the spec's body is unchanged for every other request.
      ...(input.source ? { source: input.source } : {}),
    },
    marketing_preferences: { opt_in_terms: 'on' },
  };
  if (appointment) {
    const [year, month, day] = appointment.date.split('-').map(Number);
    payload.lead_booking = {
      book_viewing: true,
      booking_time: appointment.bookingTime,
      booking_day: day,
      booking_month: month,
      booking_year: year,
    };
  }
  return payload;
}

function valuationReasonOf(channel: ValuationChannel): string {
  return channel === 'letting' ? 'I am thinking of letting my property' : 'I am thinking of selling my property';
}
