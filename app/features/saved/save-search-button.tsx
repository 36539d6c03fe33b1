import { useState } from 'react';
import { showToast } from '../../components/toast.tsx';
import type { Search } from '../search/index.ts';
import { useCurrentUserId } from '../site/index.ts';
import { SAVED_SEARCHES_LIMIT_MESSAGE } from './saved-messages.ts';
import { saveSearchFromResultsPage } from './saved-searches-store.ts';

/**
 * The results page's 'Save search' button and its status line (spec point 4). The search page shows it through a
 * slot, so the search feature does not depend on saved items (saved items depend on search).
 */
export function SaveSearchButton({ search }: { search: Search }) {
  // Visitors save locally; signed-in users on the server.
  const userId = useCurrentUserId();
  const [saveMessage, setSaveMessage] = useState('');

  async function save() {
    // Keeping the store in step with sign-in and sign-out is the root layout's job (saved-sync.ts).
    const message = await saveSearchFromResultsPage(search, userId);
    setSaveMessage(message);
    if (message === SAVED_SEARCHES_LIMIT_MESSAGE) showToast(message, { kind: 'error' });
  }

  return (
    <>
      <button type="button" className="button" onClick={() => void save()}>
        Save search
      </button>
      <span role="status" className="search-tools__message">
        {saveMessage}
      </span>
    </>
  );
}
