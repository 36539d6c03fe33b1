/**
 * Proving control of an email address (ASVS 6.4 / quality bars 2.7): a link with a 256-bit random token, emailed
 * through the outbox; only its SHA-256 is stored, it works once and expires. `verify` marks the registered address
 * as verified (saved-search alerts and marketing go only to verified addresses); `change` applies a new address
 * only when its owner follows the link, and the old address is told. See docs/decisions/009-accounts.md.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { emailVerificationTokens, users } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';
import { enqueueEmail } from '../email/index.server.ts';

const EMAIL_TOKEN_LIFETIME_MS = 24 * 60 * 60_000;
const VERIFY_EMAIL_PATH = '/user/verify-email';

type Purpose = 'verify' | 'change';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const lower = (email: string) => email.trim().toLowerCase();

async function issueToken(db: Database, userId: number, purpose: Purpose, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  // A new link replaces any earlier one of the same kind.
  await db
    .update(emailVerificationTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailVerificationTokens.userId, userId),
        eq(emailVerificationTokens.purpose, purpose),
        isNull(emailVerificationTokens.usedAt),
      ),
    );
  await db.insert(emailVerificationTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    email: email.trim(),
    expiresAt: new Date(Date.now() + EMAIL_TOKEN_LIFETIME_MS),
  });
  return token;
}

/** After registration: a link to the address registered with. */
export async function sendEmailVerification(
  db: Database,
  user: { id: number; email: string; firstName: string },
  origin: string,
): Promise<void> {
  const token = await issueToken(db, user.id, 'verify', user.email);
  await enqueueEmail(db, {
    to: user.email,
    subject: 'Please confirm your email address',
    text: [
      `Hello ${user.firstName},`,
      '',
      'Thank you for registering. To confirm this is your email address, open this link:',
      '',
      `${origin}${VERIFY_EMAIL_PATH}?token=${token}`,
      '',
      'Until you do, we will not send you saved-search alerts or marketing emails. The link works once and',
      'expires in 24 hours. If you did not register, you can ignore this email.',
    ].join('\n'),
    relatedKind: 'email-verification',
    relatedId: user.id,
  });
}

/**
 * A signed-in user asked to change their email (current password already checked): the new address gets a link,
 * the old one is told. Nothing changes until the link is followed.
 */
export async function requestEmailChange(
  db: Database,
  user: { id: number; email: string; firstName: string },
  newEmail: string,
  origin: string,
): Promise<void> {
  const token = await issueToken(db, user.id, 'change', newEmail);
  await enqueueEmail(db, {
    to: newEmail.trim(),
    subject: 'Confirm your new email address',
    text: [
      `Hello ${user.firstName},`,
      '',
      'You asked to use this email address for your account. To confirm, open this link:',
      '',
      `${origin}${VERIFY_EMAIL_PATH}?token=${token}`,
      '',
      'Your account keeps its current email address until you do. The link works once and expires in 24 hours.',
      'If you did not ask for this, you can ignore this email.',
    ].join('\n'),
    relatedKind: 'email-change',
    relatedId: user.id,
  });
  await enqueueEmail(db, {
    to: user.email,
    subject: 'A change of email address was requested for your account',
    text: [
      `Hello ${user.firstName},`,
      '',
      'Someone signed in to your account asked to change its email address. We have sent a confirmation link to the',
      'new address; nothing changes unless that link is followed.',
      '',
      `If this was not you, change your password now at ${origin}/user/forgotten_password and contact us.`,
    ].join('\n'),
    relatedKind: 'email-change-notice',
    relatedId: user.id,
  });
}

export type EmailTokenOutcome = 'verified' | 'changed' | 'invalid' | 'unavailable';

/** Uses a link's token once. A change whose address was taken meanwhile is refused ('unavailable'). */
export async function confirmEmailToken(db: Database, token: string): Promise<EmailTokenOutcome> {
  if (!token) return 'invalid';
  const now = new Date();
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, now),
        ),
      )
      .returning({
        userId: emailVerificationTokens.userId,
        purpose: emailVerificationTokens.purpose,
        email: emailVerificationTokens.email,
      });
    if (!used) return 'invalid';
    const emailLower = lower(used.email);
    if (used.purpose === 'verify') {
      // Only the address the link was sent to: not one the account has since moved to.
      const [user] = await tx
        .update(users)
        .set({ emailVerifiedAt: now })
        .where(and(eq(users.id, used.userId), eq(users.emailLower, emailLower)))
        .returning({ id: users.id });
      return user ? 'verified' : 'invalid';
    }
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.emailLower, emailLower), ne(users.id, used.userId)))
      .limit(1);
    if (taken) return 'unavailable';
    await tx
      .update(users)
      .set({ email: used.email, emailLower, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, used.userId));
    return 'changed';
  });
}
