/**
 * What a visitor sent, read for people: every lead form stores its request as received (Rails-style groups for the
 * lead calls, the answers by field name for custom forms), and staff see labels and values, never JSON keys.
 */
import type { FormElement } from '../../../db/schema/leads.ts';
import { ownEntry } from '../../lib/own-entry.ts';

export type LeadField = { label: string; value: string };

/** Names the spec's lead calls use, with the words staff know them by. */
const FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  name: 'Name',
  email: 'Email',
  friend_email: "Friend's email",
  tel_home: 'Phone',
  tel_mobile: 'Mobile',
  phone: 'Phone',
  house_name: 'House name',
  house_number: 'House number',
  street_address: 'Street',
  street: 'Street',
  town: 'Town',
  county: 'County',
  postcode: 'Postcode',
  message: 'Message',
  channel: 'Looking to',
  do_not_contact: 'Asked not to be contacted',
  opt_in_terms: 'Agreed to the terms',
  terms: 'Agreed to the terms',
  booking_date: 'Preferred date',
  booking_time: 'Preferred times',
  times: 'Preferred times',
  date: 'Preferred date',
  property_type: 'Property type',
  bedrooms: 'Bedrooms',
  source: 'Started from',
};

/** Routing and bookkeeping fields: shown as the lead's property, branch or form instead, or meaningless to staff. */
const HIDDEN_FIELDS = new Set([
  'form',
  'return_to',
  'success_to',
  'redirect_url',
  'is_valuation_request',
  'is_branch_lead',
  'lead_type',
  'agency_employee_id',
  'branch_department_id',
  'branch_id',
  'property_id',
  'development_id',
  'f_id',
]);

/** The groups of the lead calls, in the order a person reads them. */
const GROUPS = ['lead_client', 'lead', 'lead_booking', 'marketing_preferences', 'market_preferences', 'send_to_friend'];

function humanise(name: string): string {
  const words = name.replace(/[_\-[\]]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

function labelOf(name: string): string {
  return ownEntry(FIELD_LABELS, name) ?? humanise(name);
}

function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    return trimmed;
  }
  if (Array.isArray(value)) {
    const parts = value.map(textOf).filter((part): part is string => part !== null);
    return parts.length > 0 ? parts.join(', ') : null;
  }
  return null;
}

/** A ticked box arrives as 'on', '1' or 'true'. */
function checkboxText(value: string): string {
  return /^(on|1|true|yes)$/i.test(value) ? 'Yes' : /^(0|false|no|off)$/i.test(value) ? 'No' : value;
}

const CHECKBOX_FIELDS = new Set(['do_not_contact', 'opt_in_terms', 'terms']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pushField(fields: LeadField[], name: string, value: unknown): void {
  if (HIDDEN_FIELDS.has(name)) return;
  const text = textOf(value);
  if (text === null) return;
  fields.push({ label: labelOf(name), value: CHECKBOX_FIELDS.has(name) ? checkboxText(text) : text });
}

/**
 * The fields of a lead in reading order. With the form's elements (custom forms and the new-homes enquiry) each
 * answer is labelled with the form's own field name and in the form's order; anything else the payload holds follows.
 */
export function readableLeadFields(
  payload: Record<string, unknown>,
  formElements: readonly FormElement[] | null = null,
): LeadField[] {
  const fields: LeadField[] = [];
  const seen = new Set<string>();
  for (const element of formElements ?? []) {
    if (element.inputType === 'file') continue;
    seen.add(element.fieldName);
    const text = textOf(payload[element.fieldName]);
    if (text === null || HIDDEN_FIELDS.has(element.fieldName)) continue;
    fields.push({ label: element.friendlyName, value: element.inputType === 'checkbox' ? checkboxText(text) : text });
  }
  for (const group of GROUPS) {
    const values = payload[group];
    if (!isRecord(values)) continue;
    seen.add(group);
    for (const [name, value] of Object.entries(values)) {
      if (isRecord(value)) continue;
      pushField(fields, name, value);
    }
  }
  for (const [name, value] of Object.entries(payload)) {
    if (seen.has(name) || isRecord(value)) continue;
    pushField(fields, name, value);
  }
  return fields;
}

export type VisitorSummary = { name: string; phone: string; address: string; message: string };

function firstText(...values: unknown[]): string {
  for (const value of values) {
    const text = textOf(value);
    if (text !== null) return text;
  }
  return '';
}

/** Name, phone, address and message wherever the form kept them, for the list and the CSV export. */
export function visitorSummary(payload: Record<string, unknown>): VisitorSummary {
  const client = isRecord(payload.lead_client) ? payload.lead_client : {};
  const lead = isRecord(payload.lead) ? payload.lead : {};
  const friend = isRecord(payload.send_to_friend) ? payload.send_to_friend : {};
  const fullName = [firstText(client.first_name, payload.first_name), firstText(client.last_name, payload.last_name)]
    .filter(Boolean)
    .join(' ');
  const addressParts = [
    firstText(client.house_name, payload.house_name),
    firstText(client.house_number, payload.house_number),
    firstText(client.street_address, payload.street_address, payload.street),
    firstText(client.town, payload.town),
    firstText(client.county, payload.county),
    firstText(client.postcode, payload.postcode),
  ].filter(Boolean);
  return {
    name: fullName || firstText(payload.name, payload.full_name, friend.name),
    phone: firstText(client.tel_home, client.tel_mobile, payload.phone, payload.tel_home, payload.telephone),
    address:
      addressParts.length > 0
        ? addressParts.join(', ')
        : firstText(payload.address, payload.property_address, payload.current_home_address),
    message: firstText(lead.message, payload.message, friend.message, payload.cover_letter),
  };
}
