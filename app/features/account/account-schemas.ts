/**
 * One zod schema per account form (spec point 5), shared by the forms in the sidebar and the API routes.
 * Rules quoted by the spec are kept exactly; where the spec gives no message, ours say what to do.
 */
import { z } from 'zod';

/** Spec point 5: names are letters, digits, hyphen and space. */
const NAME_PATTERN = /^[\p{L}\p{N}\- ]+$/u;
/** Spec point 5 (registration): UK telephone, +44 or 0 followed by 9 to 10 digits (spaces are ignored). */
const UK_TELEPHONE_PATTERN = /^(?:\+44|0)\d{9,10}$/;
/** Spec point 5 (edit details): 6 to 20 characters of digits and phone punctuation. */
export const EDIT_TELEPHONE_PATTERN = /^[0-9+()\-. ]{6,20}$/;
/** The browser's own email check (HTML living standard), so client and server agree. */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Spec point 5 'Reset password', word for word. */
export const RESET_PASSWORD_RULE_MESSAGE =
  'Password must have: an uppercase letter, a number or special character (!@£%^) and be at least 10 characters long.';
/** ASVS 6.2.9: long passphrases are welcome; the cap only stops hashing huge bodies. */
const PASSWORD_MAX_LENGTH = 256;
const NEW_PASSWORD_MIN_LENGTH = 10;

