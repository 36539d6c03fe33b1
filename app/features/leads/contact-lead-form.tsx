/**
 * The staff and department lead modal (spec point 4): step 1 is the form; on submit a loading overlay shows and the
 * form hides; a 200 from POST /leads shows step 2 ('We have received your enquiry and our agent will be in touch
 * soon.') and pushes a form-submission analytics event; any other status shows the toast 'Request failed. Please
 * try again.' and the form returns. The bot check runs before sending, is reset after success and re-rendered on
 * failure. Without JavaScript the form posts form-encoded to /leads and the server redirects back.
 */
import { useState } from 'react';
import { showToast } from '../../components/toast.tsx';
import { fetchWithCsrf } from '../../lib/http/csrf-fetch.ts';
import { type BotCheckConfig, useBotCheck } from '../spam/index.ts';
import { groupLeadFields, leadFormInput } from './lead-request.ts';
import { contactLeadSchema, LEAD_RECEIVED, LEAD_REQUEST_FAILED, type FieldErrors } from './lead-schemas.ts';
import {
  BotCheckNoScript,
  LeadErrorSummary,
  LeadFields,
  SendingOverlay,
  ThankYou,
  useCsrfToken,
} from './lead-form-parts.tsx';
import { pushFormSubmissionEvent, useLeadForm } from './use-lead-form.ts';

type ContactRecipient = {
  name: string;
  detail?: string | null;
  telephone?: string | null;
  photoUrl?: string | null;
};

export type ContactLeadFormProps = {
  formName: 'contact-staff-member' | 'contact-office';
  recipient: ContactRecipient;
  /** The lead[…] fields that say who the enquiry is for (spec point 3). */
  leadFields: Record<string, string>;
  intro: string;
  botCheck: BotCheckConfig;
  returnTo: string;
  successTo: string;
  closeTo: string;
  initialErrors?: FieldErrors;
  initialValues?: Record<string, string>;
};

type Step = 'form' | 'sending' | 'done';

/** The JSON body of spec point 7: lead_client{…}, lead{…}, market_preferences{…} and the token. */
function jsonBody(entries: Record<string, string>, proof: Record<string, string>, token: string) {
  const groups = groupLeadFields(entries);
  return {
    ...proof,
    authenticity_token: token,
    lead_client: groups.client,
    lead: groups.lead,
    market_preferences: groups.marketing,
  };
}

export function ContactLeadForm(props: ContactLeadFormProps) {
  const { recipient, leadFields } = props;
  const csrfToken = useCsrfToken();
  const botCheck = useBotCheck(props.botCheck);
  const [isDone, setDone] = useState(false);
  // The shared hook's guard is set at once, not on the next render: a double click never sends the lead twice.
  const form = useLeadForm({
    id: `${props.formName}-form`,
    schema: contactLeadSchema,
    toInput: (entries) => leadFormInput(groupLeadFields(entries)),
    initialErrors: props.initialErrors,
    async onValid(entries) {
      try {
        const proof = await botCheck.solve();
        const response = await fetchWithCsrf('/leads', csrfToken, (token) => ({
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(jsonBody(entries, proof, token)),
        }));
        if (response.status === 200) {
          botCheck.reset();
          setDone(true);
          pushFormSubmissionEvent(props.formName);
          return;
        }
        // Only the status is read (spec point 7); field messages are shown when the server sends them.
        const answer = (await response.json().catch(() => null)) as { errors?: FieldErrors } | null;
        if (response.status === 422 && answer?.errors && !answer.errors.form) form.showFieldErrors(answer.errors);
        showToast(LEAD_REQUEST_FAILED, { kind: 'error' });
      } catch {
        showToast(LEAD_REQUEST_FAILED, { kind: 'error' });
      }
      botCheck.reset();
    },
  });
  const step: Step = isDone ? 'done' : form.isPending ? 'sending' : 'form';

  if (step === 'done') {
    return <ThankYou title="Thank you" message={LEAD_RECEIVED} closeTo={props.closeTo} />;
  }

  return (
    <div className="lead-loading">
      {step === 'sending' ? <SendingOverlay /> : null}
      {botCheck.element}
      <form method="post" action="/leads" className="lead-form" {...form.formProps} hidden={step === 'sending'}>
        <div className="lead-form__recipient">
          {recipient.photoUrl ? <img src={recipient.photoUrl} alt="" width={56} height={56} /> : null}
          <div>
            <p className="lead-form__recipient-name">{recipient.name}</p>
            {recipient.detail ? <p>{recipient.detail}</p> : null}
            {recipient.telephone ? (
              <p>
                <a href={`tel:${recipient.telephone.replace(/\s+/g, '')}`}>{recipient.telephone}</a>
              </p>
            ) : null}
          </div>
        </div>
        <p className="lead-form__intro">{props.intro}</p>
        <LeadErrorSummary errors={form.errors} variant="contact" focusKey={form.focusKey} />
        <input type="hidden" name="authenticity_token" value={csrfToken} />
        {Object.entries(leadFields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="return_to" value={props.returnTo} />
        <input type="hidden" name="success_to" value={props.successTo} />
        <BotCheckNoScript isOn={props.botCheck.version !== 'off'} />
        <LeadFields variant="contact" errors={form.errors} values={props.initialValues} isMessageRequired={false} />
        <button type="submit" className="button button--primary lead-form__submit">
          Send enquiry
        </button>
      </form>
    </div>
  );
}
