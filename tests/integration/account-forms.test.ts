/**
 * The account forms posted without JavaScript (docs/decisions/012): the page's own route action validates with the
 * shared schema, calls the JSON call's function, and answers the page again with errors (and the answers, never a
 * password) or a redirect.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { and, desc, eq } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { VisitorSession, newSessionId } from '../../app/lib/session.server.ts';
import { action as registerAction } from '../../app/routes/account/register.tsx';
import { action as signInAction } from '../../app/routes/account/sign-in.tsx';
import { action as marketingAction } from '../../app/routes/account/marketing-preferences.tsx';
import { action as editAction } from '../../app/routes/account/edit.tsx';
import { getUserView } from '../../app/features/account/accounts.server.ts';
import { confirmEmailToken } from '../../app/features/account/email-verification.server.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { errorList, resultValues, type FormReply } from '../../app/lib/http/form-submission.ts';

vi.mock('../../app/features/spam/spam-protection.server.ts', () => ({
  verifyBotCheck: vi.fn(async () => true),
  recaptchaScriptHosts: () => [],
  getBotCheckConfig: vi.fn(async () => ({ version: 'altcha', siteKey: null })),
}));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
});
afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

let ipCounter = 0;
function newVisitor() {
  ipCounter += 1;
  return {
    session: new VisitorSession(newSessionId(), true, () => database.db, {
      secure: false,
      idleMinutes: 30,
      absoluteDays: 30,
    }),
    clientIp: `198.51.100.${ipCounter}`,
    origin: 'http://localhost',
    logger: pino({ level: 'silent' }),
    requestId: 'test',
  };
}
type Visitor = ReturnType<typeof newVisitor>;

type Reply = {
  status: number;
  location: string | null;
  formReply?: { errors: { field: string; message: string }[]; values: Record<string, string>; isDone?: boolean };
};

async function post(
  action: (args: never) => unknown,
  visitor: Visitor,
  path: string,
  form: Record<string, string>,
): Promise<Reply> {
  const request = new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: new URLSearchParams(form).toString(),
  });
  let result: unknown;
  try {
    result = await action({ request, context: visitor, params: {} } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, location: result.headers.get('location') };
  const value = result as { data: FormReply; init?: { status?: number } | null };
  const formResult = value.data.formResult;
  return {
    status: value.init?.status ?? 200,
    location: null,
    formReply: { errors: errorList(formResult?.error), values: resultValues(formResult), isDone: value.data.isDone },
  };
}

const PASSWORD = 'Quiet-Harbour-Lantern-5';

describe('account forms without JavaScript', () => {
  it('register: errors with the answers but never the passwords, then one redirect for a new and a known address', async () => {
    const visitor = newVisitor();
    const bad = await post(registerAction, visitor, '/user/register', {
      first_name: 'Nora',
      last_name: '',
      email: 'nora.forms@example.com',
      password: PASSWORD,
      password_confirmation: 'different-password-1',
    });
    expect(bad.status).toBe(422);
    expect(bad.formReply!.errors.map((error) => error.field)).toEqual(
      expect.arrayContaining(['last_name', 'password_confirmation', 'opt_in_terms']),
    );
    expect(bad.formReply!.values).toMatchObject({ first_name: 'Nora', email: 'nora.forms@example.com' });
    expect(Object.keys(bad.formReply!.values).filter((name) => /password/.test(name))).toEqual([]);

    const good = await post(registerAction, visitor, '/user/register', {
      first_name: 'Nora',
      last_name: 'Forms',
      email: 'nora.forms@example.com',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      opt_in_terms: 'on',
    });
    // The same redirect whether or not the address already has an account: nobody is signed in, and the sign-in
    // page says to confirm the address first.
    expect(good).toMatchObject({ status: 303, location: '/user/sign-in?registered=1' });
    expect(await visitor.session.getUserId()).toBeNull();
    const again = await post(registerAction, newVisitor(), '/user/register', {
      first_name: 'Nora',
      last_name: 'Forms',
      email: 'nora.forms@example.com',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      opt_in_terms: 'on',
    });
    expect(again).toEqual(good);

    // The owner follows the emailed link; then the account signs in (below).
    let text = '';
    await vi.waitFor(async () => {
      const [mail] = await database.db
        .select({ text: emailOutbox.textBody })
        .from(emailOutbox)
        .where(
          and(eq(emailOutbox.toAddress, 'nora.forms@example.com'), eq(emailOutbox.relatedKind, 'email-verification')),
        )
        .orderBy(desc(emailOutbox.id));
      expect(mail).toBeDefined();
      text = mail!.text;
    });
    const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
    expect(await confirmEmailToken(database.db, token)).toBe('verified');
  });

  it('sign in: a wrong password shows the spec message, the right one redirects', async () => {
    const visitor = newVisitor();
    const empty = await post(signInAction, visitor, '/user/sign-in', {});
    expect(empty.status).toBe(422);
    const wrong = await post(signInAction, visitor, '/user/sign-in', {
      username: 'nora.forms@example.com',
      password: 'Wrong-password-12',
    });
    expect(wrong.formReply!.errors).toEqual([{ field: 'form', message: 'Sign in failed, please try again' }]);
    expect(wrong.formReply!.values).toEqual({ username: 'nora.forms@example.com' });
    const right = await post(signInAction, visitor, '/user/sign-in', {
      username: 'nora.forms@example.com',
      password: PASSWORD,
    });
    expect(right).toMatchObject({ status: 303, location: '/user' });
  });

  it('edit details and marketing preferences save for the signed-in user', async () => {
    const visitor = newVisitor();
    await post(signInAction, visitor, '/user/sign-in', { username: 'nora.forms@example.com', password: PASSWORD });
    const userId = (await visitor.session.getUserId())!;
    const invalid = await post(editAction, visitor, '/user/edit', { first_name: '' });
    expect(invalid.status).toBe(422);
    const saved = await post(editAction, visitor, '/user/edit', { first_name: 'Nora', town: 'Frome' });
    expect(saved).toMatchObject({ status: 303, location: '/user' });
    expect((await getUserView(database.db, userId)).town).toBe('Frome');

    const optIn = await post(marketingAction, visitor, '/user/marketing-preferences', { opt_in_marketing_at: 'optin' });
    expect(optIn.formReply).toMatchObject({ errors: [], isDone: true });
    expect((await getUserView(database.db, userId)).is_opted_in_to_marketing).toBe(true);
  });
});
