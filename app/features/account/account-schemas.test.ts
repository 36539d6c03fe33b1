import { describe, expect, it } from 'vitest';
import {
  EDIT_TELEPHONE_PATTERN,
  RESET_PASSWORD_RULE_MESSAGE,
  meetsResetPasswordRule,
  passwordErrorLines,
  PASSWORD_ERROR_FRAGMENTS,
  profileSchema,
  registrationSchema,
  resetPasswordSchema,
  signInSchema,
  forgottenPasswordSchema,
} from './account-schemas.ts';
import { ACCOUNT_MESSAGES, ACCOUNT_LONG_TOAST_MS, SIGN_IN_WAIT_MS } from './account-messages.ts';
import { addressHtml, emptyUser } from './user-view.ts';

const registration = {
  first_name: 'Zoë',
  last_name: 'Smith-Jones 2',
  email: 'zoe@example.com',
  password: 'a-long-passphrase',
  password_confirmation: 'a-long-passphrase',
  opt_in_terms: 'on',
};

describe('registration (spec point 5)', () => {
  it('allows letters (accented too), digits, hyphen and space in names; nothing else', () => {
    expect(registrationSchema.safeParse(registration).success).toBe(true);
    for (const name of ["O'Brien", 'Ann.', 'Ann<b>', '   ']) {
      expect(registrationSchema.safeParse({ ...registration, first_name: name }).success).toBe(false);
    }
  });

  it('wants a UK telephone: +44 or 0 followed by 9 to 10 digits', () => {
    const valid = ['+441234567890', '+44123456789', '01234567890', '0123456789', '01234 567 890'];
    const invalid = ['1234567890', '+4412345678', '012345678901', '+33123456789', '0123-abc-456'];
    for (const tel of valid)
      expect(registrationSchema.safeParse({ ...registration, tel_home: tel }).success).toBe(true);
    for (const tel of invalid) {
      expect(registrationSchema.safeParse({ ...registration, tel_home: tel }).success).toBe(false);
    }
  });

  it('requires the password, its confirmation (matching) and the terms tick', () => {
    expect(registrationSchema.safeParse({ ...registration, password: '' }).success).toBe(false);
    expect(registrationSchema.safeParse({ ...registration, password_confirmation: '' }).success).toBe(false);
    expect(registrationSchema.safeParse({ ...registration, password_confirmation: 'other-passphrase' }).success).toBe(
      false,
    );
    const noTerms = registrationSchema.safeParse({ ...registration, opt_in_terms: undefined });
    expect(noTerms.error?.issues[0]?.message).toBe('You must agree to our terms & conditions');
  });
});

describe('sign-in (spec point 5)', () => {
  it('wants an email and a password of at least 5 characters', () => {
    expect(signInSchema.safeParse({ username: 'a@b.co', password: '12345' }).success).toBe(true);
    expect(signInSchema.safeParse({ username: 'a@b.co', password: '1234' }).success).toBe(false);
    expect(signInSchema.safeParse({ username: 'a@', password: '12345' }).success).toBe(false);
  });
});

describe('edit details (spec point 5)', () => {
  it('accepts 6 to 20 characters of digits and phone punctuation', () => {
    for (const tel of ['123456', '+44 (0)1225 123-456', '01225.123.456'])
      expect(EDIT_TELEPHONE_PATTERN.test(tel)).toBe(true);
    for (const tel of ['12345', '1'.repeat(21), '01225 12345 ext'])
      expect(EDIT_TELEPHONE_PATTERN.test(tel)).toBe(false);
    expect(profileSchema.safeParse({ tel_home: '' }).success).toBe(true);
    expect(profileSchema.safeParse({ first_name: 'Ann_' }).success).toBe(false);
  });
});

describe('reset password (spec point 5)', () => {
  it('needs 10 characters, upper and lower case, and a digit or one of ( ) ! @ £ % ^', () => {
    expect(meetsResetPasswordRule('Abcdefghi1')).toBe(true);
    expect(meetsResetPasswordRule('Abcdefghi£')).toBe(true);
    expect(meetsResetPasswordRule('Abcdefghi(')).toBe(true);
    expect(meetsResetPasswordRule('Abcdefgh1')).toBe(false);
    expect(meetsResetPasswordRule('abcdefghi1')).toBe(false);
    expect(meetsResetPasswordRule('ABCDEFGHI1')).toBe(false);
    expect(meetsResetPasswordRule('Abcdefghij')).toBe(false);
    expect(meetsResetPasswordRule('Abcdefghi#')).toBe(false);
  });

  it('shows the spec message word for word, and 422 errors prefixed with "Password "', () => {
    const result = resetPasswordSchema.safeParse({ password: 'short', password_confirmation: 'short' });
    expect(result.error?.issues[0]?.message).toBe(
      'Password must have: an uppercase letter, a number or special character (!@£%^) and be at least 10 characters long.',
    );
    expect(passwordErrorLines([PASSWORD_ERROR_FRAGMENTS.rule])).toEqual([RESET_PASSWORD_RULE_MESSAGE]);
    expect(passwordErrorLines(['is too short'])).toEqual(['Password is too short']);
  });
});

describe('forgotten password and constants', () => {
  it('wants an email', () => {
    expect(forgottenPasswordSchema.safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(forgottenPasswordSchema.safeParse({ email: '' }).success).toBe(false);
  });

  it('keeps the spec messages and durations', () => {
    expect(ACCOUNT_MESSAGES.registrationFailed).toBe(
      'Sorry, something went wrong. You may already have an account with this email address, if so, please try signing in instead of registering.',
    );
    expect(ACCOUNT_MESSAGES.passwordChanged).toBe('You have successfully changed your password.');
    expect(ACCOUNT_LONG_TOAST_MS).toBe(8000);
    expect(SIGN_IN_WAIT_MS).toBe(4500);
  });
});

describe('user view', () => {
  it('has user_id null for the empty default user', () => {
    expect(emptyUser().user_id).toBeNull();
  });

  it('escapes address lines', () => {
    expect(addressHtml({ house_number: '1', street_address: 'High <St>', town: 'Bath' })).toBe(
      '1 High &lt;St&gt;<br>Bath',
    );
  });
});
