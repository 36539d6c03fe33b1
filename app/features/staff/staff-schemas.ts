/**
 * The back office's forms: one schema each, shared by the browser (Conform) and the route actions. Staff passwords
 * need 15 characters (ASVS 6.2.1's recommendation: the back office holds visitors' personal data) and no
 * composition rules; up to 256 characters, never truncated.
 */
import { z } from 'zod';
import { STAFF_ROLES } from './staff-roles.ts';

export const STAFF_MESSAGES = {
  email: 'Enter your email address',
  emailFormat: 'Enter an email address in the correct format, like name@example.com',
  password: 'Enter your password',
  passwordLength: 'Enter a password of at least 15 characters',
  passwordTooLong: 'Enter a password of 256 characters or fewer',
  passwordMatch: 'Enter the same password twice',
  currentPassword: 'Enter your current password',
  code: 'Enter the code from your authenticator app, or a recovery code',
  setupCode: 'Enter the 6-digit code from your authenticator app',
  name: 'Enter the person’s name',
  role: 'Choose a role',
  signInFailed: 'The email address, password or code is not right. Check them and try again.',
  codeFailed: 'That code is not right, or it has already been used. Enter a new code from your authenticator app.',
  signInExpired: 'Your sign-in took too long. Enter your email address and password again.',
  setupCodeFailed: 'That code is not right. Check the time on your phone and enter the newest code.',
  linkInvalid: 'This link has expired or has already been used. Ask an owner for a new one.',
  resetLinkInvalid: 'This link has expired or has already been used. Ask for a new one.',
  resetSent:
    'If that address belongs to a back-office account, we have sent it a link to choose a new password. The link works for one hour.',
  currentPasswordWrong: 'Your current password is not right',
  emailTaken: 'That email address already belongs to a staff member',
  unknownBranch: 'Choose branches from the list',
  lastOwner: 'The agency must keep at least one owner: make someone else an owner first',
} as const;

const email = z
  .string()
  .trim()
  .min(1, STAFF_MESSAGES.email)
  .max(254, STAFF_MESSAGES.emailFormat)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, STAFF_MESSAGES.emailFormat);

const newPassword = z
  .string({ error: STAFF_MESSAGES.passwordLength })
  .min(15, STAFF_MESSAGES.passwordLength)
  .max(256, STAFF_MESSAGES.passwordTooLong);

/** The new password typed twice must match. */
function withConfirmation<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object(shape)
    .refine(
      (value) =>
        (value as { password?: unknown }).password ===
        (value as { password_confirmation?: unknown }).password_confirmation,
      { message: STAFF_MESSAGES.passwordMatch, path: ['password_confirmation'] },
    );
}

const confirmation = z.string({ error: STAFF_MESSAGES.passwordMatch });

export const staffSignInSchema = z.object({
  email,
  password: z
    .string({ error: STAFF_MESSAGES.password })
    .min(1, STAFF_MESSAGES.password)
    .max(256, STAFF_MESSAGES.password),
});

/** The second step: a 6-digit TOTP code or a recovery code. */
export const staffCodeSchema = z.object({
  otp_token: z.string({ error: STAFF_MESSAGES.code }).trim().min(1, STAFF_MESSAGES.code).max(40, STAFF_MESSAGES.code),
});

export const staffSetupSchema = withConfirmation({
  password: newPassword,
  password_confirmation: confirmation,
  otp_token: z
    .string({ error: STAFF_MESSAGES.setupCode })
    .trim()
    .regex(/^\d{3}\s?\d{3}$/, STAFF_MESSAGES.setupCode),
});

export const staffForgotPasswordSchema = z.object({ email });

export const staffResetPasswordSchema = withConfirmation({
  password: newPassword,
  password_confirmation: confirmation,
});

export const staffChangePasswordSchema = withConfirmation({
  current_password: z
    .string({ error: STAFF_MESSAGES.currentPassword })
    .min(1, STAFF_MESSAGES.currentPassword)
    .max(256, STAFF_MESSAGES.currentPassword),
  password: newPassword,
  password_confirmation: confirmation,
});

export const staffInviteSchema = z.object({
  email,
  name: z.string({ error: STAFF_MESSAGES.name }).trim().min(1, STAFF_MESSAGES.name).max(120, STAFF_MESSAGES.name),
  role: z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.role }),
  branch: z
    .array(z.string().regex(/^\d{1,9}$/, STAFF_MESSAGES.unknownBranch))
    .max(100, STAFF_MESSAGES.unknownBranch)
    .default([]),
});

const setupCode = z
  .string({ error: STAFF_MESSAGES.setupCode })
  .trim()
  .regex(/^\d{3}\s?\d{3}$/, STAFF_MESSAGES.setupCode);

/** A new authenticator for a set-up account (an owner's `enrol` link): the current password and the new app's code. */
export const staffEnrolSchema = z.object({
  password: z
    .string({ error: STAFF_MESSAGES.currentPassword })
    .min(1, STAFF_MESSAGES.currentPassword)
    .max(256, STAFF_MESSAGES.currentPassword),
  otp_token: setupCode,
});

/** An owner changes a staff member's role and branches. */
export const staffAccessSchema = z.object({
  role: z.enum(STAFF_ROLES, { error: STAFF_MESSAGES.role }),
  branch: z
    .array(z.string().regex(/^\d{1,9}$/, STAFF_MESSAGES.unknownBranch))
    .max(100, STAFF_MESSAGES.unknownBranch)
    .default([]),
});
