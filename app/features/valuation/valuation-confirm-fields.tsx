/** The message and terms fields: on the confirm step, or at the foot of the single-step form. */
import type { ReactNode } from 'react';
import { CheckboxField, TextAreaField } from '../../components/form-fields.tsx';

export function ConfirmFields({
  message,
  onMessageChange,
  isTermsAccepted,
  onTermsChange,
  errorOf,
  botCheckElement,
}: {
  message: string;
  onMessageChange: (message: string) => void;
  isTermsAccepted: boolean;
  onTermsChange: (isAccepted: boolean) => void;
  errorOf: (field: string) => string | undefined;
  botCheckElement: ReactNode;
}) {
  return (
    <>
      <TextAreaField
        name="message"
        label="Message (optional)"
        rows={8}
        value={message}
        maxLength={5000}
        onChange={(event) => onMessageChange(event.target.value)}
        error={errorOf('message')}
      />
      <CheckboxField
        name="opt_in_terms"
        label={
          <>
            I agree to the{' '}
            <a href="/terms-of-use" target="_blank" rel="noopener">
              terms &amp; conditions (opens in a new tab)
            </a>
          </>
        }
        checked={isTermsAccepted}
        onChange={(event) => onTermsChange(event.target.checked)}
        error={errorOf('opt_in_terms')}
      />
      {botCheckElement}
    </>
  );
}
