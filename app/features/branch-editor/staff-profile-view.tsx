/**
 * Staff profiles of a branch: the list in the order the branch page shows them, with Move up / Move down and
 * Show / Hide and Remove buttons (each a small form: they work without JavaScript and from the keyboard), one
 * profile's form and a new profile's.
 */
import { CheckboxField, ErrorSummary, SelectField, TextAreaField, TextField } from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { newStaffProfileSchema, staffProfileSchema } from './staff-profile-schemas.ts';
import type { StaffProfile, StaffProfileRow } from './staff-profiles.server.ts';
import { imageUrlWithSize } from '../properties/index.ts';
import './branch-editor.css';
import { AdminTable } from '../../components/admin-table.tsx';

function ListButton({
  fields,
  label,
  hiddenLabel,
}: {
  fields: Record<string, string | number>;
  label: string;
  hiddenLabel: string;
}) {
  return (
    <form method="post">
      <CsrfField />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="admin-button admin-button--secondary">
        {label}
        <span className="visually-hidden"> {hiddenLabel}</span>
      </button>
    </form>
  );
}

export function StaffProfileList({
  branch,
  profiles,
}: {
  branch: { id: number; name: string };
  profiles: readonly StaffProfileRow[];
}) {
  return (
    <>
      {profiles.length === 0 ? <p>{branch.name} has no staff profiles.</p> : null}
      <AdminTable
        label="Staff profiles"
        caption={<>Staff profiles of {branch.name}, in the order the site shows them</>}
        columns={['Order', 'Name', 'Role title', 'On the site', { hidden: 'Actions' }]}
      >
        {profiles.map((profile, index) => {
          const name = `${profile.firstName} ${profile.surname}`;
          return (
            <tr key={profile.id} id={`staff-${profile.id}`}>
              <td>{index + 1}</td>
              <td>
                <a href={`/admin/branches/${branch.id}/staff/${profile.id}`}>{name}</a>
              </td>
              <td>{profile.jobTitle}</td>
              <td>{profile.isShownOnSite ? 'Shown' : 'Hidden'}</td>
              <td>
                <div className="staff-order">
                  {index > 0 ? (
                    <ListButton
                      fields={{ intent: 'move', staff_id: profile.id, direction: 'up' }}
                      label="Move up"
                      hiddenLabel={name}
                    />
                  ) : null}
                  {index < profiles.length - 1 ? (
                    <ListButton
                      fields={{ intent: 'move', staff_id: profile.id, direction: 'down' }}
                      label="Move down"
                      hiddenLabel={name}
                    />
                  ) : null}
                  <ListButton
                    fields={{
                      intent: 'visibility',
                      staff_id: profile.id,
                      version: profile.version,
                      is_shown_on_site: profile.isShownOnSite ? 'false' : 'true',
                    }}
                    label={profile.isShownOnSite ? 'Hide' : 'Show'}
                    hiddenLabel={`${name} on the site`}
                  />
                  <ListButton
                    fields={{ intent: 'remove', staff_id: profile.id, version: profile.version }}
                    label="Remove"
                    hiddenLabel={name}
                  />
                </div>
              </td>
            </tr>
          );
        })}
      </AdminTable>
    </>
  );
}

