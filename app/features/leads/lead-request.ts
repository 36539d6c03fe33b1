/**
 * Reads a lead call's body into its groups. Rails-style names come either form-encoded (`lead_client[email]=…`)
 * or as JSON objects (`{ "lead_client": { "email": "…" } }`); both give the same shape.
 */
import {
  fieldRecord,
  isFieldRecord,
  readFields,
  toPlainObject,
  type FieldRecord,
} from '../../lib/http/request-body.ts';
import { HONEYPOT_FIELD } from '../spam/index.ts';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';

export type LeadGroups = {
  /** lead_client{…} */
  client: FieldRecord;
  /** lead{…} */
  lead: FieldRecord;
  /** marketing_preferences{…} or market_preferences{…} */
  marketing: FieldRecord;
  /** send_to_friend{…} */
  sendToFriend: FieldRecord;
  /** Everything else at the top level (authenticity_token, g-recaptcha-response, altcha, property_id…). */
  top: FieldRecord;
};

const NESTED_NAME = /^([A-Za-z_]+)\[([A-Za-z_]+)\]$/;
/** A Map, not an object: a posted name such as `toString[x]` or `constructor` must not find an inherited entry. */
const GROUPS = new Map<string, keyof Omit<LeadGroups, 'top'>>([
  ['lead_client', 'client'],
  ['lead', 'lead'],
  ['marketing_preferences', 'marketing'],
  ['market_preferences', 'marketing'],
  ['send_to_friend', 'sendToFriend'],
]);

function setField(record: FieldRecord, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

export function groupLeadFields(input: Record<string, unknown>): LeadGroups {
  const groups: LeadGroups = {
    client: fieldRecord(),
    lead: fieldRecord(),
    marketing: fieldRecord(),
    sendToFriend: fieldRecord(),
    top: fieldRecord(),
  };
  for (const [key, value] of Object.entries(input)) {
    const match = NESTED_NAME.exec(key);
    const nestedGroup = match ? GROUPS.get(match[1]!) : undefined;
    const wholeGroup = GROUPS.get(key);
    if (match && nestedGroup) {
      setField(groups[nestedGroup], match[2]!, value);
    } else if (wholeGroup && isFieldRecord(value)) {
      for (const [name, nested] of Object.entries(value)) setField(groups[wholeGroup], name, nested);
    } else {
      setField(groups.top, key, value);
    }
  }
  return groups;
}

/** JSON or form-encoded (app/lib/http); anything else, or a broken body, is an HttpError (400/413/415). */
export async function readLeadRequest(request: Request): Promise<LeadGroups> {
  return groupLeadFields(await readFields(request));
}

/** The honeypot (lead_client[body], or a top-level body) holds something: a bot filled it. */
export function honeypotValue(groups: LeadGroups): unknown {
  return groups.client[HONEYPOT_FIELD] ?? groups.top[HONEYPOT_FIELD] ?? groups.sendToFriend[HONEYPOT_FIELD];
}

const SECRET_TOP_FIELDS = new Set(['authenticity_token', 'g-recaptcha-response', 'altcha', '_method']);

/** What is stored as the lead's payload: the request as received, minus the token, honeypot and bot-check proof. */
export function leadPayload(groups: LeadGroups): Record<string, unknown> {
  const { [HONEYPOT_FIELD]: _clientHoneypot, ...client } = groups.client;
  const payload = fieldRecord();
  if (Object.keys(client).length > 0) payload.lead_client = client;
  if (Object.keys(groups.lead).length > 0) payload.lead = groups.lead;
  if (Object.keys(groups.marketing).length > 0) payload.marketing_preferences = groups.marketing;
  if (Object.keys(groups.sendToFriend).length > 0) {
    const { [HONEYPOT_FIELD]: _friendHoneypot, ...sendToFriend } = groups.sendToFriend;
    payload.send_to_friend = sendToFriend;
  }
  for (const [key, value] of Object.entries(groups.top)) {
    if (!SECRET_TOP_FIELDS.has(key) && key !== HONEYPOT_FIELD) setField(payload, key, value);
  }
  return toPlainObject(payload) as Record<string, unknown>;
}

/** The flat record the lead schemas validate. */
export function leadFormInput(groups: LeadGroups): Record<string, unknown> {
  return {
    ...groups.client,
    tel_home: groups.client.tel_home ?? groups.client.tel_mobile,
    message: groups.lead.message,
    opt_in_terms: groups.marketing.opt_in_terms,
  };
}

/** A positive integer id from a posted value, or null. */
export function idOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/** A same-site path to return to after a form post without JavaScript; anything else falls back. */
export function safeReturnPath(value: unknown, fallback: string): string {
  return safeRedirectPath(value, fallback);
}
