import type { Route } from './+types/staff';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { CsrfField, usePostOnce } from '../../components/form/form-parts.tsx';
import { ChangeAccessForm, InviteStaffForm } from '../../features/staff/staff-forms.tsx';
import {
  staffListAction,
  staffListLoader,
  type StaffListNotice,
} from '../../features/staff/staff-form-actions.server.ts';
import { STAFF_ROLE_LABELS } from '../../features/staff/staff-roles.ts';
import { AdminTable } from '../../components/admin-table.tsx';

/**
 * /admin/staff (owners): who has access, invitations by email, role and branch changes, authenticator resets (a new
 * enrolment link by email) and deactivation.
 */
export function loader({ request }: Route.LoaderArgs) {
  return staffListLoader(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  return answeringHttpErrors(request, () => staffListAction(request, context));
}

export const meta: Route.MetaFunction = () => [{ title: 'Staff | Back office' }];

const NOTICES: Record<StaffListNotice, string> = {
  deactivated: 'The account has been deactivated and its sessions have ended.',
  self: 'You cannot do that to your own account: ask another owner.',
  changed: 'The role and branches have been changed. They apply from the person’s next page.',
  unchanged: 'Nothing was changed.',
  'enrol-sent':
    'The authenticator has been reset and its recovery codes voided. A link to set up a new one has been emailed (it works once, for 24 hours).',
  'not-set-up': 'That account has not been set up yet: its invitation link sets up the authenticator.',
};

export default function AdminStaffRoute({ loaderData }: Route.ComponentProps) {
  const { principal, staff, branchChoices, editing, invited, notice } = loaderData;
  const postOnce = usePostOnce();
  const message = invited ? `An invitation has been emailed to ${invited}.` : notice ? NOTICES[notice] : undefined;
  return (
    <>
      <h1>Staff</h1>
      {message ? (
        <p className="admin-notice" role="status">
          {message}
        </p>
      ) : null}
      {/* On a phone the table scrolls in its own box, which keyboard users must be able to reach and scroll. */}
      <AdminTable
        label="Staff accounts"
        caption="Staff accounts"
        columns={['Name', 'Email', 'Role', 'Branches', 'Status', { hidden: 'Actions' }]}
      >
        {staff.map((member) => (
          <tr key={member.staffId}>
            <td>{member.name}</td>
            <td>{member.email}</td>
            <td>{STAFF_ROLE_LABELS[member.role]}</td>
            <td>{member.branchNames.join(', ') || 'None'}</td>
            <td>{!member.isActive ? 'Deactivated' : member.isSetUp ? 'Active' : 'Invited'}</td>
            <td>
              <div className="admin-row-actions">
                {member.isActive ? (
                  <a href={`/admin/staff?edit=${member.staffId}#change-access`}>
                    Change role<span className="visually-hidden"> of {member.name}</span>
                  </a>
                ) : null}
                {member.isActive && member.isSetUp && member.staffId !== principal.staffId ? (
                  <form method="post" onSubmit={postOnce}>
                    <CsrfField />
                    <input type="hidden" name="intent" value="reset-authenticator" />
                    <input type="hidden" name="staff_id" value={member.staffId} />
                    <button type="submit" className="admin-button admin-button--secondary">
                      Reset authenticator<span className="visually-hidden"> of {member.name}</span>
                    </button>
                  </form>
                ) : null}
                {member.isActive && member.staffId !== principal.staffId ? (
                  <form method="post" onSubmit={postOnce}>
                    <CsrfField />
                    <input type="hidden" name="intent" value="deactivate" />
                    <input type="hidden" name="staff_id" value={member.staffId} />
                    <button type="submit" className="admin-button admin-button--secondary">
                      Deactivate<span className="visually-hidden"> {member.name}</span>
                    </button>
                  </form>
                ) : null}
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
      {editing ? (
        <>
          <h2 id="change-access">Change {editing.name}’s role and branches</h2>
          <p>The change applies from their next page; an agency always keeps at least one owner.</p>
          <ChangeAccessForm member={editing} branchChoices={branchChoices} />
        </>
      ) : (
        <>
          <h2>Invite a staff member</h2>
          <p>They get an email with a set-up link that works once, for 24 hours.</p>
          <InviteStaffForm branchChoices={branchChoices} />
        </>
      )}
    </>
  );
}
