import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { showToast } from '../../components/toast.tsx';
import { toQueryParams, type Search } from '../search/index.ts';
import { useVisitor } from '../site/index.ts';
import { SAVED_SEARCHES_LIMIT_MESSAGE } from './saved-messages.ts';
import { saveSearchFromResultsPage } from './saved-searches-store.ts';

/**
 * The results page's 'Save search' button and its status line (spec point 4). The search page shows it through a
 * slot, so the search feature does not depend on saved items (saved items depend on search). It is a form posting
 * to POST /search?{filters}: without JavaScript the server saves it for a signed-in user (or asks a visitor to sign
 * in) and redirects back; with it, visitors save in the browser and signed-in users through the same call.
 */
export function SaveSearchButton({ search }: { search: Search }) {
  // Visitors save locally; signed-in users on the server. Before GET /user.ljson has answered, the server is asked
  // (it answers a visitor 401, and the search is then kept locally).
  const visitor = useVisitor();
  const isMaybeSignedIn = !visitor.isKnown || visitor.userId !== null;
  const location = useLocation();
  const [saveMessage, setSaveMessage] = useState('');
  const [isPending, setPending] = useState(false);
  // A ref, not the state: a second click can come before React renders the first one's pending state.
  const isRunning = useRef(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // aria-disabled rather than disabled while pending: a disabled button would drop the keyboard focus.
    if (isRunning.current) return;
    isRunning.current = true;
    setPending(true);
    try {
      // Keeping the store in step with sign-in and sign-out is the root layout's job (saved-sync.ts).
      const message = await saveSearchFromResultsPage(search, isMaybeSignedIn);
      setSaveMessage(message);
      if (message === SAVED_SEARCHES_LIMIT_MESSAGE) showToast(message, { kind: 'error' });
    } finally {
      isRunning.current = false;
      setPending(false);
    }
  }

  return (
    <form
      method="post"
      action={`/search?${toQueryParams({ ...search, page: 1 }).toString()}`}
      className="inline-form"
      onSubmit={(event) => void save(event)}
    >
      <CsrfField />
      <input type="hidden" name="return_to" value={`${location.pathname}${location.search}`} />
      <button type="submit" className="button" aria-disabled={isPending} aria-busy={isPending}>
        Save search
      </button>
      <span role="status" className="search-tools__message">
        {saveMessage}
      </span>
    </form>
  );
}
