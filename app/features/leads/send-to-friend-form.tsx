/**
 * Send to a friend (spec point 7 'POST /user/send_to_friend', a spam-protected form post): the visitor's name and
 * email, the friend's email and a short note. With JavaScript it is sent in the background and a thank-you shows;
 * without, the server redirects to the property with the send-property-sent or send-property-invalid flash.
 */
import { useState } from 'react';
import { ErrorSummary, HoneypotField, TextAreaField, TextField } from '../../components/form-fields.tsx';
import { showToast } from '../../components/toast.tsx';
import { fetchWithCsrf } from '../../lib/http/csrf-fetch.ts';
import { type BotCheckConfig, useBotCheck } from '../spam/index.ts';
import { groupLeadFields } from './lead-request.ts';
import {
  LEAD_REQUEST_FAILED,
  SEND_TO_FRIEND_FIELD_ORDER,
  sendToFriendFieldName,
  sendToFriendSchema,
  type FieldErrors,
  type SendToFriendFieldKey,
} from './lead-schemas.ts';
import { BotCheckNoScript, SendingOverlay, ThankYou, useCsrfToken } from './lead-form-parts.tsx';
import { summaryErrors, useLeadForm } from './use-lead-form.ts';

const SEND_TO_FRIEND_SENT = 'The property has been sent to your friend.';

export type SendToFriendFormProps = {
  property: { id: number; displayAddress: string };
  botCheck: BotCheckConfig;
  returnTo: string;
  closeTo: string;
  initialErrors?: FieldErrors;
  initialValues?: Record<string, string>;
};

export function SendToFriendForm({ property, botCheck: config, returnTo, closeTo, ...initial }: SendToFriendFormProps) {
  const csrfToken = useCsrfToken();
  const botCheck = useBotCheck(config);
  const [isDone, setDone] = useState(false);
  const values = initial.initialValues ?? {};
  const name = (key: SendToFriendFieldKey) => sendToFriendFieldName(key);
  const form = useLeadForm({
    id: 'send-to-friend-form',
    schema: sendToFriendSchema,
    toInput: (entries) => groupLeadFields(entries).sendToFriend,
    initialErrors: initial.initialErrors,
    async onValid(entries) {
      try {
        const proof = await botCheck.solve();
        const response = await fetchWithCsrf('/user/send_to_friend', csrfToken, (token) => ({
          method: 'POST',
          headers: { Accept: 'application/json' },
          body: new URLSearchParams({ ...entries, ...proof, authenticity_token: token }),
        }));
        if (response.ok) {
          setDone(true);
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
  const errors = form.errors;
  const isSending = form.isPending;

  if (isDone) return <ThankYou title="Sent" message={SEND_TO_FRIEND_SENT} closeTo={closeTo} />;

  return (
    <form method="post" action="/user/send_to_friend" className="lead-form" {...form.formProps}>
      <p className="lead-form__intro">{`We will email your friend a link to ${property.displayAddress}.`}</p>
      <ErrorSummary
        errors={summaryErrors(errors, SEND_TO_FRIEND_FIELD_ORDER, (key) => name(key as SendToFriendFieldKey))}
        focusKey={form.focusKey}
      />
      {errors.form ? (
        <p className="lead-form__problem" role="alert">
          {errors.form}
        </p>
      ) : null}
      <input type="hidden" name="authenticity_token" value={csrfToken} />
      <input type="hidden" name="property_id" value={property.id} />
      <input type="hidden" name="return_to" value={returnTo} />
      <div className="lead-form__row">
        <TextField
          name={name('name')}
          label="Your name"
          autoComplete="name"
          error={errors.name}
          defaultValue={values[name('name')]}
          maxLength={100}
        />
        <TextField
          name={name('email')}
          label="Your email"
          type="email"
          autoComplete="email"
          spellCheck={false}
          error={errors.email}
          defaultValue={values[name('email')]}
          maxLength={254}
        />
      </div>
      <TextField
        name={name('friend_email')}
        label="Your friend's email"
        type="email"
        autoComplete="off"
        spellCheck={false}
        error={errors.friend_email}
        defaultValue={values[name('friend_email')]}
        maxLength={254}
      />
      <TextAreaField
        name={name('message')}
        label="Message (optional)"
        hint="A short note to go with the link. Links are not allowed."
        error={errors.message}
        defaultValue={values[name('message')]}
        rows={8}
        maxLength={500}
      />
      <HoneypotField name="send_to_friend[body]" />
      {botCheck.element}
      <BotCheckNoScript isOn={config.version !== 'off'} />
      {isSending ? <SendingOverlay text="Sending…" /> : null}
      <button type="submit" className="button button--primary lead-form__submit" disabled={isSending}>
        Send to a friend
      </button>
    </form>
  );
}
