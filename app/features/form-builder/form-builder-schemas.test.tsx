import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CustomFormElement, parseSubmissionFieldName, validateAnswers, type FormElement } from '../forms/index.ts';
import {
  FIELD_TYPES,
  FORM_BUILDER_MESSAGES,
  fieldNameFromLabel,
  formBuilderSchema,
  moveRow,
  readFormBuilderFields,
  redirectPathOf,
  rowsForDefinition,
  slugFromTitle,
} from './form-builder-schemas.ts';

const ORIGIN = 'https://agency.example';

function post(fields: Record<string, string>, rows: Record<string, string>[] = []): Record<string, string> {
  const posted: Record<string, string> = {
    title: 'Landlord enquiry',
    slug: 'landlord-enquiry',
    submit_button_text: 'Send',
    recipients: 'lettings@agency.example',
    version: '3',
    ...fields,
  };
  rows.forEach((row, index) => {
    for (const [part, value] of Object.entries(row)) posted[`field_${index}_${part}`] = value;
  });
  return posted;
}

function issuesOf(posted: Record<string, string>): Record<string, string> {
  const read = readFormBuilderFields(posted, ORIGIN);
  if (read.success) return {};
  return Object.fromEntries(read.issues.map((issue) => [issue.field, issue.message]));
}

function valueOf(posted: Record<string, string>) {
  const read = readFormBuilderFields(posted, ORIGIN);
  if (!read.success) throw new Error(JSON.stringify(read.issues));
  return read.value;
}

