/** The back office's emails, all through the outbox (written before any delivery is tried). */
import type { Database } from '../../lib/db.server.ts';
import { enqueueEmail } from '../email/index.server.ts';

type Recipient = { email: string; name: string };

export async function sendInvitationEmail(db: Database, to: Recipient, link: string, invitedBy: string) {
  await enqueueEmail(db, {
    to: to.email,
    subject: 'Set up your back-office account',
    text: [
      `Hello ${to.name},`,
      '',
      `${invitedBy} has given you an account in the agency's back office. Open this link to choose a password and set up your authenticator app:`,
      '',
      link,
      '',
      'The link works once, for 24 hours. If you did not expect it, ignore this email.',
    ].join('\n'),
    relatedKind: 'staff_setup',
  });
}

export async function sendEnrolEmail(db: Database, to: Recipient, link: string, resetBy: string) {
  await enqueueEmail(db, {
    to: to.email,
    subject: 'Set up your authenticator app again',
    text: [
      `Hello ${to.name},`,
      '',
      `${resetBy} has reset the authenticator of your back-office account: your old authenticator app and recovery codes no longer work. To set up a new one, open this link, enter your current password and scan the new code:`,
      '',
      link,
      '',
      'The link works once, for 24 hours. If you did not ask for this, tell the agency owner at once.',
    ].join('\n'),
    relatedKind: 'staff_enrol',
  });
}

export async function sendResetEmail(db: Database, to: Recipient, link: string) {
  await enqueueEmail(db, {
    to: to.email,
    subject: 'Choose a new back-office password',
    text: [
      `Hello ${to.name},`,
      '',
      'Someone asked to reset the password of your back-office account. To choose a new password, open this link:',
      '',
      link,
      '',
      'The link works once, for one hour. You will still need your authenticator app or a recovery code to sign in.',
      'If you did not ask for this, ignore this email: your password has not changed.',
    ].join('\n'),
    relatedKind: 'staff_reset',
  });
}

export async function sendPasswordChangedEmail(db: Database, to: Recipient, origin: string) {
  await enqueueEmail(db, {
    to: to.email,
    subject: 'Your back-office password was changed',
    text: [
      `Hello ${to.name},`,
      '',
      'The password of your back-office account was just changed, and every other session was signed out.',
      `If this was not you, reset your password at ${origin}/admin/forgot-password and tell the agency's owner.`,
    ].join('\n'),
    relatedKind: 'staff_password_changed',
  });
}

export async function sendNewDeviceEmail(
  db: Database,
  to: Recipient,
  device: { ip: string | null; userAgent: string | null; at: Date },
  origin: string,
) {
  await enqueueEmail(db, {
    to: to.email,
    subject: 'New sign-in to the back office',
    text: [
      `Hello ${to.name},`,
      '',
      'Your back-office account was just signed in to from a browser it has not been used on before:',
      '',
      `When: ${device.at.toUTCString()}`,
      `Address: ${device.ip ?? 'unknown'}`,
      `Browser: ${device.userAgent ?? 'unknown'}`,
      '',
      `If this was you, there is nothing to do. If not, change your password at ${origin}/admin/forgot-password and tell the agency's owner.`,
    ].join('\n'),
    relatedKind: 'staff_new_device',
  });
}
