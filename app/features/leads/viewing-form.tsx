/**
 * Book a viewing (spec points 3, 4 and 5): the lead form posted form-encoded to
 * POST /properties/{property_id}/{channel}/leads. The submit is guarded: it is checked with the shared schema, and
 * only a valid form with the terms accepted sets the submitted flag and posts; otherwise it is blocked and the
 * errors flagged. Without JavaScript it is an ordinary form post (the server redirects back).
 */
import { useState } from 'react';
import { type BotCheckConfig, useBotCheck } from '../spam/index.ts';
import { showToast } from '../../components/toast.tsx';
import { fetchWithCsrf } from '../../lib/http/csrf-fetch.ts';
import { groupLeadFields, leadFormInput } from './lead-request.ts';
import { LEAD_REQUEST_FAILED, VIEWING_RECEIVED, viewingLeadSchema, type FieldErrors } from './lead-schemas.ts';
import {
  BotCheckNoScript,
  LeadErrorSummary,
  LeadFields,
  SendingOverlay,
  ThankYou,
  useCsrfToken,
} from './lead-form-parts.tsx';
import { pushFormSubmissionEvent, useLeadForm } from './use-lead-form.ts';

export type ViewingFormProps = {
  property: { id: number; channel: 'sales' | 'lettings'; displayAddress: string };
  botCheck: BotCheckConfig;
  /** This modal's own URL, to come back to after a post without JavaScript that had errors. */
  returnTo: string;
  /** Where the Close button of the thank-you panel goes. */
  closeTo: string;
  initialErrors?: FieldErrors;
  initialValues?: Record<string, string>;
};

function viewingLeadAction(property: { id: number; channel: string }): string {
  return `/properties/${property.id}/${property.channel}/leads`;
}

export function ViewingForm({
  property,
  botCheck: botCheckConfig,
  returnTo,
  closeTo,
  initialErrors,
  initialValues,
}: ViewingFormProps) {
  const csrfToken = useCsrfToken();
  const botCheck = useBotCheck(botCheckConfig);
  const [isDone, setDone] = useState(false);
  const action = viewingLeadAction(property);
  const form = useLeadForm({
    id: 'viewing-form',
    schema: viewingLeadSchema,
    toInput: (entries) => leadFormInput(groupLeadFields(entries)),
    initialErrors,
    async onValid(entries) {
      try {
        const proof = await botCheck.solve();
        const response = await fetchWithCsrf(action, csrfToken, (token) => ({
          method: 'POST',
          headers: { Accept: 'application/json' },
          body: new URLSearchParams({ ...entries, ...proof, authenticity_token: token }),
        }));
        if (response.ok) {
          setDone(true);
          pushFormSubmissionEvent('book-a-viewing', { propertyId: property.id });
          return;
        }
        const answer = (await response.json().catch(() => null)) as { errors?: FieldErrors; error?: string } | null;
        if (response.status === 422 && answer?.errors) form.showFieldErrors(answer.errors);
        else showToast(answer?.error ?? LEAD_REQUEST_FAILED, { kind: 'error' });
      } catch {
        showToast(LEAD_REQUEST_FAILED, { kind: 'error' });
      }
      botCheck.reset();
    },
  });
  const isSubmitted = form.isPending;

  if (isDone) {
    return <ThankYou title="Viewing request sent" message={VIEWING_RECEIVED} closeTo={closeTo} />;
  }

  return (
    <form method="post" action={action} className="lead-form" {...form.formProps} aria-busy={isSubmitted || undefined}>
      <p className="lead-form__intro">
        {`Tell us when you would like to see ${property.displayAddress} and we will arrange a viewing.`}
      </p>
      <LeadErrorSummary errors={form.errors} variant="viewing" focusKey={form.focusKey} />
      <input type="hidden" name="authenticity_token" value={csrfToken} />
      <input type="hidden" name="lead[lead_type]" value="email_portal_lead" />
      <input type="hidden" name="return_to" value={returnTo} />
      <LeadFields
        variant="viewing"
        errors={form.errors}
        values={initialValues}
        isMessageRequired
        messageLabel="Message (for example, the days and times that suit you)"
      />
      {botCheck.element}
      <BotCheckNoScript isOn={botCheckConfig.version !== 'off'} />
      {isSubmitted ? <SendingOverlay text="Sending your viewing request…" /> : null}
      <button type="submit" className="button button--primary lead-form__submit" disabled={isSubmitted}>
        Book a viewing
      </button>
    </form>
  );
}