describe('the form builder schema', () => {
  it('reads a definition the public form can render, dropping blank and removed rows', () => {
    const value = valueOf(
      post({ is_published: 'on', thank_you_text: ' Thanks!\r\n\r\n\r\nWe will call. ' }, [
        { label: 'Your name', type: 'text', required: 'on', width: 'half', placeholder: 'Jo Bloggs' },
        { label: 'How many homes?', name: 'homes', type: 'select', options: '1\n2 to 5\n\n6 or more' },
        { label: '', name: '', type: 'text' },
        { label: 'Old', type: 'text', remove: 'on' },
      ]),
    );
    expect(value.version).toBe(3);
    expect(value.isPublished).toBe(true);
    expect(value.thankYouText).toBe('Thanks!\n\nWe will call.');
    expect(value.formElements).toEqual([
      {
        fieldName: 'your_name',
        friendlyName: 'Your name',
        required: true,
        inputType: 'text',
        fieldPosition: 'half',
        placeholder: 'Jo Bloggs',
      },
      {
        fieldName: 'homes',
        friendlyName: 'How many homes?',
        required: false,
        inputType: 'select',
        fieldPosition: 'full',
        options: ['1', '2 to 5', '6 or more'],
      },
    ]);
  });

  it('refuses what the public renderer cannot handle', () => {
    expect(
      issuesOf(
        post({}, [
          { label: 'Email', type: 'email' },
          { label: 'E-mail', name: 'EMAIL', type: 'email' },
        ]),
      ),
    ).toEqual({ field_1_name: FORM_BUILDER_MESSAGES.duplicateName('EMAIL') });
    expect(issuesOf(post({}, [{ label: 'A', name: 'has space', type: 'text' }]))).toEqual({
      field_0_name: FORM_BUILDER_MESSAGES.fieldName,
    });
    expect(issuesOf(post({}, [{ label: '123', type: 'text' }]))).toEqual({
      field_0_name: FORM_BUILDER_MESSAGES.fieldName,
    });
    expect(
      issuesOf(
        post({ file_type_pdf: 'on' }, [
          { label: 'CV', type: 'file' },
          { label: 'Letter', type: 'file' },
        ]),
      ),
    ).toEqual({ field_1_type: FORM_BUILDER_MESSAGES.secondFile });
    expect(issuesOf(post({}, [{ label: 'CV', type: 'file' }]))).toEqual({
      file_type_pdf: FORM_BUILDER_MESSAGES.fileTypes,
    });
    expect(issuesOf(post({}, [{ label: 'Pick', type: 'select', options: '\n \n' }]))).toEqual({
      field_0_options: FORM_BUILDER_MESSAGES.options,
    });
    expect(issuesOf(post({}, [{ label: 'Pick', type: 'select', options: 'a\nb\na' }]))).toEqual({
      field_0_options: FORM_BUILDER_MESSAGES.duplicateOption('a'),
    });
    expect(issuesOf(post({}, [{ label: 'X', type: 'script' }]))).toEqual({
      field_0_type: FORM_BUILDER_MESSAGES.fieldType,
    });
    expect(issuesOf(post({}, []))).toEqual({ field_0_label: FORM_BUILDER_MESSAGES.noFields });
    expect(issuesOf(post({ title: '', slug: 'new-homes-enquiry', submit_button_text: ' ' }, [{ label: 'A' }]))).toEqual(
      {
        title: FORM_BUILDER_MESSAGES.title,
        slug: FORM_BUILDER_MESSAGES.slugReserved,
        submit_button_text: FORM_BUILDER_MESSAGES.submitButtonText,
      },
    );
  });

  it('validates the recipients', () => {
    expect(
      valueOf(post({ recipients: 'a@agency.example, B@agency.example;a@agency.example' }, [{ label: 'A' }])).recipients,
    ).toEqual(['a@agency.example', 'b@agency.example']);
    expect(issuesOf(post({ recipients: 'a@agency.example, not-an-address' }, [{ label: 'A' }]))).toEqual({
      recipients: FORM_BUILDER_MESSAGES.recipient('not-an-address'),
    });
    expect(issuesOf(post({ recipients: 'x@a.example?cc=evil@b.example' }, [{ label: 'A' }]))).toHaveProperty(
      'recipients',
    );
    expect(issuesOf(post({ recipients: '' }, [{ label: 'A' }]))).toEqual({
      recipients: FORM_BUILDER_MESSAGES.recipients,
    });
  });

  it('keeps a redirect on this site only', () => {
    expect(redirectPathOf('', ORIGIN)).toBe('');
    expect(redirectPathOf('/thank-you?x=1', ORIGIN)).toBe('/thank-you?x=1');
    expect(redirectPathOf('https://agency.example/thanks', ORIGIN)).toBe('/thanks');
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'http://agency.example/x',
      'https://user:pw@agency.example/',
      'thanks',
      '/a b',
    ]) {
      expect(redirectPathOf(bad, ORIGIN), bad).toBeNull();
    }
  });

  it('moves a field with the Move buttons, and says which one moved', () => {
    const rows = [{ label: 'First' }, { label: 'Second' }, { label: 'Third' }];
    const down = valueOf(post({ move: '0:down' }, rows));
    expect(down.formElements.map((field) => field.friendlyName)).toEqual(['Second', 'First', 'Third']);
    expect(down.moved).toEqual({ fieldName: 'first', direction: 'down' });
    const up = valueOf(post({ move: '2:up' }, rows));
    expect(up.formElements.map((field) => field.friendlyName)).toEqual(['First', 'Third', 'Second']);
    // At the ends nothing moves.
    expect(valueOf(post({ move: '0:up' }, rows)).formElements[0]!.friendlyName).toBe('First');
    expect(moveRow(['a', 'b'], 1, 'down')).toEqual(['a', 'b']);
  });

  it('makes text plain and never throws on hostile input', () => {
    const value = valueOf(post({ title: 'A\u202eB\u0000 <b>x</b>\n' }, [{ label: 'Name\u0007' }]));
    expect(value.title).toBe('AB <b>x</b>');
    expect(value.formElements[0]!.friendlyName).toBe('Name');
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 20 }), fc.oneof(fc.string(), fc.constant(undefined))), (raw) => {
        const result = formBuilderSchema(ORIGIN).safeParse(raw);
        expect(typeof result.success).toBe('boolean');
      }),
    );
  });

  it('derives names and page addresses', () => {
    expect(fieldNameFromLabel('Your phone number?')).toBe('your_phone_number');
    expect(fieldNameFromLabel('2nd choice')).toBe('nd_choice');
    expect(slugFromTitle('Café & Careers!')).toBe('cafe-careers');
  });
});

