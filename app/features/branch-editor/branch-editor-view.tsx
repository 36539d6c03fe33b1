/**
 * The branch editor's screens: the list of branches a staff member may edit and one branch's form. The form is a
 * real post (it works without JavaScript), checked in the browser by the same schema as the action; every field a
 * post without JavaScript sent comes back into its input with its message.
 */
import { ErrorSummary, SelectField, TextAreaField, TextField } from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { LazyBoundary, lazyWithTimeout } from '../../components/lazy-with-timeout.tsx';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';
import { fieldId } from '../../components/form-fields.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import {
  BLANK_EXCEPTION_ROWS,
  BRANCH_COUNTRIES,
  branchFormSchema,
  newBranchSchema,
  WEEKDAYS,
} from './branch-editor-schemas.ts';
import type { BranchForEditor, BranchListRow } from './branch-editor.server.ts';
import './branch-editor.css';
import { AdminTable } from '../../components/admin-table.tsx';

const BranchPositionMap = lazyWithTimeout(() => import('./branch-position-map.tsx'));

/** The map with the draggable pin: only with a script (the fields are the way without one, and from the keyboard). */
function PositionMap({ lat, lng, tileUrl }: { lat: number; lng: number; tileUrl: string }) {
  const isClient = useIsHydrated();
  if (!isClient) return null;
  return (
    <div className="branch-position" role="region" aria-label="Map: drag the pin to set the position">
      <LazyBoundary
        loadingTitle="Loading map"
        errorTitle="Sorry, the map could not be loaded. Enter the position below."
      >
        <BranchPositionMap
          lat={lat}
          lng={lng}
          tileUrl={tileUrl}
          latitudeId={fieldId('latitude')}
          longitudeId={fieldId('longitude')}
        />
      </LazyBoundary>
    </div>
  );
}

