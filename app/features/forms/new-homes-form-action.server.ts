/**
 * The new-homes enquiry posted without JavaScript (docs/decisions/012). With a script the form sends the spec's
 * call, POST /form_submissions; without one it posts to its own modal page, and this answers: the answers are
 * judged by the same schema through Conform (the page again with the errors, 422), then the bot check (a refusal
 * shown on the page too), then the enquiry is stored by the very function behind POST /form_submissions and the
 * browser goes to the property page with the confirmation.
 */
import { data, type AppLoadContext } from 'react-router';
import { getDb } from '../../lib/db.server.ts';
import { seeOther } from '../../lib/http/form-submission.server.ts';
import { assertMethod, HttpError } from '../../lib/http/http-error.ts';
import { readFields } from '../../lib/http/request-body.ts';
import { limit } from '../../lib/rate-limit.server.ts';
import { FORM_HONEYPOT_FIELD, isHoneypotFilled } from '../spam/index.ts';
import { verifyBotCheck } from '../spam/index.server.ts';
import { REDIRECT_FIELD, safeRedirectPath } from './custom-form.ts';
import { getCustomForm } from './form-submissions.server.ts';
import { NEW_HOMES_FORM_SLUG, NEW_HOMES_SUCCESS_FLASH_KEY } from './new-homes.ts';
import { receiveNewHomesEnquiry } from './new-homes.server.ts';

const NO_STORE = { 'Cache-Control': 'no-store' } as const;

export async function newHomesFormAction(request: Request, context: AppLoadContext) {
  assertMethod(request, ['POST']);
  const db = getDb();
  // The same per-address budget as POST /form_submissions: both paths store enquiries.
  await limit(db, 'formSubmissions', context.clientIp);
  const fields = await readFields(request);
  const form = await getCustomForm(db, { slug: NEW_HOMES_FORM_SLUG });
  if (!form) throw new HttpError(404, 'Sorry, this form is no longer available.');
  const redirectTo = safeRedirectPath(fields[REDIRECT_FIELD]);
  if (isHoneypotFilled(fields[FORM_HONEYPOT_FIELD])) {
    return seeOther(`${redirectTo}#flash/${NEW_HOMES_SUCCESS_FLASH_KEY}`);
  }
  const enquiry = await receiveNewHomesEnquiry(db, form, fields, {
    clientIp: context.clientIp,
    origin: context.origin,
    redirectTo,
    verifyBotCheck: () => verifyBotCheck(fields, context.clientIp),
  });
  if (enquiry.ok) return seeOther(`${enquiry.redirectTo}#flash/${enquiry.flashKey}`);
  return data({ formResult: enquiry.result }, { status: 422, headers: NO_STORE });
}
