/** What other features may use of the custom forms (client-safe): the form builder's kinds of file and field. */
export { UPLOAD_KINDS, UPLOAD_KIND_LABELS } from './file-types.ts';
export type { FormElement } from './custom-form.ts';
export { parseSubmissionFieldName, validateAnswers } from './custom-form.ts';
export { CustomFormElement } from './custom-form-element.tsx';
