/**
 * The back office's frame: the agency's logo, the sections the signed-in role may use, who is signed in and a
 * sign-out button (a real form post). No site header or footer: staff work here all day.
 */
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { CsrfField, usePostOnce } from '../../components/form/form-parts.tsx';
import { STAFF_ROLE_LABELS, sectionsFor, type StaffPrincipal } from './staff-roles.ts';
import './admin.css';

export function AdminShell({
  agencyName,
  logo,
  principal,
  children,
}: {
  agencyName: string;
  logo: string;
  principal: StaffPrincipal | null;
  children: ReactNode;
}) {
  return (
    <div className="admin">
      <header className="admin-header">
        <a className="admin-brand" href="/admin">
          {logo ? <img src={logo} alt="" /> : null}
          <span>{agencyName} back office</span>
        </a>
        {principal ? (
          <>
            <nav className="admin-nav" aria-label="Back office">
              <ul>
                <li>
                  <NavLink to="/admin" end>
                    Home
                  </NavLink>
                </li>
                {sectionsFor(principal.role).map((section) => (
                  <li key={section.path}>
                    <NavLink to={section.path}>{section.title}</NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="admin-user">
              <span>
                {principal.name} ({STAFF_ROLE_LABELS[principal.role]})
              </span>
              <SignOutButton />
            </div>
          </>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="admin-main">
        {children}
      </main>
    </div>
  );
}

function SignOutButton() {
  const postOnce = usePostOnce();
  return (
    <form method="post" action="/admin/sign-out" onSubmit={postOnce}>
      <CsrfField />
      <button type="submit" className="admin-button admin-button--link">
        Sign out
      </button>
    </form>
  );
}

/** The landing page: the dashboard's figures (children), then what this role can do here, linking only to pages that exist. */
export function AdminHome({ principal, children }: { principal: StaffPrincipal; children?: ReactNode }) {
  const sections = sectionsFor(principal.role);
  return (
    <>
      <h1>Back office</h1>
      <p>
        Signed in as {principal.name} ({STAFF_ROLE_LABELS[principal.role]}).
      </p>
      {children}
      <h2>Sections</h2>
      <ul className="admin-sections">
        {sections.map((section) => (
          <li key={section.path}>
            <a href={section.path}>{section.title}</a>
            <p>{section.description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
