/**
 * The back office's forms. Each is a real `<form method="post">` with the authenticity token, checked in the
 * browser by the same schema the action parses with (Conform, docs/decisions/012), and fully usable without
 * JavaScript.
 */
import type { ReactNode } from 'react';
import { ErrorSummary, TextField } from '../../components/form-fields.tsx';
import { CsrfField, usePostOnce } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../components/form/use-schema-form.ts';
import { STAFF_ROLES, STAFF_ROLE_LABELS, type StaffRole } from './staff-roles.ts';
import {
  staffChangePasswordSchema,
  staffCodeSchema,
  staffForgotPasswordSchema,
  staffInviteSchema,
  staffResetPasswordSchema,
  staffSetupSchema,
  staffEnrolSchema,
  staffAccessSchema,
  staffSignInSchema,
} from './staff-schemas.ts';

function SubmitButton({ isPending, children }: { isPending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="admin-button" disabled={isPending}>
      {children}
    </button>
  );
}

const PASSWORD_HINT = 'At least 15 characters. A few unrelated words are easy to remember and hard to guess.';

export function SignInPasswordForm({ action, notice }: { action: string; notice: string | null }) {
  const form = useSchemaForm({ id: 'staff-sign-in', schema: staffSignInSchema });
  return (
    <div className="admin-narrow">
      <h1>Sign in to the back office</h1>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <form method="post" action={action} {...form.formProps}>
        <CsrfField />
        <input type="hidden" name="intent" value="password" />
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="username"
          spellCheck={false}
          defaultValue={form.values.email}
          error={form.errorFor('email')}
        />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={form.errorFor('password')}
        />
        <SubmitButton isPending={form.isPending}>Continue</SubmitButton>
      </form>
      <p>
        <a href="/admin/forgot-password">Forgotten your password?</a>
      </p>
    </div>
  );
}

export function SignInCodeForm({ action }: { action: string }) {
  const form = useSchemaForm({ id: 'staff-sign-in-code', schema: staffCodeSchema });
  const restartOnce = usePostOnce();
  return (
    <div className="admin-narrow">
      <h1>Enter your code</h1>
      <p>
        Open your authenticator app and enter the 6-digit code it shows for this site. If you do not have your phone,
        enter one of your recovery codes.
      </p>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <form method="post" action={action} {...form.formProps}>
        <CsrfField />
        <input type="hidden" name="intent" value="code" />
        <TextField
          name="otp_token"
          label="Code"
          autoComplete="one-time-code"
          inputMode="text"
          spellCheck={false}
          error={form.errorFor('otp_token')}
        />
        <SubmitButton isPending={form.isPending}>Sign in</SubmitButton>
      </form>
      <form method="post" action={action} onSubmit={restartOnce}>
        <CsrfField />
        <input type="hidden" name="intent" value="restart" />
        <p>
          <button type="submit" className="admin-button admin-button--secondary">
            Start again with another account
          </button>
        </p>
      </form>
    </div>
  );
}

function AuthenticatorEnrolment({ secret, qrDataUrl, step }: { secret: string; qrDataUrl: string; step: number }) {
  return (
    <>
      <h2>{step}. Set up your authenticator app</h2>
      <p>
        Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or
        1Password).
      </p>
      <img className="admin-qr" src={qrDataUrl} alt="QR code for your authenticator app" width={192} height={192} />
      <p>If you cannot scan it, enter this key in the app instead:</p>
      <p className="admin-secret" data-testid="totp-secret">
        {secret}
      </p>
    </>
  );
}

