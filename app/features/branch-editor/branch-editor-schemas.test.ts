import { describe, expect, it } from 'vitest';
import { parseForm, formPayload } from '../../lib/http/form-submission.ts';
import {
  BRANCH_MESSAGES,
  branchFormSchema,
  branchSlugOf,
  isTelephoneNumber,
  openingHoursOf,
  parsePostcodeDistricts,
  plainParagraphs,
} from './branch-editor-schemas.ts';
import { plainLine } from '../../lib/plain-text.ts';
import { branchScopeFor, isBranchInScope } from './branch-scope.ts';
import { staffListActionSchema, staffProfileSchema } from './staff-profile-schemas.ts';

const valid: Record<string, string> = {
  version: '3',
  name: 'Bath',
  address_line_1: '14 Milsom Street',
  town: 'Bath',
  county: 'Somerset',
  postcode: 'ba11de',
  contact_number: '01632 960100',
  sales_contact_number: '',
  lettings_contact_number: '+44 (0)1632 960102',
  email: 'bath@agency.example',
  description: '',
  latitude: '51.3839',
  longitude: '-2.3612',
  covered_postcode_districts: '',
  'departments[0].id': '4',
  'departments[0].telephone': '01632 960103',
  'departments[0].email': 'sales@agency.example',
};
for (let day = 0; day < 7; day++) {
  valid[`hours[${day}].opens`] = day < 6 ? '09:00' : '';
  valid[`hours[${day}].closes`] = day < 6 ? '17:30' : '';
}

function parse(changes: Record<string, string>) {
  return parseForm(formPayload({ ...valid, ...changes }), branchFormSchema);
}

function errorsFor(changes: Record<string, string>) {
  const submission = parse(changes);
  return submission.status === 'success' ? {} : Object.fromEntries(Object.entries(submission.error ?? {}));
}