/** A row as the editor could post it: any mix of labels, names, types, options and flags. */
const rowArbitrary = fc.record({
  label: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('Name', 'Email', 'Phone', 'CV')),
  name: fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,10}$/), fc.string({ maxLength: 8 })),
  type: fc.oneof(fc.constantFrom(...FIELD_TYPES), fc.string({ maxLength: 6 })),
  required: fc.constantFrom('', 'on'),
  width: fc.constantFrom('full', 'half', 'wide'),
  help: fc.string({ maxLength: 20 }),
  placeholder: fc.string({ maxLength: 20 }),
  options: fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }).map((options) => options.join('\n')),
});

/** A valid answer for each field, as a visitor would send it. */
function answersFor(elements: readonly FormElement[]): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const element of elements) {
    if (element.inputType === 'email') answers[element.fieldName] = 'visitor@example.com';
    else if (element.inputType === 'tel') answers[element.fieldName] = '01632 960123';
    else if (element.inputType === 'select') answers[element.fieldName] = element.options![0]!;
    else if (element.inputType === 'checkbox') answers[element.fieldName] = '1';
    else if (element.inputType !== 'file') answers[element.fieldName] = 'An answer';
  }
  return answers;
}

describe('any definition the builder accepts', () => {
  it('renders with the public form fields and validates a full submission with the public rules', () => {
    fc.assert(
      fc.property(fc.array(rowArbitrary, { maxLength: 6 }), fc.subarray(['pdf', 'jpeg', 'png']), (rows, kinds) => {
        const fields = Object.fromEntries(kinds.map((kind) => [`file_type_${kind}`, 'on']));
        const read = readFormBuilderFields(post(fields, rows), ORIGIN);
        if (!read.success) return;
        const elements = read.value.formElements;
        // Each field renders under a name the submission reader maps back to its field.
        const names = new Set<string>();
        for (const element of elements) {
          const html = renderToStaticMarkup(
            <CustomFormElement field={element} error={null} onFileError={() => undefined} />,
          );
          const name = /name="([^"]+)"/.exec(html)?.[1]?.replace(/&#x27;|&amp;/g, '');
          expect(name && parseSubmissionFieldName(name)).toBe(element.fieldName);
          names.add(element.fieldName.toLowerCase());
        }
        expect(names.size).toBe(elements.length);
        expect(elements.filter((element) => element.inputType === 'file').length).toBeLessThanOrEqual(1);
        expect(validateAnswers(elements, answersFor(elements), 'present')).toEqual({});
        // The editor's rows for the saved definition read back as the same definition.
        const again = readFormBuilderFields(
          post(
            fields,
            rowsForDefinition(elements).map((row) => ({
              ...row,
              required: row.required ? 'on' : '',
              remove: '',
            })),
          ),
          ORIGIN,
        );
        expect(again.success && again.value.formElements).toEqual(elements);
      }),
      { numRuns: 300 },
    );
  });
});

describe('field names every object already answers to', () => {
  it.each(['toString', 'constructor', 'valueOf', 'hasOwnProperty', 'isPrototypeOf'])(
    'refuses %s as a typed field name, with a clear message',
    (name) => {
      expect(issuesOf(post({}, [{ label: 'Trade', name, type: 'text' }]))).toEqual({
        field_0_name: FORM_BUILDER_MESSAGES.reservedName(name),
      });
    },
  );

  it('makes a usable name from a label such as "Constructor"', () => {
    expect(fieldNameFromLabel('Constructor')).toBe('constructor_field');
    expect(valueOf(post({}, [{ label: 'Constructor', type: 'text' }])).formElements[0]?.fieldName).toBe(
      'constructor_field',
    );
    // Any other label keeps the name it always had.
    expect(fieldNameFromLabel('Your phone number')).toBe('your_phone_number');
  });
});
