import { hash, verify } from '@node-rs/argon2';
import { isCommonPassword } from './common-passwords.ts';
import { isGuessablePassword } from './password-strength.server.ts';
import { PASSWORD_ERROR_FRAGMENTS, meetsResetPasswordRule } from './account-schemas.ts';

/** OWASP's argon2id settings: 19 MiB of memory, 2 passes, 1 lane (house style). */
const ARGON2_OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no hash (unknown email) a dummy hash is verified instead so the
 * answer takes as long as for a real account (ASVS 6.3.8: no enumeration by response time).
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-only-used-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/**
 * Problems with a new password as 'Password …' fragments; the spec's reset rule applies when `useResetRule` is set.
 * `userInputs` (email, names) make a password built from them count as guessable.
 */
export function newPasswordProblems(
  password: string,
  options: { useResetRule: boolean; userInputs?: readonly string[] },
): string[] {
  const problems: string[] = [];
  if (options.useResetRule && !meetsResetPasswordRule(password)) problems.push(PASSWORD_ERROR_FRAGMENTS.rule);
  if (isCommonPassword(password)) problems.push(PASSWORD_ERROR_FRAGMENTS.common);
  else if (isGuessablePassword(password, options.userInputs)) problems.push(PASSWORD_ERROR_FRAGMENTS.guessable);
  return problems;
}
