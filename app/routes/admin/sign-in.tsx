import type { Route } from './+types/sign-in';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { SignInCodeForm, SignInPasswordForm } from '../../features/staff/staff-forms.tsx';
import { signInAction, signInLoader } from '../../features/staff/staff-form-actions.server.ts';

/** /admin/sign-in: the password, then a TOTP or recovery code (two posts to this page). */
export function loader({ request }: Route.LoaderArgs) {
  return signInLoader(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => signInAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Sign in | Back office' }];

export default function AdminSignInRoute({ loaderData }: Route.ComponentProps) {
  const action =
    loaderData.next === '/admin' ? '/admin/sign-in' : `/admin/sign-in?next=${encodeURIComponent(loaderData.next)}`;
  if (loaderData.stage === 'code') return <SignInCodeForm key="code" action={action} />;
  return <SignInPasswordForm key="password" action={action} notice={loaderData.notice} />;
}
