/** The flow's end panels: 'We are sorry' (no branch near the postcode), thank you, and the busy status line. */
import type { RefObject } from 'react';
import type { Branch } from './valuation-client.ts';

export const NO_BRANCH_TITLE = 'We are sorry';
const NO_BRANCH_MESSAGE = "We don't have agents near your property";

export function SorryStep({
  agencyTelephone,
  onBack,
  onClose,
}: {
  agencyTelephone?: string;
  onBack: () => void;
  onClose: () => void;
}) {
  return (
    <div className="valuation-sorry">
      <p className="valuation-sorry__message">{NO_BRANCH_MESSAGE}</p>
      <p>
        Please check the postcode, or call us
        {agencyTelephone ? (
          <>
            {' '}
            on <a href={`tel:${agencyTelephone.replace(/[^\d+]/g, '')}`}>{agencyTelephone}</a>
          </>
        ) : null}{' '}
        and we will do our best to help.
      </p>
      <div className="valuation-actions">
        <button type="button" className="button" onClick={onBack}>
          Back
        </button>
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

export function ThanksStep({
  branch,
  isAppointmentBooked,
  headingRef,
  onClose,
}: {
  branch: Branch | null;
  isAppointmentBooked: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onClose: () => void;
}) {
  return (
    <div className="valuation-thanks">
      <h3 className="valuation-flow__title" ref={headingRef} tabIndex={-1}>
        Thank you
      </h3>
      <p>
        We have received your valuation request. {branch ? `Our ${branch.name} branch` : 'Our team'} will be in touch
        soon
        {isAppointmentBooked ? ' to confirm your appointment.' : ' to arrange a time.'}
      </p>
      <div className="valuation-actions valuation-actions--end">
        <button type="button" className="button button--primary" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

export function BusyStatus({ text }: { text: string }) {
  return (
    <p className="valuation-busy" role="status">
      <span className="valuation-busy__spinner" aria-hidden="true" />
      {text}
    </p>
  );
}
