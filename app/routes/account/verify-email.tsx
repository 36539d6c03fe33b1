import { data, Form, Link, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/verify-email';
import { CsrfField, useSubmitOnce } from '../../components/form/form-parts.tsx';
import { NO_STORE } from '../../features/account/account-http.server.ts';
import { confirmEmailToken, type EmailTokenOutcome } from '../../features/account/email-verification.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { answeringHttpErrors, assertMethod } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';

const OUTCOME_TEXT: Record<EmailTokenOutcome, string> = {
  verified: 'Thank you: your email address is confirmed.',
  changed: 'Thank you: your account now uses this email address.',
  invalid: 'This link has expired or has already been used.',
  unavailable: 'That email address cannot be used. Please choose another.',
};

/**
 * /user/verify-email?token=…: the emailed link shows a button, and only the post uses the token, so a mail
 * scanner that opens links does not confirm an address on its owner's behalf.
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return data({ token: token.slice(0, 100) }, { headers: { ...NO_STORE, 'Referrer-Policy': 'same-origin' } });
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, async () => {
    assertMethod(request, ['POST']);
    const fields = await readFields(request);
    const token = typeof fields.token === 'string' ? fields.token : '';
    const outcome = await confirmEmailToken(getDb(), token);
    context.logger?.info({ outcome }, 'email link used');
    return data(
      { outcome },
      { status: outcome === 'verified' || outcome === 'changed' ? 200 : 422, headers: NO_STORE },
    );
  });
}

export function headers() {
  return { ...NO_STORE, 'Referrer-Policy': 'same-origin' };
}

export default function VerifyEmailRoute() {
  const { token } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const submitOnce = useSubmitOnce();
  return (
    <section className="account-screen" aria-labelledby="verify-email-title">
      <h3 id="verify-email-title" className="account-screen__title">
        Confirm your email address
      </h3>
      {reply ? (
        <>
          <p className="account-notice" role="status">
            {OUTCOME_TEXT[reply.outcome]}
          </p>
          {reply.outcome === 'verified' ? (
            <p className="account-screen__links">
              <Link to="/user/sign-in" className="account-link">
                Sign in
              </Link>
            </p>
          ) : null}
        </>
      ) : token ? (
        <Form method="post" className="account-form" onSubmit={submitOnce.onSubmit}>
          <CsrfField />
          <input type="hidden" name="token" value={token} />
          <button
            type="submit"
            className="button button--primary account-form__submit"
            disabled={submitOnce.isSubmitting}
          >
            Confirm my email address
          </button>
        </Form>
      ) : (
        <p className="account-notice" role="status">
          {OUTCOME_TEXT.invalid}
        </p>
      )}
    </section>
  );
}
