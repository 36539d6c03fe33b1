import { data } from 'react-router';
import type { Route } from './+types/forgotten-password';
import {
  forgottenPasswordFormAction,
  newPasswordFormAction,
} from '../../features/account/account-form-actions.server.ts';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { NO_STORE } from '../../features/account/account-http.server.ts';
import { isResetTokenValid } from '../../features/account/accounts.server.ts';
import { PasswordScreen } from '../../features/account/password-screen.tsx';
import { getDb } from '../../lib/db.server.ts';

/**
 * /user/forgotten_password: the reset (change) form when signed in, else the forgotten form; with ?token= from the
 * emailed link, the form that sets a new password with that token (docs/decisions/009-accounts.md).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  const isSignedIn = (await context.session.getUserId()) !== null;
  if (token !== null) {
    const isTokenValid = token.length <= 200 && (await isResetTokenValid(getDb(), token));
    return data({ isSignedIn, token: isTokenValid ? token : null, hasToken: true }, { headers: NO_STORE });
  }
  return data({ isSignedIn, token: null, hasToken: false }, { headers: NO_STORE });
}

/** The same forms posted without JavaScript: a new password (signed in, or with the token) or the reset request. */
export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, async () => {
    const isSignedIn = (await context.session.getUserId()) !== null;
    const hasToken = new URL(request.url).searchParams.has('token');
    return isSignedIn || hasToken
      ? newPasswordFormAction(request, context)
      : forgottenPasswordFormAction(request, context);
  });
}

/**
 * The token stays out of Referer headers to other sites. `same-origin` rather than `no-referrer`: with no referrer
 * at all the browser posts the form with `Origin: null`, which React Router refuses for a no-JavaScript post.
 */
export function headers() {
  return { ...NO_STORE, 'Referrer-Policy': 'same-origin' };
}

export default function ForgottenPasswordRoute({ loaderData }: Route.ComponentProps) {
  return <PasswordScreen {...loaderData} />;
}