describe('the branch form schema', () => {
  it('accepts a complete form and shapes it for the database', () => {
    const submission = parse({});
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value).toMatchObject({
      version: 3,
      postcode: 'BA1 1DE',
      sales_contact_number: null,
      lettings_contact_number: '+44 (0)1632 960102',
      latitude: 51.3839,
      longitude: -2.3612,
      covered_postcode_districts: [],
      departments: [{ id: 4, telephone: '01632 960103', email: 'sales@agency.example' }],
    });
  });

  it('hours: both times or neither; a closed day is an empty list; past midnight is allowed', () => {
    expect(errorsFor({ 'hours[1].closes': '' })).toEqual({ 'hours[1].closes': [BRANCH_MESSAGES.bothTimes] });
    expect(errorsFor({ 'hours[1].opens': '' })).toEqual({ 'hours[1].opens': [BRANCH_MESSAGES.bothTimes] });
    expect(errorsFor({ 'hours[2].opens': '9am' })).toEqual({ 'hours[2].opens': [BRANCH_MESSAGES.time] });
    expect(errorsFor({ 'hours[2].closes': '24:00' })).toEqual({ 'hours[2].closes': [BRANCH_MESSAGES.time] });
    expect(errorsFor({ 'hours[3].closes': '09:00' })).toEqual({ 'hours[3].closes': [BRANCH_MESSAGES.sameTimes] });
    const submission = parse({ 'hours[4].opens': '18:00', 'hours[4].closes': '01:00' });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    const hours = openingHoursOf(submission.value);
    expect(hours.week[4]).toEqual([{ opens: '18:00', closes: '01:00' }]);
    expect(hours.week[6]).toEqual([]);
  });

  it('hours: all seven days must be there', () => {
    const { 'hours[6].opens': _opens, 'hours[6].closes': _closes, ...sixDays } = valid;
    const submission = parseForm(formPayload(sixDays), branchFormSchema);
    expect(submission.status).not.toBe('success');
  });

  it('exceptions: blank rows are left out, real dates only, named, once each, sorted', () => {
    const rows = {
      'exceptions[0].date': '2026-12-26',
      'exceptions[0].name': 'Boxing Day',
      'exceptions[1].date': '',
      'exceptions[1].name': '',
      'exceptions[2].date': '2026-12-24',
      'exceptions[2].name': 'Christmas Eve',
      'exceptions[2].opens': '09:00',
      'exceptions[2].closes': '12:00',
    };
    const submission = parse(rows);
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(openingHoursOf(submission.value).exceptions).toEqual([
      { date: '2026-12-24', name: 'Christmas Eve', periods: [{ opens: '09:00', closes: '12:00' }] },
      { date: '2026-12-26', name: 'Boxing Day', periods: [] },
    ]);
    expect(errorsFor({ 'exceptions[0].date': '2026-02-29', 'exceptions[0].name': 'x' })).toEqual({
      'exceptions[0].date': [BRANCH_MESSAGES.date],
    });
    expect(errorsFor({ 'exceptions[0].date': '2026-05-04' })).toEqual({
      'exceptions[0].name': [BRANCH_MESSAGES.exceptionName],
    });
    expect(
      errorsFor({
        'exceptions[0].date': '2026-05-04',
        'exceptions[0].name': 'Early May',
        'exceptions[1].date': '2026-05-04',
        'exceptions[1].name': 'Again',
      }),
    ).toEqual({ 'exceptions[1].date': [BRANCH_MESSAGES.duplicateDate] });
    expect(
      errorsFor({ 'exceptions[0].date': '2026-05-04', 'exceptions[0].name': 'x', 'exceptions[0].opens': '10:00' }),
    ).toEqual({ 'exceptions[0].closes': [BRANCH_MESSAGES.bothTimes] });
  });

  it('postcode areas and districts: any case, commas or spaces, duplicates once; anything else refused', () => {
    expect(parsePostcodeDistricts('ba1, BA2  bs8;ba1\nEC1A W1')).toEqual(['BA1', 'BA2', 'BS8', 'EC1A', 'W1']);
    expect(parsePostcodeDistricts('')).toEqual([]);
    expect(parsePostcodeDistricts('BA1 1DE')).toBeNull();
    // Areas cover every district of theirs; a district without its final letter covers its lettered ones.
    expect(parsePostcodeDistricts('ba sw1 SW1A b')).toEqual(['BA', 'SW1', 'SW1A', 'B']);
    for (const wrong of ['BAT', 'B1AA', '1BA', 'SW1AA', 'BA1-'])
      expect(parsePostcodeDistricts(wrong), wrong).toBeNull();
    expect(parsePostcodeDistricts('<b>')).toBeNull();
    expect(errorsFor({ covered_postcode_districts: 'BA1, Bath' })).toEqual({
      covered_postcode_districts: [BRANCH_MESSAGES.postcodeDistricts],
    });
    const many = ['B', 'BA', 'BS', 'BR'].flatMap((area) =>
      Array.from({ length: 99 }, (_, index) => `${area}${index + 1}`),
    );
    expect(errorsFor({ covered_postcode_districts: many.join(' ') })).toEqual({
      covered_postcode_districts: [BRANCH_MESSAGES.tooManyDistricts],
    });
  });

  it('telephone numbers, emails, postcodes and map positions have their shapes', () => {
    expect(isTelephoneNumber('01632 960100')).toBe(true);
    expect(isTelephoneNumber('+44 (0)1632 960100')).toBe(true);
    expect(isTelephoneNumber('12345')).toBe(false);
    expect(isTelephoneNumber('javascript:alert(1)')).toBe(false);
    expect(errorsFor({ contact_number: 'ring us' })).toEqual({ contact_number: [BRANCH_MESSAGES.phone] });
    expect(errorsFor({ email: 'a@b' })).toEqual({ email: [BRANCH_MESSAGES.email] });
    expect(errorsFor({ email: 'a@b.example?subject=x' })).toEqual({ email: [BRANCH_MESSAGES.email] });
    expect(errorsFor({ email: 'a.b+lettings@agency.example' })).toEqual({});
    expect(errorsFor({ email: '"a"@b.example' })).toEqual({ email: [BRANCH_MESSAGES.email] });
    expect(errorsFor({ postcode: 'BA1' })).toEqual({ postcode: [BRANCH_MESSAGES.postcode] });
    expect(errorsFor({ latitude: '48.9' })).toEqual({ latitude: [BRANCH_MESSAGES.latitude] });
    expect(errorsFor({ longitude: '2.5' })).toEqual({ longitude: [BRANCH_MESSAGES.longitude] });
    expect(errorsFor({ latitude: 'Infinity', longitude: '' })).toEqual({
      latitude: [BRANCH_MESSAGES.latitude],
      longitude: [BRANCH_MESSAGES.longitude],
    });
  });

  it('required text, lengths and the version', () => {
    expect(errorsFor({ name: '  ' })).toEqual({ name: [BRANCH_MESSAGES.name] });
    expect(errorsFor({ name: 'x'.repeat(81) })).toEqual({ name: [BRANCH_MESSAGES.tooLong(80)] });
    expect(errorsFor({ version: '0' })).toEqual({ version: [BRANCH_MESSAGES.version] });
    expect(errorsFor({ 'departments[0].id': 'abc' })).toEqual({ 'departments[0].id': [BRANCH_MESSAGES.department] });
  });
});

