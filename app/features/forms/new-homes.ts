/**
 * The new-homes enquiry (spec points 2, 3, 4, 5): 'Register your interest' on a new-homes development or plot.
 * Its fields are a form definition (slug 'new-homes-enquiry'); the request is the custom-form call of spec point 7
 * (POST /form_submissions with form_submission[{fieldName}]) and the server stores it as a 'new-homes' lead.
 */
import { answersSchema, TERMS_FIELD, type FieldErrors, type FormElement } from './custom-form.ts';

export const NEW_HOMES_FORM_SLUG = 'new-homes-enquiry';
export const NEW_HOMES_TITLE = 'Register your interest';
export const NEW_HOMES_SUCCESS_FLASH_KEY = 'welcome-lead-sent';
const TERMS_MESSAGE = 'You must agree to our terms & conditions';
export const TERMS_ERROR_KEY = 'opt_in_terms';

export const DEVELOPMENT_OF_INTEREST_FIELD = 'development_of_interest';
export const DEVELOPMENT_ID_FIELD = 'development_id';

/** Address parts filled by the lookup or typed in (spec point 3), sent as form_submission[{part}]. */
export const ADDRESS_PARTS = ['house_number', 'house_name', 'street', 'town', 'county', 'postcode'] as const;

/** The form element the address lookup stands in for. */
export function isAddressElement(element: Pick<FormElement, 'fieldName'>): boolean {
  return element.fieldName === 'address' || element.fieldName === 'current_home_address';
}

/** Spec point 5: 'Please enter a valid {field name}'. */
export function newHomesRequiredMessage(element: Pick<FormElement, 'friendlyName'>): string {
  return `Please enter a valid ${element.friendlyName.toLowerCase()}`;
}

/** Spec point 3: development_of_interest is the first comma-separated part of the address. */
export function developmentOfInterest(displayAddress: string): string {
  return (displayAddress.split(',')[0] ?? '').trim();
}

/** The terms box must be ticked (sent as marketing_preferences[opt_in_terms] = 'on'). */
function isTermsAccepted(value: unknown): boolean {
  return value === 'on' || value === '1' || value === 'true';
}

export type NewHomesDevelopment = {
  /** The property the visitor is looking at (a development or one of its plots). */
  propertyId: number;
  propertySlug: string;
  displayAddress: string;
  /** The development: the property itself, or a plot's parent. */
  developmentId: number;
  developmentName: string;
};

/** The enquiry's schema (browser and server): the configured fields but the address, and the terms box. */
export function newHomesSchema(elements: readonly FormElement[]) {
  return answersSchema(
    elements.filter((element) => !isAddressElement(element)),
    {
      requiredMessage: newHomesRequiredMessage,
      extraErrors: (answers): FieldErrors =>
        isTermsAccepted(answers[TERMS_ERROR_KEY]) ? {} : { [TERMS_ERROR_KEY]: TERMS_MESSAGE },
    },
  );
}

/** Posted names read under another key: the terms box is judged as `opt_in_terms`. */
export const NEW_HOMES_EXTRA_NAMES: Readonly<Record<string, string>> = { [TERMS_FIELD]: TERMS_ERROR_KEY };
