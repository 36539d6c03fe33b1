/**
 * Reads a lead call's body into its groups. Rails-style names come either form-encoded (`lead_client[email]=…`)
 * or as JSON objects (`{ "lead_client": { "email": "…" } }`); both give the same shape.
 */
import { HONEYPOT_FIELD } from '../spam/index.ts';

export type LeadGroups = {
  /** lead_client{…} */
  client: Record<string, unknown>;
  /** lead{…} */
  lead: Record<string, unknown>;
  /** marketing_preferences{…} or market_preferences{…} */
  marketing: Record<string, unknown>;
  /** send_to_friend{…} */
  sendToFriend: Record<string, unknown>;
  /** Everything else at the top level (authenticity_token, g-recaptcha-response, altcha, property_id…). */
  top: Record<string, unknown>;
};

const NESTED_NAME = /^([A-Za-z_]+)\[([A-Za-z_]+)\]$/;
const GROUPS: Record<string, keyof Omit<LeadGroups, 'top'>> = {
  lead_client: 'client',
  lead: 'lead',
  marketing_preferences: 'marketing',
  market_preferences: 'marketing',
  send_to_friend: 'sendToFriend',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function groupLeadFields(input: Record<string, unknown>): LeadGroups {
  const groups: LeadGroups = { client: {}, lead: {}, marketing: {}, sendToFriend: {}, top: {} };
  for (const [key, value] of Object.entries(input)) {
    const match = NESTED_NAME.exec(key);
    const nestedGroup = match ? GROUPS[match[1]!] : undefined;
    if (match && nestedGroup) {
      groups[nestedGroup][match[2]!] = value;
    } else if (GROUPS[key] && isRecord(value)) {
      Object.assign(groups[GROUPS[key]], value);
    } else {
      groups.top[key] = value;
    }
  }
  return groups;
}

export class UnreadableLeadBodyError extends Error {}

const MAX_BODY_CHARS = 64_000;

/** JSON or form-encoded; anything else (or a broken body) is an UnreadableLeadBodyError, answered with 400. */
export async function readLeadRequest(request: Request): Promise<LeadGroups> {
  const contentType = request.headers.get('content-type') ?? '';
  let raw: string;
  try {
    raw = await request.text();
  } catch {
    throw new UnreadableLeadBodyError('unreadable body');
  }
  if (raw.length > MAX_BODY_CHARS) throw new UnreadableLeadBodyError('body too large');
  if (contentType.includes('json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new UnreadableLeadBodyError('invalid JSON');
    }
    if (!isRecord(parsed)) throw new UnreadableLeadBodyError('JSON body must be an object');
    return groupLeadFields(parsed);
  }
  if (contentType.includes('application/x-www-form-urlencoded') || raw.trim() === '') {
    return groupLeadFields(Object.fromEntries(new URLSearchParams(raw)));
  }
  throw new UnreadableLeadBodyError('unsupported content type');
}

/** The honeypot (lead_client[body], or a top-level body) holds something: a bot filled it. */
export function honeypotValue(groups: LeadGroups): unknown {
  return groups.client[HONEYPOT_FIELD] ?? groups.top[HONEYPOT_FIELD] ?? groups.sendToFriend[HONEYPOT_FIELD];
}

const SECRET_TOP_FIELDS = new Set(['authenticity_token', 'g-recaptcha-response', 'altcha', '_method']);

/** What is stored as the lead's payload: the request as received, minus the token, honeypot and bot-check proof. */
export function leadPayload(groups: LeadGroups): Record<string, unknown> {
  const { [HONEYPOT_FIELD]: _clientHoneypot, ...client } = groups.client;
  const payload: Record<string, unknown> = {};
  if (Object.keys(client).length > 0) payload.lead_client = client;
  if (Object.keys(groups.lead).length > 0) payload.lead = groups.lead;
  if (Object.keys(groups.marketing).length > 0) payload.marketing_preferences = groups.marketing;
  if (Object.keys(groups.sendToFriend).length > 0) {
    const { [HONEYPOT_FIELD]: _friendHoneypot, ...sendToFriend } = groups.sendToFriend;
    payload.send_to_friend = sendToFriend;
  }
  for (const [key, value] of Object.entries(groups.top)) {
    if (!SECRET_TOP_FIELDS.has(key) && key !== HONEYPOT_FIELD) payload[key] = value;
  }
  return payload;
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
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback;
  }
  return value.length > 500 ? fallback : value.split('#')[0]!;
}
