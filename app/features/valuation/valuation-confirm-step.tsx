/** Step 3: the answers to check, the message and terms, and the send button. */
import type { ReactNode } from 'react';
import { ErrorSummary } from '../../components/form-fields.tsx';
import { CsrfInput } from '../../components/form/form-parts.tsx';
import { useSchemaFormWithResult } from '../../components/form/use-schema-form.ts';
import type { FormResult } from '../../lib/http/form-submission.ts';
import { HONEYPOT_FIELD } from '../spam/index.ts';
import { longDate, type Branch } from './valuation-client.ts';
import { BusyStatus } from './valuation-end-steps.tsx';
import { streetAddressOf, valuationConfirmSchema, type ValuationDetails } from './valuation-schema.ts';

export function ConfirmStep({
  csrfToken,
  formAction,
  ariaLabel,
  details,
  honeypot,
  date,
  bookingTime,
  branch,
  notice,
  lastResult,
  confirmFields,
  isBusy,
  onSend,
  onBack,
}: {
  csrfToken: string;
  formAction: string;
  ariaLabel: string;
  details: ValuationDetails;
  honeypot: string;
  /** The chosen appointment; empty after a post without JavaScript, where the branch arranges the time. */
  date: string;
  bookingTime: string;
  branch: Branch | null;
  notice: string;
  /** The errors of a post without JavaScript that came back to this form. */
  lastResult: FormResult | null;
  confirmFields: (errorOf: (field: string) => string | undefined) => ReactNode;
  isBusy: boolean;
  /** Sends the request once the message and terms are accepted. */
  onSend: () => Promise<void>;
  onBack: () => void;
}) {
  const form = useSchemaFormWithResult({
    id: 'valuation-confirm',
    schema: valuationConfirmSchema,
    lastResult,
    onValid: onSend,
  });
  return (
    <>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <form className="valuation-form" method="post" action={formAction} {...form.formProps} aria-label={ariaLabel}>
        {/* Without JavaScript the earlier steps are not on the page: their answers travel with this post. */}
        <CsrfInput token={csrfToken} />
        <input type="hidden" name="valuation_step" value="confirm" />
        <input type="hidden" name={HONEYPOT_FIELD} value={honeypot} />
        {Object.entries(details).map(([name, value]) =>
          typeof value === 'string' ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <dl className="valuation-summary">
          <div>
            <dt>Valuation for</dt>
            <dd>{details.channel === 'letting' ? 'Letting' : 'Selling'}</dd>
          </div>
          <div>
            <dt>Name</dt>
            <dd>
              {details.first_name} {details.last_name}
            </dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{details.email}</dd>
          </div>
          <div>
            <dt>Phone</dt>
            <dd>{details.tel_home}</dd>
          </div>
          <div>
            <dt>Address</dt>
            <dd>
              {[streetAddressOf(details), details.town, details.county, details.postcode].filter(Boolean).join(', ')}
            </dd>
          </div>
          {date ? (
            <div>
              <dt>Date</dt>
              <dd>{longDate(date)}</dd>
            </div>
          ) : null}
          {bookingTime ? (
            <div>
              <dt>Time</dt>
              <dd>{bookingTime}</dd>
            </div>
          ) : null}
          {branch ? (
            <div>
              <dt>Branch</dt>
              <dd>{branch.name}</dd>
            </div>
          ) : null}
        </dl>
        {notice ? <p className="valuation-notice">{notice}</p> : null}
        {confirmFields(form.errorFor)}
        <div className="valuation-actions">
          <button type="button" className="button" onClick={onBack} disabled={isBusy}>
            Back
          </button>
          <button type="submit" className="button button--primary" disabled={isBusy}>
            Request valuation
          </button>
        </div>
        {isBusy ? <BusyStatus text="Sending your request…" /> : null}
      </form>
    </>
  );
}
