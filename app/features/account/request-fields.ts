/**
 * Reads an account call's body (JSON or form-encoded) into one flat record. Rails-style nested names are accepted
 * in both shapes: `user[first_name]=Ann` or `{ "user": { "first_name": "Ann" } }` both give `first_name`, and
 * `marketing_preferences[opt_in_terms]` gives `opt_in_terms`. Top-level fields win over nested ones.
 */
export type RequestFields = Record<string, unknown>;

const NESTED_NAME = /^([a-z_]+)\[([a-z_]+)\]$/;
const FLATTENED_GROUPS = new Set(['user', 'lead_client', 'marketing_preferences', 'market_preferences']);

export function flattenFields(input: Record<string, unknown>): RequestFields {
  const nested: RequestFields = {};
  const top: RequestFields = {};
  for (const [key, value] of Object.entries(input)) {
    const match = NESTED_NAME.exec(key);
    if (match && FLATTENED_GROUPS.has(match[1]!)) {
      nested[match[2]!] = value;
    } else if (FLATTENED_GROUPS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) {
      Object.assign(nested, value);
    } else {
      top[key] = value;
    }
  }
  return { ...nested, ...top };
}

export class UnreadableBodyError extends Error {}

export async function readRequestFields(request: Request): Promise<RequestFields> {
  const contentType = request.headers.get('content-type') ?? '';
  try {
    if (contentType.includes('json')) {
      const parsed: unknown = await request.json();
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UnreadableBodyError();
      return flattenFields(parsed as Record<string, unknown>);
    }
    if (contentType.includes('application/x-www-form-urlencoded')) {
      const params = new URLSearchParams(await request.text());
      return flattenFields(Object.fromEntries(params));
    }
    const text = await request.text();
    if (text.trim() === '') return {};
    throw new UnreadableBodyError();
  } catch {
    throw new UnreadableBodyError();
  }
}