/** An owner reset this account's authenticator: the current password, then the new app's code. */
export function EnrolForm({ email, secret, qrDataUrl }: { email: string; secret: string; qrDataUrl: string }) {
  const form = useSchemaForm({ id: 'staff-enrol', schema: staffEnrolSchema });
  return (
    <div className="admin-narrow">
      <h1>Set up your authenticator app again</h1>
      <p>Your authenticator for {email} has been reset: the old app and your old recovery codes no longer work.</p>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <form method="post" {...form.formProps}>
        <CsrfField />
        <input type="hidden" name="mode" value="enrol" />
        <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
        <h2>1. Enter your password</h2>
        <TextField
          name="password"
          label="Your current password"
          type="password"
          autoComplete="current-password"
          error={form.errorFor('password')}
        />
        <AuthenticatorEnrolment secret={secret} qrDataUrl={qrDataUrl} step={2} />
        <TextField
          name="otp_token"
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          hint="Enter the 6-digit code the app now shows, to show it is set up."
          error={form.errorFor('otp_token')}
        />
        <SubmitButton isPending={form.isPending}>Finish setting up</SubmitButton>
      </form>
    </div>
  );
}

export function SetupForm({ email, secret, qrDataUrl }: { email: string; secret: string; qrDataUrl: string }) {
  const form = useSchemaForm({ id: 'staff-setup', schema: staffSetupSchema });
  return (
    <div className="admin-narrow">
      <h1>Set up your back-office account</h1>
      <p>You are setting up the account for {email}.</p>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <form method="post" {...form.formProps}>
        <CsrfField />
        <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
        <h2>1. Choose a password</h2>
        <TextField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={form.errorFor('password')}
        />
        <TextField
          name="password_confirmation"
          label="New password again"
          type="password"
          autoComplete="new-password"
          error={form.errorFor('password_confirmation')}
        />
        <AuthenticatorEnrolment secret={secret} qrDataUrl={qrDataUrl} step={2} />
        <TextField
          name="otp_token"
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          hint="Enter the 6-digit code the app now shows, to show it is set up."
          error={form.errorFor('otp_token')}
        />
        <SubmitButton isPending={form.isPending}>Finish setting up</SubmitButton>
      </form>
    </div>
  );
}

export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  return (
    <div className="admin-narrow">
      <h1>Your recovery codes</h1>
      <p className="admin-notice" role="status">
        Your account is set up and you are signed in.
      </p>
      <p>
        Keep these ten codes somewhere safe, such as a password manager. Each one signs you in once if you do not have
        your phone. <strong>They are shown only now.</strong>
      </p>
      <ol className="admin-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <p>
        <a className="admin-button" href="/admin">
          I have saved my codes: go to the back office
        </a>
      </p>
    </div>
  );
}

export function ForgotPasswordForm({ isDone, message }: { isDone: boolean; message: string }) {
  const form = useSchemaForm({ id: 'staff-forgot-password', schema: staffForgotPasswordSchema });
  return (
    <div className="admin-narrow">
      <h1>Forgotten your password?</h1>
      {isDone ? (
        <p className="admin-notice" role="status">
          {message}
        </p>
      ) : (
        <>
          <p>Enter the email address of your back-office account. We will send it a link to choose a new password.</p>
          <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
          <form method="post" {...form.formProps}>
            <CsrfField />
            <TextField
              name="email"
              label="Email address"
              type="email"
              autoComplete="username"
              defaultValue={form.values.email}
              error={form.errorFor('email')}
            />
            <SubmitButton isPending={form.isPending}>Send the link</SubmitButton>
          </form>
        </>
      )}
      <p>
        <a href="/admin/sign-in">Back to sign in</a>
      </p>
    </div>
  );
}

export function ResetPasswordForm() {
  const form = useSchemaForm({ id: 'staff-reset-password', schema: staffResetPasswordSchema });
  return (
    <div className="admin-narrow">
      <h1>Choose a new password</h1>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <form method="post" {...form.formProps}>
        <CsrfField />
        <TextField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={form.errorFor('password')}
        />
        <TextField
          name="password_confirmation"
          label="New password again"
          type="password"
          autoComplete="new-password"
          error={form.errorFor('password_confirmation')}
        />
        <SubmitButton isPending={form.isPending}>Save the new password</SubmitButton>
      </form>
    </div>
  );
}