export function BranchList({ branches, canAddBranch }: { branches: readonly BranchListRow[]; canAddBranch: boolean }) {
  return (
    <>
      <h1>Branches</h1>
      {canAddBranch ? (
        <p>
          <a className="admin-button" href="/admin/branches/new">
            Add a branch
          </a>
        </p>
      ) : null}
      {branches.length === 0 ? <p>You have no branches to edit. Ask an owner to give you a branch.</p> : null}
      <AdminTable label="Branches" caption="Branches" columns={['Branch', 'Address', 'Telephone', 'Staff profiles']}>
        {branches.map((branch) => (
          <tr key={branch.id}>
            <td>
              <a href={`/admin/branches/${branch.id}`}>{branch.name}</a>
            </td>
            <td>{`${branch.town}, ${branch.postcode}`}</td>
            <td>{branch.contactNumber}</td>
            <td>
              <a href={`/admin/branches/${branch.id}/staff`}>
                {branch.staffCount}
                <span className="visually-hidden"> staff profiles of {branch.name}</span>
              </a>
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}

type Posted = Record<string, unknown>;

/** A value the post without JavaScript sent back (nested names included), else the saved one. */
function postedOr(posted: Posted, path: readonly (string | number)[], saved: string): string {
  let value: unknown = posted;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return saved;
    value = (value as Record<string | number, unknown>)[key];
  }
  return typeof value === 'string' ? value : saved;
}

export function BranchEditForm({
  branch,
  conflict,
  tileUrl,
}: {
  branch: BranchForEditor;
  conflict: string | null;
  tileUrl: string;
}) {
  const form = useSchemaForm({ id: `branch-${branch.id}`, schema: branchFormSchema });
  const posted = (form.form.initialValue ?? {}) as Posted;
  const value = (path: readonly (string | number)[], saved: string | null) => postedOr(posted, path, saved ?? '');
  const week = branch.openingHours?.week;
  const exceptions = branch.openingHours?.exceptions ?? [];
  const exceptionRows = Math.max(
    exceptions.length + BLANK_EXCEPTION_ROWS,
    Array.isArray(posted.exceptions) ? posted.exceptions.length : 0,
  );
  const errors = conflict ? [{ field: 'form', message: conflict }, ...form.errors] : form.errors;
  const text = (name: string, label: string, saved: string | null, extra: Record<string, unknown> = {}) => (
    <TextField
      name={name}
      label={label}
      defaultValue={value(name.split(/[[\].]+/).filter(Boolean), saved)}
      error={form.errorFor(name)}
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <>
      <ErrorSummary errors={errors} focusKey={conflict ? -1 : form.focusKey} />
      <form method="post" className="branch-editor" {...form.formProps}>
        <CsrfField />
        <input type="hidden" name="version" value={branch.version} />

        <fieldset className="branch-editor__group">
          <legend>Branch details</legend>
          {text('name', 'Branch name', branch.name)}
          {text('address_line_1', 'Address line 1', branch.addressLine1)}
          {text('town', 'Town', branch.town)}
          {text('county', 'County', branch.county)}
          {text('postcode', 'Postcode', branch.postcode, { className: 'branch-editor__short' })}
          {text('email', 'Email address', branch.email, { type: 'email', spellCheck: false })}
          <TextAreaField
            name="description"
            label="Description"
            rows={6}
            defaultValue={value(['description'], branch.description)}
            error={form.errorFor('description')}
          />
        </fieldset>

        <fieldset className="branch-editor__group">
          <legend>Telephone numbers</legend>
          {text('contact_number', 'Office telephone', branch.contactNumber, { type: 'tel' })}
          {text('sales_contact_number', 'Sales telephone', branch.salesContactNumber, {
            type: 'tel',
            hint: 'Leave blank to use the office number.',
          })}
          {text('lettings_contact_number', 'Lettings telephone', branch.lettingsContactNumber, {
            type: 'tel',
            hint: 'Leave blank to use the office number.',
          })}
        </fieldset>

        {branch.departments.length > 0 ? (
          <fieldset className="branch-editor__group">
            <legend>Departments</legend>
            {branch.departments.map((department, index) => (
              <fieldset key={department.id} className="branch-editor__row">
                <legend>{department.label}</legend>
                <input type="hidden" name={`departments[${index}].id`} value={department.id} />
                {text(
                  `departments[${index}].telephone`,
                  `${department.label} department telephone`,
                  department.telephone,
                  {
                    type: 'tel',
                  },
                )}
                {text(`departments[${index}].email`, `${department.label} department email address`, department.email, {
                  type: 'email',
                  spellCheck: false,
                })}
              </fieldset>
            ))}
          </fieldset>
        ) : null}

        <fieldset className="branch-editor__group">
          <legend>Opening hours</legend>
          <p className="form-field__hint">Times in 24-hour format. Leave both times blank for a closed day.</p>
          {WEEKDAYS.map((day, index) => {
            const periods = week?.[index] ?? [];
            return (
              <fieldset key={day} className="branch-editor__row">
                <legend>{day}</legend>
                {text(`hours[${index}].opens`, `${day} opens`, periods[0]?.opens ?? '', { type: 'time' })}
                {text(`hours[${index}].closes`, `${day} closes`, periods[periods.length - 1]?.closes ?? '', {
                  type: 'time',
                })}
              </fieldset>
            );
          })}
        </fieldset>

        <fieldset className="branch-editor__group">
          <legend>Bank holidays and other exceptions</legend>
          <p className="form-field__hint">
            A date with no times is closed all day. Clear a row to remove it; blank rows are left out.
          </p>
          {Array.from({ length: exceptionRows }, (_, index) => {
            const saved = exceptions[index];
            const number = index + 1;
            return (
              <fieldset key={index} className="branch-editor__row">
                <legend>
                  {saved ? `${saved.name} (${saved.date})` : `New exception ${number - exceptions.length}`}
                </legend>
                {text(`exceptions[${index}].date`, `Date of exception ${number}`, saved?.date ?? '', { type: 'date' })}
                {text(`exceptions[${index}].name`, `Name of exception ${number}`, saved?.name ?? '')}
                {text(`exceptions[${index}].opens`, `Exception ${number} opens`, saved?.periods[0]?.opens ?? '', {
                  type: 'time',
                })}
                {text(
                  `exceptions[${index}].closes`,
                  `Exception ${number} closes`,
                  saved?.periods.at(-1)?.closes ?? '',
                  {
                    type: 'time',
                  },
                )}
              </fieldset>
            );
          })}
        </fieldset>

        <fieldset className="branch-editor__group">
          <legend>Map position</legend>
          <p className="form-field__hint">
            Where the pin goes on the branch page, in decimal degrees. Drag the pin on the map, or focus it and use the
            arrow keys (with Shift for small steps), or type the numbers.
          </p>
          <PositionMap lat={branch.location.lat} lng={branch.location.lng} tileUrl={tileUrl} />
          {text('latitude', 'Latitude', String(branch.location.lat), { inputMode: 'decimal' })}
          {text('longitude', 'Longitude', String(branch.location.lng), { inputMode: 'decimal' })}
        </fieldset>

        <fieldset className="branch-editor__group">
          <legend>Valuation postcodes</legend>
          <TextAreaField
            name="covered_postcode_districts"
            label="Postcode areas and districts this branch covers"
            hint="Valuation requests from these go to this branch, whatever the distance; the most specific entry wins, so SW1A beats SW1, which beats SW. Separate them with commas or spaces, like BA1, BA2, SW."
            rows={3}
            defaultValue={value(['covered_postcode_districts'], branch.coveredPostcodeDistricts.join(', '))}
            error={form.errorFor('covered_postcode_districts')}
          />
        </fieldset>

        <button type="submit" className="admin-button" disabled={form.isPending}>
          Save {branch.name}
        </button>
      </form>
    </>
  );
}

/** An owner adds a branch: what its page needs first; the rest is on its edit form after. */
export function NewBranchForm() {
  const form = useSchemaForm({ id: 'new-branch', schema: newBranchSchema });
  const text = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      name={name}
      label={label}
      defaultValue={form.values[name] ?? ''}
      error={form.errorFor(name)}
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <form method="post" className="branch-editor admin-narrow" {...form.formProps}>
        <CsrfField />
        {text('name', 'Branch name')}
        {text('address_line_1', 'Address line 1')}
        {text('town', 'Town')}
        {text('county', 'County')}
        {text('postcode', 'Postcode', { className: 'branch-editor__short' })}
        <SelectField
          name="country"
          label="Country"
          options={BRANCH_COUNTRIES}
          defaultValue={form.values.country ?? 'england'}
          error={form.errorFor('country')}
        />
        {text('contact_number', 'Office telephone', { type: 'tel' })}
        {text('email', 'Email address', { type: 'email', spellCheck: false })}
        {text('latitude', 'Latitude', { inputMode: 'decimal', hint: 'In decimal degrees, like 51.3839.' })}
        {text('longitude', 'Longitude', { inputMode: 'decimal', hint: 'In decimal degrees, like -2.3612.' })}
        <button type="submit" className="admin-button" disabled={form.isPending}>
          Add the branch
        </button>
      </form>
    </>
  );
}
