/**
 * A branch's departments: each with a Remove button (a small post form: no script needed, works from the keyboard)
 * and a form to add one. Telephone numbers and email addresses of existing departments are changed on the branch's
 * own form.
 */
import { ErrorSummary, SelectField, TextField } from '../../components/form-fields.tsx';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { addDepartmentSchema, DEPARTMENT_KIND_LABELS } from './department-schemas.ts';
import type { BranchDepartments } from './departments.server.ts';
import './branch-editor.css';
import { AdminTable } from '../../components/admin-table.tsx';

const KIND_OPTIONS = Object.entries(DEPARTMENT_KIND_LABELS).map(([value, label]) => ({ value, label }));

export function DepartmentList({ branch, departments }: BranchDepartments) {
  return (
    <>
      {departments.length === 0 ? <p>{branch.name} has no departments.</p> : null}
      <AdminTable
        label="Departments"
        caption={<>Departments of {branch.name}</>}
        columns={['Department', 'Telephone', 'Email address', { hidden: 'Actions' }]}
      >
        {departments.map((department) => (
          <tr key={department.id} id={`department-${department.id}`}>
            <td>{department.label}</td>
            <td>{department.telephone}</td>
            <td>{department.email}</td>
            <td>
              <form method="post">
                <CsrfField />
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="version" value={branch.version} />
                <input type="hidden" name="department_id" value={department.id} />
                <button type="submit" className="admin-button admin-button--secondary">
                  Remove<span className="visually-hidden"> the {department.label} department</span>
                </button>
              </form>
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}

export function AddDepartmentForm({ branch }: { branch: BranchDepartments['branch'] }) {
  const form = useSchemaForm({ id: `add-department-${branch.id}`, schema: addDepartmentSchema });
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
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="version" value={branch.version} />
        <SelectField
          name="kind"
          label="What the department does"
          options={KIND_OPTIONS}
          defaultValue={form.values.kind ?? 'new-homes'}
          error={form.errorFor('kind')}
        />
        {text('label', 'Name on the site', { hint: 'Like New Homes or Lettings.' })}
        {text('telephone', 'Department telephone', { type: 'tel' })}
        {text('email', 'Department email address', { type: 'email', spellCheck: false })}
        <button type="submit" className="admin-button" disabled={form.isPending}>
          Add the department
        </button>
      </form>
    </>
  );
}