describe('a new branch’s address', () => {
  it('is its name in lower case with hyphens, accents and symbols dropped', () => {
    expect(branchSlugOf('Bristol Clifton')).toBe('bristol-clifton');
    expect(branchSlugOf('  Ystradgynlais & Brecon ')).toBe('ystradgynlais-and-brecon');
    expect(branchSlugOf('Café Royal!')).toBe('cafe-royal');
    expect(branchSlugOf('<>')).toBe('');
    expect(branchSlugOf('x'.repeat(100)).length).toBe(60);
  });
});

describe('plain text for the public pages', () => {
  it('removes controls and direction overrides and collapses spaces', () => {
    expect(plainLine(' Bath\u202e\u0000  Centre\t\n')).toBe('Bath Centre');
    expect(plainLine('Bath\ud800 \ud83c\udfe0')).toBe('Bath \ud83c\udfe0');
    expect(plainParagraphs('One  two\r\n\r\n\r\n\r\nThree\u0007')).toBe('One two\n\nThree');
  });
});

describe('staff profile schemas', () => {
  it('reads the checkbox and the list buttons', () => {
    const profile = parseForm(
      formPayload({
        version: '1',
        first_name: 'Ada',
        surname: 'Lovelace',
        job_title: 'Negotiator',
        bio: '',
        telephone_number: '01632 960100',
        email: 'ada@agency.example',
        branch_id: '2',
      }),
      staffProfileSchema,
    );
    expect(profile.status).toBe('success');
    if (profile.status === 'success') expect(profile.value).toMatchObject({ branch_id: 2, is_shown_on_site: false });
    const move = parseForm(formPayload({ intent: 'move', staff_id: '3', direction: 'down' }), staffListActionSchema);
    expect(move.status).toBe('success');
    const bad = parseForm(formPayload({ intent: 'move', staff_id: '3', direction: 'left' }), staffListActionSchema);
    expect(bad.status).not.toBe('success');
  });
});

describe('who may edit which branch', () => {
  it('owners every branch, managers their own, others none', () => {
    const owner = branchScopeFor({ role: 'owner', branchIds: [] })!;
    const manager = branchScopeFor({ role: 'manager', branchIds: [1] })!;
    expect(isBranchInScope(owner, 7)).toBe(true);
    expect(isBranchInScope(manager, 1)).toBe(true);
    expect(isBranchInScope(manager, 2)).toBe(false);
    expect(branchScopeFor({ role: 'negotiator', branchIds: [1] })).toBeNull();
    expect(branchScopeFor({ role: 'editor', branchIds: [1] })).toBeNull();
  });
});
