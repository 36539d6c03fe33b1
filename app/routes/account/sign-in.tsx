import { data, redirect } from 'react-router';
import type { Route } from './+types/sign-in';
import { signInFormAction } from '../../features/account/account-form-actions.server.ts';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { NO_STORE } from '../../features/account/account-http.server.ts';
import { SignInForm } from '../../features/account/sign-in-form.tsx';

/** /user/sign-in: redirects to /user when already signed in (spec point 2). */
export async function loader({ context, request }: Route.LoaderArgs) {
  if ((await context.session.getUserId()) !== null) throw redirect('/user', { headers: NO_STORE });
  const search = new URL(request.url).searchParams;
  return data(
    { isAfterReset: search.get('reset') === '1', isAfterRegistration: search.get('registered') === '1' },
    { headers: NO_STORE },
  );
}

/** The form posted without JavaScript (with a script it sends the spec's JSON call instead). */
export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => signInFormAction(request, context));
}

export function headers() {
  return NO_STORE;
}

export default function SignInRoute({ loaderData }: Route.ComponentProps) {
  return <SignInForm isAfterReset={loaderData.isAfterReset} isAfterRegistration={loaderData.isAfterRegistration} />;
}
