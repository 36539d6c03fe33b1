import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../components/toast.tsx';
import { ACCOUNT_MESSAGES, AFTER_SIGN_OUT_PATH } from './account-messages.ts';
import { sendAccountCall, useAccountData, useAuthChanged, useCsrfToken } from './account-client.ts';

/** The signed-in user's details, the links to change them, and sign-out. */
export default function ProfileScreen() {
  const { user } = useAccountData();
  const csrfToken = useCsrfToken();
  const authChanged = useAuthChanged();
  const navigate = useNavigate();
  const [isSigningOut, setSigningOut] = useState(false);
  const name = [user.title, user.first_name, user.last_name].filter(Boolean).join(' ');
  const telephones = [user.tel_home, user.tel_mobile].filter(Boolean);
  const addressLines = user.address_html ? user.address_html.split('<br>') : [];

  async function signOut() {
    setSigningOut(true);
    try {
      const answer = await sendAccountCall('/session', { csrfToken, method: 'delete' });
      if (answer.status !== 200) throw new Error(`status ${answer.status}`);
      showToast(ACCOUNT_MESSAGES.signedOut);
      await navigate(AFTER_SIGN_OUT_PATH);
      await authChanged(null);
    } catch {
      showToast(ACCOUNT_MESSAGES.signOutFailed, { kind: 'error' });
      setSigningOut(false);
    }
  }

  return (
    <section className="account-screen" aria-labelledby="profile-title">
      <h3 id="profile-title" className="account-screen__title">
        Hello, {user.first_name}
      </h3>
      <dl className="account-details">
        <div>
          <dt>Name</dt>
          <dd>{name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Telephone</dt>
          <dd>{telephones.length > 0 ? telephones.join(', ') : 'Not given'}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>
            {addressLines.length > 0
              ? addressLines.map((line, index) => (
                  <span key={index} className="account-details__line">
                    {decodeEntities(line)}
                  </span>
                ))
              : 'Not given'}
          </dd>
        </div>
        <div>
          <dt>Marketing emails</dt>
          <dd>{user.is_opted_in_to_marketing ? 'Yes, please send them' : 'No, thank you'}</dd>
        </div>
      </dl>
      <ul className="account-actions">
        <li>
          <Link to="/user/edit" className="button">
            Edit details
          </Link>
        </li>
        <li>
          <Link to="/user/marketing-preferences" className="button">
            Marketing preferences
          </Link>
        </li>
        <li>
          <Link to="/user/forgotten_password" className="button">
            Change password
          </Link>
        </li>
      </ul>
      <button type="button" className="button account-sign-out" onClick={signOut} disabled={isSigningOut}>
        {isSigningOut ? 'Signing out…' : 'Sign out'}
      </button>
    </section>
  );
}

/** address_html is escaped HTML; React escapes again, so undo the entities for display. */
function decodeEntities(line: string): string {
  return line
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
