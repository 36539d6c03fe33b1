/**
 * What a route action answers to a form posted without JavaScript (docs/decisions/012): the errors to show (the
 * same FieldError list the script path shows) and the visitor's answers to put back in the fields. Passwords,
 * tokens and bot-check proofs are never echoed back into the page.
 */

/** One problem with a submitted form: the field's name (or 'form') and the spec's message. */
export type FieldError = { field: string; message: string };

export type FormReply = {
  errors: FieldError[];
  /** The submitted text values, minus anything secret. */
  values: Record<string, string>;
  /** Set when the post succeeded and the page shows its own confirmation instead of redirecting. */
  isDone?: boolean;
};

const SECRET_FIELD = /password|token|altcha|recaptcha|^_method$/i;

/** The submitted values safe to render again: strings only, never a password, token or bot-check proof. */
export function echoableValues(fields: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value !== 'string' || SECRET_FIELD.test(name)) continue;
    Object.defineProperty(values, name, { value: value.slice(0, 5000), enumerable: true, writable: true });
  }
  return values;
}

/** The reply inside a route's action data (`{ formReply }`), if this render follows a post. */
export function formReplyOf(actionData: unknown): FormReply | null {
  if (!actionData || typeof actionData !== 'object') return null;
  const reply = (actionData as { formReply?: unknown }).formReply;
  if (!reply || typeof reply !== 'object') return null;
  const { errors, values, isDone } = reply as Partial<FormReply>;
  return { errors: Array.isArray(errors) ? errors : [], values: values ?? {}, isDone: isDone === true };
}