export function StaffProfileForm({
  profile,
  branchChoices,
  conflict,
}: {
  profile: StaffProfile;
  branchChoices: readonly { id: number; name: string }[];
  conflict: string | null;
}) {
  const form = useSchemaForm({ id: `staff-profile-${profile.id}`, schema: staffProfileSchema });
  const value = (name: string, saved: string) => form.values[name] ?? saved;
  const errors = conflict ? [{ field: 'form', message: conflict }, ...form.errors] : form.errors;
  const isShown = form.values.version ? form.values.is_shown_on_site === 'on' : profile.isShownOnSite;
  return (
    <>
      <ErrorSummary errors={errors} focusKey={conflict ? -1 : form.focusKey} />
      <form method="post" className="branch-editor" {...form.formProps}>
        <CsrfField />
        <input type="hidden" name="version" value={profile.version} />
        <TextField
          name="first_name"
          label="First name"
          autoComplete="off"
          defaultValue={value('first_name', profile.firstName)}
          error={form.errorFor('first_name')}
        />
        <TextField
          name="surname"
          label="Surname"
          autoComplete="off"
          defaultValue={value('surname', profile.surname)}
          error={form.errorFor('surname')}
        />
        <TextField
          name="job_title"
          label="Role title"
          autoComplete="off"
          defaultValue={value('job_title', profile.jobTitle)}
          error={form.errorFor('job_title')}
        />
        <TextAreaField
          name="bio"
          label="About them"
          rows={6}
          defaultValue={value('bio', profile.bio)}
          error={form.errorFor('bio')}
        />
        <TextField
          name="telephone_number"
          label="Telephone"
          type="tel"
          autoComplete="off"
          defaultValue={value('telephone_number', profile.telephoneNumber)}
          error={form.errorFor('telephone_number')}
        />
        <TextField
          name="email"
          label="Email address"
          type="email"
          spellCheck={false}
          autoComplete="off"
          defaultValue={value('email', profile.email)}
          error={form.errorFor('email')}
        />
        <SelectField
          name="branch_id"
          label="Branch"
          options={branchChoices.map((choice) => ({ value: String(choice.id), label: choice.name }))}
          defaultValue={value('branch_id', String(profile.branchId ?? ''))}
          error={form.errorFor('branch_id')}
        />
        <CheckboxField
          name="is_shown_on_site"
          label="Show this profile on the site"
          defaultChecked={isShown}
          error={form.errorFor('is_shown_on_site')}
        />
        <button type="submit" className="admin-button" disabled={form.isPending}>
          Save the profile
        </button>
      </form>
    </>
  );
}

/** A new profile of the branch: the same fields as a profile's own form, without the branch (it is this one). */
export function NewStaffProfileForm({ branchId }: { branchId: number }) {
  const form = useSchemaForm({ id: `new-staff-profile-${branchId}`, schema: newStaffProfileSchema });
  const text = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      name={name}
      label={label}
      autoComplete="off"
      defaultValue={form.values[name] ?? ''}
      error={form.errorFor(name)}
      {...extra}
    />
  );
  return (
    <>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <form method="post" className="branch-editor" {...form.formProps}>
        <CsrfField />
        {text('first_name', 'First name')}
        {text('surname', 'Surname')}
        {text('job_title', 'Role title')}
        <TextAreaField
          name="bio"
          label="About them"
          rows={6}
          defaultValue={form.values.bio ?? ''}
          error={form.errorFor('bio')}
        />
        {text('telephone_number', 'Telephone', { type: 'tel' })}
        {text('email', 'Email address', { type: 'email', spellCheck: false })}
        <CheckboxField
          name="is_shown_on_site"
          label="Show this profile on the site"
          defaultChecked={form.values.first_name === undefined ? true : form.values.is_shown_on_site === 'on'}
          error={form.errorFor('is_shown_on_site')}
        />
        <button type="submit" className="admin-button" disabled={form.isPending}>
          Add the profile
        </button>
      </form>
    </>
  );
}

/**
 * A profile's photo: the one shown now, a file form (a real multipart post: the authenticity token comes before the
 * file, so the server checks it before keeping a byte) and, when there is one, a button to remove it.
 */
export function StaffPhotoForm({
  profile,
  refused,
}: {
  profile: Pick<StaffProfile, 'firstName' | 'surname' | 'photoUrl' | 'version'>;
  refused: string | null;
}) {
  const name = `${profile.firstName} ${profile.surname}`;
  return (
    <>
      <ErrorSummary errors={refused ? [{ field: 'photo', message: refused }] : []} focusKey={refused ? -1 : 0} />
      {profile.photoUrl ? (
        <img
          className="staff-photo__current"
          src={imageUrlWithSize(profile.photoUrl, 320)}
          alt={`${name}, as the site shows them now`}
          width={160}
          height={160}
        />
      ) : (
        <p>{name} has no photo: the site shows their initials.</p>
      )}
      <form method="post" encType="multipart/form-data" className="branch-editor admin-narrow">
        <CsrfField />
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="version" value={profile.version} />
        <TextField
          name="photo"
          label={profile.photoUrl ? 'A new photo' : 'Photo'}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          required
          placeholder=""
          hint="A JPEG, PNG, WebP or GIF image of up to 25 MB; a square head-and-shoulders photo looks best."
          error={refused}
        />
        <button type="submit" className="admin-button">
          Upload the photo
        </button>
      </form>
      {profile.photoUrl ? (
        <form method="post" className="staff-photo__remove">
          <CsrfField />
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="version" value={profile.version} />
          <button type="submit" className="admin-button admin-button--secondary">
            Remove the photo
          </button>
        </form>
      ) : null}
    </>
  );
}
