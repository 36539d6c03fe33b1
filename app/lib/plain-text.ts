/**
 * Text the back office's editors keep for the public site. C0/C1 controls (tab and line feed kept, where text has
 * lines) and the bidirectional overrides can make text read differently from what it is; half a surrogate pair is
 * not text (the audit log's JSON refuses it).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The text without controls, direction overrides and half surrogate pairs; line feeds and tabs kept. */
export function withoutControls(value: string): string {
  return value.replace(CONTROL, '').replace(LONE_SURROGATE, '');
}

/** One line of plain text: no controls or line breaks, single spaces, trimmed. */
export function plainLine(value: string): string {
  return withoutControls(value).replace(/\s+/g, ' ').trim();
}