export function ChangePasswordForm() {
  const form = useSchemaForm({ id: 'staff-change-password', schema: staffChangePasswordSchema });
  return (
    <>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <form method="post" className="admin-narrow" {...form.formProps}>
        <CsrfField />
        <TextField
          name="current_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={form.errorFor('current_password')}
        />
        <TextField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          error={form.errorFor('password')}
        />
        <TextField
          name="password_confirmation"
          label="New password again"
          type="password"
          autoComplete="new-password"
          error={form.errorFor('password_confirmation')}
        />
        <SubmitButton isPending={form.isPending}>Change password</SubmitButton>
      </form>
    </>
  );
}

export function SignOutEverywhereForm() {
  const postOnce = usePostOnce();
  return (
    <form method="post" action="/admin/sign-out" onSubmit={postOnce}>
      <CsrfField />
      <input type="hidden" name="scope" value="everywhere" />
      <button type="submit" className="admin-button admin-button--secondary">
        Sign out everywhere
      </button>
    </form>
  );
}

export function InviteStaffForm({ branchChoices }: { branchChoices: readonly { id: number; name: string }[] }) {
  const form = useSchemaForm({ id: 'staff-invite', schema: staffInviteSchema });
  const chosenRole = (form.values.role as StaffRole | undefined) ?? 'negotiator';
  return (
    <>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <form method="post" className="admin-narrow" {...form.formProps}>
        <CsrfField />
        <input type="hidden" name="intent" value="invite" />
        <TextField
          name="name"
          label="Name"
          autoComplete="off"
          defaultValue={form.values.name}
          error={form.errorFor('name')}
        />
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="off"
          spellCheck={false}
          defaultValue={form.values.email}
          error={form.errorFor('email')}
        />
        <div className="form-field">
          <label className="form-field__label form-field__label--always" htmlFor="field-role">
            Role
          </label>
          <select id="field-role" name="role" className="form-field__input" defaultValue={chosenRole}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {STAFF_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="admin-checkboxes" id="field-branch">
          <legend>Branches</legend>
          {branchChoices.map((branch) => (
            <label key={branch.id}>
              <input type="checkbox" name="branch[]" value={String(branch.id)} /> {branch.name}
            </label>
          ))}
        </fieldset>
        <SubmitButton isPending={form.isPending}>Send the invitation</SubmitButton>
      </form>
    </>
  );
}

/** An owner changes a staff member's role and branches (takes effect on the person's next request). */
export function ChangeAccessForm({
  member,
  branchChoices,
}: {
  member: { staffId: number; name: string; role: StaffRole; branchIds: readonly number[] };
  branchChoices: readonly { id: number; name: string }[];
}) {
  const form = useSchemaForm({ id: 'staff-access', schema: staffAccessSchema });
  return (
    <>
      <ErrorSummary errors={form.errors} focusKey={form.focusKey} />
      <form method="post" action={`/admin/staff?edit=${member.staffId}`} className="admin-narrow" {...form.formProps}>
        <CsrfField />
        <input type="hidden" name="intent" value="change-access" />
        <input type="hidden" name="staff_id" value={member.staffId} />
        <div className="form-field">
          <label className="form-field__label form-field__label--always" htmlFor="field-access-role">
            Role
          </label>
          <select
            id="field-access-role"
            name="role"
            className="form-field__input"
            defaultValue={member.role}
            aria-invalid={form.errorFor('role') ? true : undefined}
            aria-describedby={form.errorFor('role') ? 'field-access-role-error' : undefined}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {STAFF_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
          {form.errorFor('role') ? (
            <p className="form-field__error" id="field-access-role-error">
              {form.errorFor('role')}
            </p>
          ) : null}
        </div>
        <fieldset className="admin-checkboxes" id="field-branch">
          <legend>Branches</legend>
          {branchChoices.map((branch) => (
            <label key={branch.id}>
              <input
                type="checkbox"
                name="branch[]"
                value={String(branch.id)}
                defaultChecked={member.branchIds.includes(branch.id)}
              />{' '}
              {branch.name}
            </label>
          ))}
        </fieldset>
        <SubmitButton isPending={form.isPending}>Save {member.name}’s access</SubmitButton>{' '}
        <a href="/admin/staff">Cancel</a>
      </form>
    </>
  );
}
