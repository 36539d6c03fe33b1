import { data } from 'react-router';
import type { Route } from './+types/forgot-password';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { formReplyOf } from '../../lib/http/form-submission.ts';
import { ForgotPasswordForm } from '../../features/staff/staff-forms.tsx';
import { forgotPasswordAction } from '../../features/staff/staff-form-actions.server.ts';
import { STAFF_MESSAGES } from '../../features/staff/staff-schemas.ts';

/** /admin/forgot-password: the same answer whether or not the address has an account. */
export function loader() {
  return data({}, { headers: { 'Cache-Control': 'no-store' } });
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => forgotPasswordAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Forgotten password | Back office' }];

export default function AdminForgotPasswordRoute({ actionData }: Route.ComponentProps) {
  return <ForgotPasswordForm isDone={formReplyOf(actionData).isDone} message={STAFF_MESSAGES.resetSent} />;
}
