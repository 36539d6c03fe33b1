/**
 * An account call's fields as one flat record. Rails-style nested names are accepted in both shapes:
 * `user[first_name]=Ann` or `{ "user": { "first_name": "Ann" } }` both give `first_name`, and
 * `marketing_preferences[opt_in_terms]` gives `opt_in_terms`. Top-level fields win over nested ones.
 * The body itself is read by the request layer (app/lib/http).
 */
import { fieldRecord, isFieldRecord, readFields, type FieldRecord } from '../../lib/http/request-body.ts';

export type RequestFields = FieldRecord;

const NESTED_NAME = /^([a-z_]+)\[([a-z_]+)\]$/;
const FLATTENED_GROUPS = new Set(['user', 'lead_client', 'marketing_preferences', 'market_preferences']);

export function flattenFields(input: Record<string, unknown>): RequestFields {
  const nested: [string, unknown][] = [];
  const top: [string, unknown][] = [];
  for (const [key, value] of Object.entries(input)) {
    const match = NESTED_NAME.exec(key);
    if (match && FLATTENED_GROUPS.has(match[1]!)) {
      nested.push([match[2]!, value]);
    } else if (FLATTENED_GROUPS.has(key) && isFieldRecord(value)) {
      nested.push(...Object.entries(value));
    } else {
      top.push([key, value]);
    }
  }
  return fieldRecord([...nested, ...top]);
}

/** JSON, form-encoded or empty; anything else is an HttpError (400/413/415). */
export async function readRequestFields(request: Request): Promise<RequestFields> {
  return flattenFields(await readFields(request));
}
