/**
 * The form builder's screens: the list of custom forms and one form's editor. The editor is one real post (it
 * works without JavaScript), checked in the browser by the same schema as the action: a row per field plus blank
 * rows for new ones, and Move up / Move down buttons that post the form with the move (the keyboard's way to
 * reorder; focus comes back to the button pressed).
 */
import { CheckboxField, ErrorSummary, SelectField, TextAreaField, TextField } from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { UPLOAD_KINDS, UPLOAD_KIND_LABELS } from '../forms/index.ts';
import {
  BLANK_FIELD_ROWS,
  FIELD_TYPES,
  FIELD_TYPE_LABELS,
  MAX_FIELDS,
  formBuilderSchema,
  rowsForDefinition,
  type FieldRowInput,
} from './form-builder-schemas.ts';
import type { FormForBuilder, FormListRow } from './form-builder.server.ts';
import './form-builder.css';
import { AdminTable } from '../../components/admin-table.tsx';

export function FormList({ forms, isDeleted }: { forms: readonly FormListRow[]; isDeleted: boolean }) {
  return (
    <>
      <h1>Forms</h1>
      {isDeleted ? (
        <p className="admin-notice" role="status">
          The form has been deleted.
        </p>
      ) : null}
      <p>
        <a className="admin-button" href="/admin/forms/new">
          Create a form
        </a>
      </p>
      {forms.length === 0 ? <p>There are no custom forms yet.</p> : null}
      <AdminTable label="Forms" caption="Custom forms" columns={['Form', 'Page', 'Published', 'Fields', 'Submissions']}>
        {forms.map((form) => (
          <tr key={form.id}>
            <td>
              <a href={`/admin/forms/${form.id}`}>{form.title}</a>
            </td>
            <td>/forms/{form.slug}</td>
            <td>{form.isActive ? 'Published' : 'Not published'}</td>
            <td>{form.fieldCount}</td>
            <td>{form.submissionCount}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}

const BLANK_ROW: FieldRowInput = {
  label: '',
  name: '',
  type: 'text',
  required: false,
  width: 'full',
  help: '',
  placeholder: '',
  options: '',
  remove: false,
};

const WIDTH_OPTIONS = [
  { value: 'full', label: 'Full width' },
  { value: 'half', label: 'Half width' },
];

/**
 * The editor of a new form (`form` null) or a saved one. `moved` names the field a Move button just moved, whose
 * button gets the focus back.
 */
export function FormBuilderForm({
  form,
  siteOrigin,
  conflict,
  moved = null,
}: {
  form: FormForBuilder | null;
  siteOrigin: string;
  conflict: string | null;
  moved?: { fieldName: string; direction: 'up' | 'down' } | null;
}) {
  const schemaForm = useSchemaForm({ id: `form-builder-${form?.id ?? 'new'}`, schema: formBuilderSchema(siteOrigin) });
  const values = schemaForm.values;
  // After a post without JavaScript came back with errors, the inputs show what was posted.
  const isPosted = Object.keys(values).length > 0;
  const value = (name: string, saved: string) => values[name] ?? (isPosted ? '' : saved);
  const ticked = (name: string, saved: boolean) => (isPosted ? values[name] === 'on' : saved);
  const errors = conflict ? [{ field: 'form', message: conflict }, ...schemaForm.errors] : schemaForm.errors;

  const savedRows = form ? rowsForDefinition(form.formElements) : [];
  const postedRowCount = Object.keys(values).reduce((most, name) => {
    const match = /^field_(\d{1,2})_/.exec(name);
    return match ? Math.max(most, Number(match[1]) + 1) : most;
  }, 0);
  const rowCount = Math.min(
    MAX_FIELDS + BLANK_FIELD_ROWS,
    Math.max(savedRows.length + (form ? BLANK_FIELD_ROWS : BLANK_FIELD_ROWS + 1), postedRowCount),
  );
  const rows = Array.from({ length: rowCount }, (_, index) => savedRows[index] ?? BLANK_ROW);
  const fileElement = form?.formElements.find((element) => element.inputType === 'file');

  return (
    <>
      <ErrorSummary errors={errors} focusKey={conflict ? -1 : schemaForm.focusKey} />
      <form method="post" className="form-builder" {...schemaForm.formProps}>
        <CsrfField />
        <input type="hidden" name="version" value={form?.version ?? 0} />
        <fieldset className="form-builder__group">
          <legend>The form</legend>
          <TextField
            name="title"
            label="Title"
            autoComplete="off"
            defaultValue={value('title', form?.title ?? '')}
            error={schemaForm.errorFor('title')}
          />
          <TextField
            name="slug"
            label="Page address"
            autoComplete="off"
            spellCheck={false}
            hint="The form's page is /forms/ followed by this, like landlord-enquiry. Leave it blank to make one from the title."
            defaultValue={value('slug', form?.slug ?? '')}
            error={schemaForm.errorFor('slug')}
          />
          <TextAreaField
            name="para"
            label="Introduction"
            rows={3}
            hint="Shown above the form (optional)."
            defaultValue={value('para', form?.para ?? '')}
            error={schemaForm.errorFor('para')}
          />
          <TextField
            name="submit_button_text"
            label="Send button text"
            autoComplete="off"
            defaultValue={value('submit_button_text', form?.submitButtonText ?? 'Send')}
            error={schemaForm.errorFor('submit_button_text')}
          />
        </fieldset>

        <fieldset className="form-builder__group" id="fields">
          <legend>Fields, in the order visitors see them</legend>
          <p className="form-builder__note">
            Fill in a blank row to add a field; tick “Remove” to take one out. Moving a field saves the form.
          </p>
          {rows.map((row, index) => {
            const at = (part: string) => `field_${index}_${part}`;
            const isSaved = index < savedRows.length;
            const name = row.label || row.name || `field ${index + 1}`;
            const isMoved = isSaved && moved?.fieldName === row.name;
            const hasUp = index > 0;
            const hasDown = index < savedRows.length - 1;
            const focusUp = isMoved && hasUp && (moved?.direction === 'up' || !hasDown);
            const focusDown = isMoved && hasDown && !focusUp;
            return (
              <fieldset className="form-builder__row" key={index} id={`field-row-${index}`}>
                <legend>{isSaved ? `Field ${index + 1}: ${row.label}` : 'New field'}</legend>
                <div className="form-builder__inputs">
                  <TextField
                    name={at('label')}
                    label="Label"
                    autoComplete="off"
                    defaultValue={value(at('label'), row.label)}
                    error={schemaForm.errorFor(at('label'))}
                  />
                  <TextField
                    name={at('name')}
                    label="Field name"
                    autoComplete="off"
                    spellCheck={false}
                    hint="Letters, digits, _ or -; blank makes one from the label."
                    defaultValue={value(at('name'), row.name)}
                    error={schemaForm.errorFor(at('name'))}
                  />
                  <SelectField
                    name={at('type')}
                    label="Kind of field"
                    options={FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }))}
                    defaultValue={value(at('type'), row.type)}
                    error={schemaForm.errorFor(at('type'))}
                  />
                  <SelectField
                    name={at('width')}
                    label="Width"
                    options={WIDTH_OPTIONS}
                    defaultValue={value(at('width'), row.width)}
                    error={schemaForm.errorFor(at('width'))}
                  />
                  <TextField
                    name={at('help')}
                    label="Help text"
                    autoComplete="off"
                    defaultValue={value(at('help'), row.help)}
                    error={schemaForm.errorFor(at('help'))}
                  />
                  <TextField
                    name={at('placeholder')}
                    label="Placeholder"
                    autoComplete="off"
                    hint="Text fields only."
                    defaultValue={value(at('placeholder'), row.placeholder)}
                    error={schemaForm.errorFor(at('placeholder'))}
                  />
                  <TextAreaField
                    name={at('options')}
                    label="Choices"
                    rows={3}
                    hint="For a choice from a list: one choice per line."
                    defaultValue={value(at('options'), row.options)}
                    error={schemaForm.errorFor(at('options'))}
                  />
                </div>
                <div className="form-builder__flags">
                  <CheckboxField
                    name={at('required')}
                    label="Required"
                    defaultChecked={ticked(at('required'), row.required)}
                    error={schemaForm.errorFor(at('required'))}
                  />
                  {isSaved ? (
                    <CheckboxField
                      name={at('remove')}
                      label="Remove this field"
                      defaultChecked={ticked(at('remove'), false)}
                    />
                  ) : null}
                  {form && isSaved ? (
                    <div className="form-builder__order">
                      {hasUp ? (
                        <button
                          type="submit"
                          name="move"
                          value={`${index}:up`}
                          className="admin-button admin-button--secondary"
                          // eslint-disable-next-line jsx-a11y/no-autofocus -- focus returns to the button just pressed
                          autoFocus={focusUp}
                        >
                          Move up<span className="visually-hidden"> {name}</span>
                        </button>
                      ) : null}
                      {hasDown ? (
                        <button
                          type="submit"
                          name="move"
                          value={`${index}:down`}
                          className="admin-button admin-button--secondary"
                          // eslint-disable-next-line jsx-a11y/no-autofocus -- focus returns to the button just pressed
                          autoFocus={focusDown}
                        >
                          Move down<span className="visually-hidden"> {name}</span>
                        </button>
                      ) : null}
                    </div>
                  ) : null}
                </div>
              </fieldset>
            );
          })}
          <fieldset className="form-builder__row">
            <legend>Kinds of file the file field accepts</legend>
            <div className="form-builder__flags">
              {UPLOAD_KINDS.map((kind) => (
                <CheckboxField
                  key={kind}
                  name={`file_type_${kind}`}
                  label={UPLOAD_KIND_LABELS[kind]}
                  defaultChecked={ticked(
                    `file_type_${kind}`,
                    fileElement?.fileTypes ? fileElement.fileTypes.includes(kind) : true,
                  )}
                  error={kind === 'pdf' ? schemaForm.errorFor('file_type_pdf') : undefined}
                />
              ))}
            </div>
          </fieldset>
        </fieldset>

        <fieldset className="form-builder__group">
          <legend>After sending</legend>
          <TextField
            name="recipients"
            label="Email addresses that receive each submission"
            autoComplete="off"
            spellCheck={false}
            hint="Separate several with commas."
            defaultValue={value('recipients', form?.recipients.join(', ') ?? '')}
            error={schemaForm.errorFor('recipients')}
          />
          <TextAreaField
            name="thank_you_text"
            label="Thank-you message"
            rows={3}
            hint="Shown once the form is sent. Blank: “Thank you, your form has been sent.”"
            defaultValue={value('thank_you_text', form?.thankYouText ?? '')}
            error={schemaForm.errorFor('thank_you_text')}
          />
          <TextField
            name="redirect"
            label="Page to go to after sending"
            autoComplete="off"
            spellCheck={false}
            hint={`A path on this site, like /thank-you, or an address starting ${siteOrigin}/. Blank: stay on the form.`}
            defaultValue={value('redirect', form?.redirectPath ?? '')}
            error={schemaForm.errorFor('redirect')}
          />
          <CheckboxField
            name="is_published"
            label="Published: visitors can open and send the form"
            defaultChecked={ticked('is_published', form?.isPublished ?? false)}
            error={schemaForm.errorFor('is_published')}
          />
        </fieldset>
        <button type="submit" className="admin-button" disabled={schemaForm.isPending}>
          {form ? 'Save the form' : 'Create the form'}
        </button>
      </form>
    </>
  );
}

/** Delete, offered only while nobody has sent the form (its submissions' leads refer to it). */
export function DeleteFormButton({ form }: { form: FormForBuilder }) {
  if (form.submissionCount > 0) {
    return (
      <p>
        This form has {form.submissionCount} {form.submissionCount === 1 ? 'submission' : 'submissions'}, so it cannot
        be deleted. Untick “Published” to take it off the site.
      </p>
    );
  }
  return (
    <form method="post" className="form-builder__delete">
      <CsrfField />
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="version" value={form.version} />
      <button type="submit" className="admin-button admin-button--secondary">
        Delete this form
      </button>
    </form>
  );
}