export const FIELD_MESSAGES = {
  firstName: 'Enter your first name using letters, numbers, hyphens or spaces',
  lastName: 'Enter your last name using letters, numbers, hyphens or spaces',
  email: 'Enter a valid email address, like name@example.com',
  registrationTelephone: 'Enter a UK telephone number starting +44 or 0, followed by 9 or 10 digits',
  editTelephone: 'Enter a telephone number of 6 to 20 digits, spaces, brackets, dots, hyphens or +',
  password: 'Enter a password',
  passwordLength: `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordConfirmation: 'Confirm your password',
  passwordMismatch: 'The passwords do not match',
  terms: 'You must agree to our terms & conditions',
  signInPassword: 'Password must be at least 5 characters long',
  currentPassword: 'Enter your current password',
  text: 'This answer is too long',
} as const;

/** A field sent as something other than text (an array, a number) gets the field's own message too. */
const trimmed = (max = 100, message: string = FIELD_MESSAGES.text) =>
  z.string({ error: message }).trim().max(max, FIELD_MESSAGES.text);
const optionalText = (max = 100) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    trimmed(max).optional(),
  );

const email = z
  .string({ error: FIELD_MESSAGES.email })
  .trim()
  .max(254, FIELD_MESSAGES.email)
  .regex(EMAIL_PATTERN, FIELD_MESSAGES.email);
const firstName = trimmed(100, FIELD_MESSAGES.firstName)
  .min(1, FIELD_MESSAGES.firstName)
  .regex(NAME_PATTERN, FIELD_MESSAGES.firstName);
const lastName = trimmed(100, FIELD_MESSAGES.lastName)
  .min(1, FIELD_MESSAGES.lastName)
  .regex(NAME_PATTERN, FIELD_MESSAGES.lastName);

/** Checkbox values as forms and JSON clients send them. */
export function isTicked(value: unknown): boolean {
  return value === true || value === 'on' || value === '1' || value === 'true' || value === 'yes';
}

function stripTelephoneSpaces(value: string): string {
  return value.replace(/[\s()-]/g, '');
}

const registrationTelephone = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .trim()
    .transform(stripTelephoneSpaces)
    .pipe(z.string().regex(UK_TELEPHONE_PATTERN, FIELD_MESSAGES.registrationTelephone))
    .optional(),
);

const editTelephone = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().regex(EDIT_TELEPHONE_PATTERN, FIELD_MESSAGES.editTelephone).optional(),
);

const newPassword = z
  .string({ error: FIELD_MESSAGES.password })
  .min(1, FIELD_MESSAGES.password)
  .min(NEW_PASSWORD_MIN_LENGTH, FIELD_MESSAGES.passwordLength)
  .max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.passwordTooLong);

/** Registration (spec point 5): names, email, UK telephone, password twice, terms ticked. */
export const registrationSchema = z
  .object({
    title: optionalText(20),
    first_name: firstName,
    last_name: lastName,
    email,
    tel_home: registrationTelephone,
    password: newPassword,
    password_confirmation: z
      .string({ error: FIELD_MESSAGES.passwordConfirmation })
      .min(1, FIELD_MESSAGES.passwordConfirmation),
    opt_in_terms: z.unknown().refine(isTicked, FIELD_MESSAGES.terms),
    opt_in_marketing: z.unknown().optional().transform(isTicked),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: FIELD_MESSAGES.passwordMismatch,
  });
export type RegistrationInput = z.infer<typeof registrationSchema>;

/** Sign-in (spec point 5): an email and a password of at least 5 characters. */
export const signInSchema = z.object({
  username: email,
  password: z
    .string({ error: FIELD_MESSAGES.signInPassword })
    .min(5, FIELD_MESSAGES.signInPassword)
    .max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.passwordTooLong),
});

/** Edit details (spec point 5): every field optional (only changed fields are sent), each checked when present. */
export const profileSchema = z.object({
  title: optionalText(20),
  first_name: firstName.optional(),
  last_name: lastName.optional(),
  email: email.optional(),
  house_name: optionalText(),
  house_number: optionalText(20),
  street_address: optionalText(),
  address_2: optionalText(),
  locality: optionalText(),
  town: optionalText(),
  county: optionalText(),
  postcode: optionalText(10),
  tel_home: editTelephone,
  tel_mobile: editTelephone,
  /** Needed only to change the email address (ASVS 7.5.1: re-authenticate first). */
  current_password: z
    .string({ error: FIELD_MESSAGES.currentPassword })
    .max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.passwordTooLong)
    .optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;
export const PROFILE_TEXT_FIELDS = [
  'title',
  'first_name',
  'last_name',
  'email',
  'house_name',
  'house_number',
  'street_address',
  'address_2',
  'locality',
  'town',
  'county',
  'postcode',
  'tel_home',
  'tel_mobile',
] as const;

/** Spec point 5 'Reset password': at least 10 characters, upper and lower case, and a digit or one of ( ) ! @ £ % ^. */
export function meetsResetPasswordRule(password: string): boolean {
  return (
    password.length >= NEW_PASSWORD_MIN_LENGTH &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9()!@£%^]/.test(password)
  );
}

export const resetPasswordSchema = z
  .object({
    password: z
      .string({ error: RESET_PASSWORD_RULE_MESSAGE })
      .max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.passwordTooLong)
      .refine(meetsResetPasswordRule, RESET_PASSWORD_RULE_MESSAGE),
    password_confirmation: z
      .string({ error: FIELD_MESSAGES.passwordConfirmation })
      .min(1, FIELD_MESSAGES.passwordConfirmation),
    current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
    reset_password_token: z.string().max(200).optional(),
    user_id: z.coerce.number().int().positive().optional(),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ['password_confirmation'],
    message: FIELD_MESSAGES.passwordMismatch,
  });

/** Changing the password while signed in: the current password is asked for first (ASVS 6.2.3). */
export const changePasswordSchema = resetPasswordSchema.superRefine((value, context) => {
  if (!value.current_password) {
    context.addIssue({ code: 'custom', path: ['current_password'], message: FIELD_MESSAGES.currentPassword });
  }
});

/** Server 422 errors for a password change are fragments; the form shows each prefixed with 'Password ' (spec point 5). */
export const PASSWORD_ERROR_FRAGMENTS = {
  rule: 'must have: an uppercase letter, a number or special character (!@£%^) and be at least 10 characters long.',
  common: 'is one of the most commonly used passwords. Please choose another.',
  guessable:
    'is too easy to guess: it is a known breached password or close to one. Try three or four unrelated words.',
  confirmation: "confirmation doesn't match.",
  current: 'entered as your current password is not correct.',
  token: 'reset link has expired or has already been used. Please ask for a new one.',
  tooLong: `must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
} as const;

export function passwordErrorLines(fragments: readonly string[]): string[] {
  return fragments.map((fragment) => `Password ${fragment}`);
}

/** Forgotten password (spec point 5): an email the browser would accept. */
export const forgottenPasswordSchema = z.object({ email });

/** Marketing preferences (spec point 7): optin or optout, with the URL of the wording agreed to. */
export const marketingPreferencesSchema = z.object({
  user_id: z.coerce.number().int().positive(),
  opt_in_marketing_at: z.enum(['optin', 'optout']),
  opt_in_marketing_url: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => value === '' || /^\/(?!\/)/.test(value) || /^https?:\/\//i.test(value))
    .optional(),
});

/** The marketing preferences form: the visitor's choice (the rest of the call is filled in from the account). */
export const marketingChoiceSchema = z.object({
  opt_in_marketing_at: z.enum(['optin', 'optout'], { error: 'Choose whether we may send you emails' }),
});

/** Flattens zod issues into { field, message } pairs for the error summary and the errors list. */
export function fieldErrors(error: z.ZodError): { field: string; message: string }[] {
  const seen = new Set<string>();
  const list: { field: string; message: string }[] = [];
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    if (seen.has(field)) continue;
    seen.add(field);
    list.push({ field, message: issue.message });
  }
  return list;
}
