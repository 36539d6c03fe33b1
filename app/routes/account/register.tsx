import { data, redirect } from 'react-router';
import type { Route } from './+types/register';
import { registerFormAction } from '../../features/account/account-form-actions.server.ts';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { NO_STORE } from '../../features/account/account-http.server.ts';
import { RegisterForm } from '../../features/account/register-form.tsx';

/** /user/register: the registration form; a signed-in user goes to the profile. */
export async function loader({ context }: Route.LoaderArgs) {
  if ((await context.session.getUserId()) !== null) throw redirect('/user', { headers: NO_STORE });
  return data(null, { headers: NO_STORE });
}

/** The form posted without JavaScript (with a script it sends the spec's JSON call instead). */
export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => registerFormAction(request, context));
}

export function headers() {
  return NO_STORE;
}

export default function RegisterRoute() {
  return <RegisterForm />;
}
