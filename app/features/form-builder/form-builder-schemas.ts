/**
 * The custom-form builder's one schema, checked in the browser (Conform) and again by the action. The editor posts
 * flat names (`field_3_label`), one row per field plus blank rows for new ones, so it works without JavaScript; the
 * schema reads them into a form definition the public renderer and validator (app/features/forms) can handle, and
 * refuses anything they cannot: bad or repeated field names, a second file field, a choice field without choices,
 * a redirect off the site. Every text becomes plain text (React escapes what is left when the page renders it).
 */
import { z } from 'zod';
import { UPLOAD_KINDS, type FormElement } from '../forms/index.ts';
import { withoutControls } from '../../lib/plain-text.ts';

export const FIELD_TYPES = ['text', 'textarea', 'email', 'tel', 'select', 'checkbox', 'file'] as const;
type FieldType = (typeof FIELD_TYPES)[number];

export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Short text',
  textarea: 'Long text',
  email: 'Email address',
  tel: 'Telephone number',
  select: 'Choice from a list',
  checkbox: 'Tick box',
  file: 'File upload',
};

/** Most fields a form may have; the editor shows this many rows at most. */
export const MAX_FIELDS = 30;
/** Rows for new fields under the form's own (no script is needed to add one). */
export const BLANK_FIELD_ROWS = 2;
const MAX_OPTIONS = 50;
const MAX_RECIPIENTS = 10;
/** The page a form needs a name for in its address; the new-homes form has a page of its own. */
const RESERVED_SLUGS = ['new-homes-enquiry', 'new'] as const;

export const FORM_BUILDER_MESSAGES = {
  title: 'Enter the form title',
  slug: 'Enter the page address: lower-case letters, digits and hyphens, like landlord-enquiry',
  slugReserved: 'This page address is used by another page of the site: choose another',
  slugTaken: 'Another form already has this page address: choose another',
  submitButtonText: 'Enter the text of the send button',
  recipients: 'Enter the email addresses that receive the form, separated by commas',
  recipient: (address: string) => `"${address}" is not an email address in the correct format`,
  tooManyRecipients: `Enter ${MAX_RECIPIENTS} email addresses or fewer`,
  redirect: 'Enter a path on this site, like /thank-you, or leave it blank to stay on the form',
  noFields: 'Add at least one field',
  tooManyFields: `A form can have at most ${MAX_FIELDS} fields`,
  label: 'Enter the label visitors see for this field',
  fieldName:
    'Enter a field name of letters, digits, _ or -, starting with a letter (or leave it blank to make one from the label)',
  duplicateName: (name: string) => `Each field needs its own name: "${name}" is used twice`,
  reservedName: (name: string) => `"${name}" is a name the site keeps for itself: choose another field name`,
  fieldType: 'Choose the kind of field from the list',
  width: 'Choose the width from the list',
  options: 'Enter the choices, one per line',
  duplicateOption: (option: string) => `Enter each choice once: "${option}" is there twice`,
  tooManyOptions: `Enter ${MAX_OPTIONS} choices or fewer`,
  secondFile: 'A form can have only one file field',
  fileTypes: 'Choose at least one kind of file the file field accepts',
  version: 'Reload the page and make your changes again',
  conflict:
    'Someone else saved this form while you were editing it, so your changes were not saved. The form now shows their version: make your changes again.',
  tooLong: (max: number) => `Enter ${max} characters or fewer`,
} as const;

function text(value: unknown): string {
  return typeof value === 'string' ? withoutControls(value) : '';
}

/** One line: no line breaks, single spaces, trimmed. */
function plainLine(value: unknown): string {
  return text(value).replace(/\s+/g, ' ').trim();
}

