import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answersToStore,
  clientFileError,
  EMAIL_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  MAX_UPLOAD_BYTES,
  parseSubmissionFieldName,
  PHONE_MESSAGE,
  REQUIRED_MESSAGE,
  safeRedirectPath,
  submissionFieldName,
  validateAnswers,
  type FormElement,
} from './custom-form.ts';

const elements: FormElement[] = [
  { fieldName: 'name', friendlyName: 'Name', required: true, inputType: 'text', fieldPosition: 'half' },
  { fieldName: 'email', friendlyName: 'Email', required: true, inputType: 'email', fieldPosition: 'half' },
  { fieldName: 'phone', friendlyName: 'Phone', required: false, inputType: 'tel', fieldPosition: 'half' },
  {
    fieldName: 'size',
    friendlyName: 'Size',
    required: true,
    inputType: 'select',
    fieldPosition: 'half',
    options: ['1', '2'],
  },
  {
    fieldName: 'source',
    friendlyName: 'Source',
    required: true,
    inputType: 'text',
    fieldPosition: 'full',
    hidden: true,
    value: 'web',
  },
  { fieldName: 'cv', friendlyName: 'CV', required: true, inputType: 'file', fieldPosition: 'full' },
];

describe('custom form rules (spec point 5)', () => {
  it('asks for every required field and the required file with the spec message', () => {
    expect(validateAnswers(elements, { name: '  ', email: '' })).toEqual({
      name: REQUIRED_MESSAGE,
      email: REQUIRED_MESSAGE,
      size: REQUIRED_MESSAGE,
      cv: REQUIRED_MESSAGE,
    });
    expect(REQUIRED_MESSAGE).toBe('! Please fill in this field.');
  });

  it('checks email, phone and select answers; hidden fields are not asked for', () => {
    expect(validateAnswers(elements, { name: 'A', email: 'nope', phone: 'abc', size: '3' }, 'present')).toEqual({
      email: EMAIL_MESSAGE,
      phone: PHONE_MESSAGE,
      size: 'Please choose one of the options',
    });
    expect(
      validateAnswers(elements, { name: 'A', email: 'a@b.co', phone: '+44 1234 567890', size: '2' }, 'present'),
    ).toEqual({});
    expect(
      validateAnswers(elements, { name: 'A', email: 'a@b.co', size: '2' }, { error: FILE_TOO_LARGE_MESSAGE }),
    ).toEqual({
      cv: FILE_TOO_LARGE_MESSAGE,
    });
  });

  it('stores trimmed answers and the configured value of hidden fields (a visitor cannot change it)', () => {
    expect(answersToStore(elements, { name: ' Ann ', email: 'a@b.co', source: 'forged', cv: 'x' })).toEqual({
      name: 'Ann',
      email: 'a@b.co',
      phone: '',
      size: '',
      source: 'web',
    });
  });

  it('limits the client-side file size to 10 MB', () => {
    expect(clientFileError({ size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(clientFileError({ size: MAX_UPLOAD_BYTES + 1 })).toBe("File size can't be over 10mb");
    expect(clientFileError(null)).toBeNull();
  });

  it('follows only local redirect paths', () => {
    expect(safeRedirectPath('/forms/careers?x=1#top')).toBe('/forms/careers?x=1');
    for (const bad of ['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '', 42]) {
      expect(safeRedirectPath(bad)).toBe('/');
    }
    fc.assert(
      fc.property(fc.string(), (value) => {
        const result = safeRedirectPath(value);
        return result.startsWith('/') && !result.startsWith('//') && !result.includes('\\');
      }),
    );
  });

  it('names request fields form_submission[{fieldName}] both ways', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/),
        (name) => parseSubmissionFieldName(submissionFieldName(name)) === name,
      ),
    );
    expect(parseSubmissionFieldName('lead_client[do_not_contact]')).toBeNull();
  });
});
