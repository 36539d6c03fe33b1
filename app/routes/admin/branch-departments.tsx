import type { Route } from './+types/branch-departments';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { ErrorSummary } from '../../components/form-fields.tsx';
import { AddDepartmentForm, DepartmentList } from '../../features/branch-editor/department-view.tsx';
import { departmentsAction, departmentsLoader } from '../../features/branch-editor/branch-editor-routes.server.ts';

/** /admin/branches/:id/departments: add a department to the branch, or remove one nothing points at. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, () => departmentsLoader(request, params.id));
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => departmentsAction(request, context, params.id));
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Departments | ${data?.branch.name ?? 'Branch'} | Back office` },
];

const NOTICES = {
  added: 'The department has been added. The site shows it now.',
  removed: 'The department has been removed. The site shows the change now.',
} as const;

export default function AdminBranchDepartmentsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { branch, departments, notice } = loaderData;
  const refused = actionData && 'refused' in actionData ? actionData.refused : null;
  return (
    <>
      <p>
        <a href={`/admin/branches/${branch.id}`}>{branch.name} branch details</a>
      </p>
      <h1>Departments: {branch.name}</h1>
      <ErrorSummary errors={refused ? [{ field: 'form', message: refused }] : []} focusKey={refused ? -1 : 0} />
      {notice && !actionData ? (
        <p className="admin-notice" role="status">
          {NOTICES[notice]}
        </p>
      ) : null}
      <DepartmentList branch={branch} departments={departments} />
      <h2>Add a department</h2>
      {/* A new version (after any change) starts the form afresh. */}
      <AddDepartmentForm key={branch.version} branch={branch} />
    </>
  );
}