/** Paragraphs: lines trimmed, at most one blank line between them. */
function plainParagraphs(value: unknown): string {
  return text(typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value)
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** What the public page's `form_submission[…]` names accept (custom-form.ts), starting with a letter. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,59}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// Nothing that would change a mailto: or SMTP address list (a query, a second address) and a plain domain name.
const EMAIL = /^[^\s@<>()"',;:\\[\]?&#%/=]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/;

/**
 * A name every JavaScript object already answers to ('constructor', 'toString', 'valueOf'…). A form's answers and
 * errors are looked up by field name, here and in the form library (Conform finds Object's member for such a name
 * and fails), so a field never takes one.
 */
function isObjectMemberName(name: string): boolean {
  return Object.hasOwn(Object.prototype, name);
}

/** A field name made from its label: "Your phone number" → "your_phone_number" ("Constructor" → "constructor_field"). */
export function fieldNameFromLabel(label: string): string {
  const name = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '')
    .slice(0, 60)
    .replace(/_+$/, '');
  return isObjectMemberName(name) ? `${name}_field` : name;
}

export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

/**
 * The redirect target as stored: '' (stay on the form), or a path on this site. A full address of the site itself
 * (`siteOrigin`) is kept as its path; any other host, scheme or protocol-relative `//host` is refused (null).
 */
export function redirectPathOf(value: string, siteOrigin: string): string | null {
  if (value === '') return '';
  if (value.length > 500 || /[\\\s]/.test(value)) return null;
  let target = value;
  if (!value.startsWith('/')) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (url.origin !== siteOrigin || url.username || url.password) return null;
    target = `${url.pathname}${url.search}${url.hash}`;
  }
  if (!target.startsWith('/') || target.startsWith('//')) return null;
  let url: URL;
  try {
    url = new URL(target, 'http://doorstep.invalid');
  } catch {
    return null;
  }
  // Normalised as a browser would: '/./\/evil' and the like must still be a path here.
  if (url.origin !== 'http://doorstep.invalid' || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function recipientsOf(value: string): string[] {
  return value
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

/** A form definition as the builder saves it. */
export type FormDefinitionDraft = {
  title: string;
  slug: string;
  para: string;
  submitButtonText: string;
  recipients: string[];
  thankYouText: string;
  redirectPath: string;
  isPublished: boolean;
  formElements: FormElement[];
};

type FormBuilderValue = FormDefinitionDraft & {
  /** The version the form was loaded with (0 for a new form). */
  version: number;
  /** A Move up / Move down button pressed: the field (by its name after the move) and the way it went. */
  moved: { fieldName: string; direction: 'up' | 'down' } | null;
};

type Issue = { field: string; message: string };

export type FieldRowInput = {
  label: string;
  name: string;
  type: string;
  required: boolean;
  width: string;
  help: string;
  placeholder: string;
  options: string;
  remove: boolean;
};

const ROW_KEY = /^field_(\d{1,2})_(label|name|type|required|width|help|placeholder|options|remove)$/;

/** The posted rows, in their order on the page. */
function rowsOf(raw: Readonly<Record<string, unknown>>): { index: number; row: FieldRowInput }[] {
  const indexes = new Set<number>();
  for (const key of Object.keys(raw)) {
    const match = ROW_KEY.exec(key);
    if (match && Number(match[1]) < MAX_FIELDS + BLANK_FIELD_ROWS) indexes.add(Number(match[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .map((index) => {
      const at = (part: string) => raw[`field_${index}_${part}`];
      return {
        index,
        row: {
          label: plainLine(at('label')),
          name: plainLine(at('name')),
          type: plainLine(at('type')) || 'text',
          required: isTicked(at('required')),
          width: plainLine(at('width')) || 'full',
          help: plainLine(at('help')),
          placeholder: plainLine(at('placeholder')),
          options: plainParagraphs(at('options')),
          remove: isTicked(at('remove')),
        },
      };
    });
}

function isTicked(value: unknown): boolean {
  return value === 'on' || value === 'true' || value === '1';
}

function isBlank(row: FieldRowInput): boolean {
  return !row.label && !row.name && !row.help && !row.placeholder && !row.options;
}

/** Moves the row at `from` one place up or down among the kept rows (pure; the field operation of the buttons). */
export function moveRow<T>(rows: readonly T[], from: number, direction: 'up' | 'down'): T[] {
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || from >= rows.length || to < 0 || to >= rows.length) return [...rows];
  const moved = [...rows];
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  return moved;
}

function line(raw: Readonly<Record<string, unknown>>, name: string, max: number, issues: Issue[], required?: string) {
  const value = plainLine(raw[name]);
  if (required && value === '') issues.push({ field: name, message: required });
  else if (value.length > max) issues.push({ field: name, message: FORM_BUILDER_MESSAGES.tooLong(max) });
  return value;
}

/**
 * Reads the editor's posted fields as a definition, or the problems with them (each under the name of the input
 * to correct). `siteOrigin` is the site's own address, the one full URL a redirect may name.
 */
export function readFormBuilderFields(
  raw: Readonly<Record<string, unknown>>,
  siteOrigin: string,
): { success: true; value: FormBuilderValue } | { success: false; issues: Issue[] } {
  const issues: Issue[] = [];
  const title = line(raw, 'title', 120, issues, FORM_BUILDER_MESSAGES.title);
  // A blank page address is made from the title.
  const slug = plainLine(raw.slug).toLowerCase() || slugFromTitle(title);
  if (!SLUG.test(slug) || slug.length > 60) issues.push({ field: 'slug', message: FORM_BUILDER_MESSAGES.slug });
  else if ((RESERVED_SLUGS as readonly string[]).includes(slug)) {
    issues.push({ field: 'slug', message: FORM_BUILDER_MESSAGES.slugReserved });
  }
  const para = plainParagraphs(raw.para);
  if (para.length > 2000) issues.push({ field: 'para', message: FORM_BUILDER_MESSAGES.tooLong(2000) });
  const submitButtonText = line(raw, 'submit_button_text', 40, issues, FORM_BUILDER_MESSAGES.submitButtonText);
  const thankYouText = plainParagraphs(raw.thank_you_text);
  if (thankYouText.length > 1000) {
    issues.push({ field: 'thank_you_text', message: FORM_BUILDER_MESSAGES.tooLong(1000) });
  }

  const recipients = recipientsOf(plainLine(raw.recipients));
  const badRecipient = recipients.find((address) => !EMAIL.test(address) || address.length > 254);
  if (recipients.length === 0) issues.push({ field: 'recipients', message: FORM_BUILDER_MESSAGES.recipients });
  else if (badRecipient !== undefined) {
    issues.push({ field: 'recipients', message: FORM_BUILDER_MESSAGES.recipient(badRecipient.slice(0, 60)) });
  } else if (recipients.length > MAX_RECIPIENTS) {
    issues.push({ field: 'recipients', message: FORM_BUILDER_MESSAGES.tooManyRecipients });
  }
  const uniqueRecipients = [...new Set(recipients.map((address) => address.toLowerCase()))];

  const redirectPath = redirectPathOf(plainLine(raw.redirect), siteOrigin);
  if (redirectPath === null) issues.push({ field: 'redirect', message: FORM_BUILDER_MESSAGES.redirect });

  const versionText = plainLine(raw.version);
  const version = versionText === '' ? 0 : /^\d{1,9}$/.test(versionText) ? Number(versionText) : NaN;
  if (Number.isNaN(version)) issues.push({ field: 'version', message: FORM_BUILDER_MESSAGES.version });

  const fileTypes = UPLOAD_KINDS.filter((kind) => isTicked(raw[`file_type_${kind}`]));

  // The kept rows, in order, then the move (if a Move button was pressed) applied to them.
  let kept = rowsOf(raw).filter(({ row }) => !row.remove && !isBlank(row));
  const move = /^(\d{1,2}):(up|down)$/.exec(plainLine(raw.move));
  let movedIndex: number | null = null;
  let direction: 'up' | 'down' = 'up';
  if (move) {
    direction = move[2] as 'up' | 'down';
    const from = kept.findIndex(({ index }) => index === Number(move[1]));
    if (from >= 0) {
      kept = moveRow(kept, from, direction);
      movedIndex = Number(move[1]);
    }
  }
  if (kept.length === 0) issues.push({ field: 'field_0_label', message: FORM_BUILDER_MESSAGES.noFields });
  if (kept.length > MAX_FIELDS) issues.push({ field: 'field_0_label', message: FORM_BUILDER_MESSAGES.tooManyFields });

  const formElements: FormElement[] = [];
  const seenNames = new Map<string, number>();
  let fileFieldIndex: number | null = null;
  let movedFieldName: string | null = null;
  for (const { index, row } of kept) {
    const at = (part: string) => `field_${index}_${part}`;
    if (row.label === '') issues.push({ field: at('label'), message: FORM_BUILDER_MESSAGES.label });
    else if (row.label.length > 120) issues.push({ field: at('label'), message: FORM_BUILDER_MESSAGES.tooLong(120) });
    const fieldName = row.name || fieldNameFromLabel(row.label);
    if (!FIELD_NAME.test(fieldName)) issues.push({ field: at('name'), message: FORM_BUILDER_MESSAGES.fieldName });
    else if (isObjectMemberName(fieldName)) {
      issues.push({ field: at('name'), message: FORM_BUILDER_MESSAGES.reservedName(fieldName) });
    } else {
      const key = fieldName.toLowerCase();
      if (seenNames.has(key))
        issues.push({ field: at('name'), message: FORM_BUILDER_MESSAGES.duplicateName(fieldName) });
      seenNames.set(key, index);
    }
    if (!(FIELD_TYPES as readonly string[]).includes(row.type)) {
      issues.push({ field: at('type'), message: FORM_BUILDER_MESSAGES.fieldType });
      continue;
    }
    const type = row.type as FieldType;
    if (row.width !== 'full' && row.width !== 'half') {
      issues.push({ field: at('width'), message: FORM_BUILDER_MESSAGES.width });
    }
    if (row.help.length > 300) issues.push({ field: at('help'), message: FORM_BUILDER_MESSAGES.tooLong(300) });
    const hasPlaceholder = type === 'text' || type === 'textarea' || type === 'email' || type === 'tel';
    if (hasPlaceholder && row.placeholder.length > 120) {
      issues.push({ field: at('placeholder'), message: FORM_BUILDER_MESSAGES.tooLong(120) });
    }
    const element: FormElement = {
      fieldName,
      friendlyName: row.label,
      required: row.required,
      inputType: type,
      fieldPosition: row.width === 'half' ? 'half' : 'full',
    };
    if (row.help) element.helpText = row.help;
    if (hasPlaceholder && row.placeholder) element.placeholder = row.placeholder;
    if (type === 'select') {
      const options = row.options
        .split('\n')
        .map((option) => option.trim())
        .filter(Boolean);
      const repeated = options.find((option, position) => options.indexOf(option) !== position);
      if (options.length === 0) issues.push({ field: at('options'), message: FORM_BUILDER_MESSAGES.options });
      else if (options.length > MAX_OPTIONS) {
        issues.push({ field: at('options'), message: FORM_BUILDER_MESSAGES.tooManyOptions });
      } else if (repeated !== undefined) {
        issues.push({ field: at('options'), message: FORM_BUILDER_MESSAGES.duplicateOption(repeated.slice(0, 60)) });
      } else if (options.some((option) => option.length > 200)) {
        issues.push({ field: at('options'), message: FORM_BUILDER_MESSAGES.tooLong(200) });
      }
      element.options = options;
    }
    if (type === 'file') {
      if (fileFieldIndex !== null) issues.push({ field: at('type'), message: FORM_BUILDER_MESSAGES.secondFile });
      else fileFieldIndex = index;
      element.fileTypes = [...fileTypes];
    }
    if (index === movedIndex) movedFieldName = fieldName;
    formElements.push(element);
  }
  if (fileFieldIndex !== null && fileTypes.length === 0) {
    issues.push({ field: 'file_type_pdf', message: FORM_BUILDER_MESSAGES.fileTypes });
  }

  if (issues.length > 0) return { success: false, issues };
  return {
    success: true,
    value: {
      title,
      slug,
      para,
      submitButtonText,
      recipients: uniqueRecipients,
      thankYouText,
      redirectPath: redirectPath ?? '',
      isPublished: isTicked(raw.is_published),
      formElements,
      version,
      moved: movedFieldName ? { fieldName: movedFieldName, direction } : null,
    },
  };
}

/** The builder's schema for Conform and the action: any record of fields in, a definition or field messages out. */
export function formBuilderSchema(siteOrigin: string) {
  return z.record(z.string(), z.unknown()).transform((raw, context) => {
    const read = readFormBuilderFields(raw, siteOrigin);
    if (read.success) return read.value;
    for (const issue of read.issues) {
      context.issues.push({ code: 'custom', path: [issue.field], message: issue.message, input: raw[issue.field] });
    }
    return z.NEVER;
  });
}

/** The editor's rows for a saved definition (what the form's inputs start with). */
export function rowsForDefinition(elements: readonly FormElement[]): FieldRowInput[] {
  return elements.map((element) => ({
    label: element.friendlyName,
    name: element.fieldName,
    type: element.inputType,
    required: element.required,
    width: element.fieldPosition,
    help: element.helpText ?? '',
    placeholder: element.placeholder ?? '',
    options: (element.options ?? []).join('\n'),
    remove: false,
  }));
}
