import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { showToast } from '../../components/toast.tsx';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';
import { callJson } from './saved-client.ts';
import { describeSearch, formatSearchUrl } from '../search/index.ts';
import {
  getLocalSavedSearchesSnapshot,
  getServerLocalSavedSearchesSnapshot,
  listenForSavedSearchAuth,
  removeLocalSavedSearch,
  setSavedSearchesUser,
  subscribeLocalSavedSearches,
  type LocalSavedSearch,
} from './saved-searches-store.ts';
import { useVisitor } from '../site/index.ts';
import {
  ALERT_FREQUENCY_LABELS,
  ALERT_FREQUENCY_UPDATED_MESSAGE,
  SAVED_SEARCH_REMOVED_MESSAGE,
  alertFrequencies,
  type AlertFrequency,
  type SavedSearchView,
} from './saved-schemas.ts';
import './saved.css';

type Row = { id: string; description: string; url: string; alertFrequency: AlertFrequency };

const FAILED = 'Sorry, that did not work. Please try again.';

/** Where the forms below send a post made without JavaScript back to (the server redirects there with a notice). */
const PANEL_PATH = '/user/saved-searches';

/**
 * Saved Searches tab (spec points 2 and 4): each saved search links back to its results; signed-in users choose
 * the email alert frequency (I, W, M, N) and remove searches on the server; visitors' searches live in the browser.
 * Remove and the frequency are forms posting the spec's calls (POST /searches/{id} with delete, POST
 * /saved_searches with put), so they work without JavaScript; with it the same calls run in place, one at a time.
 */
export function SavedSearchesPanel({
  savedSearches,
  isSignedIn,
}: {
  savedSearches: SavedSearchView[];
  isSignedIn: boolean;
}) {
  const { isKnown, userId } = useVisitor();
  const [serverRows, setServerRows] = useState<Row[]>(() =>
    savedSearches.map((entry) => ({
      id: String(entry.search_id),
      description: entry.description,
      url: entry.search_url,
      alertFrequency: entry.alert_frequency,
    })),
  );
  const localJson = useSyncExternalStore(
    subscribeLocalSavedSearches,
    getLocalSavedSearchesSnapshot,
    getServerLocalSavedSearchesSnapshot,
  );
  const localRows = useMemo(
    () =>
      (JSON.parse(localJson) as LocalSavedSearch[]).map((entry): Row => ({
        id: entry.search_id,
        description: describeSearch(entry.search),
        url: formatSearchUrl(entry.search),
        alertFrequency: entry.alert_frequency,
      })),
    [localJson],
  );

  useEffect(() => {
    listenForSavedSearchAuth();
    // Until GET /user.ljson answers, a signed-in visitor must not be taken for one who signed out.
    if (isKnown) void setSavedSearchesUser(userId);
  }, [isKnown, userId]);

  const rows = isSignedIn ? serverRows : localRows;
  const isHydrated = useIsHydrated();
  /** The row whose call is under way: its forms ignore another submit until the answer comes. */
  const [pendingId, setPendingId] = useState<string | null>(null);
  // A ref, not the state: a second click can come before React renders the first one's pending state.
  const isRunning = useRef(false);

  function runOnce(row: Row, call: () => Promise<void>) {
    if (isRunning.current) return;
    isRunning.current = true;
    setPendingId(row.id);
    void call().finally(() => {
      isRunning.current = false;
      setPendingId(null);
    });
  }

  async function remove(row: Row) {
    if (!isSignedIn) {
      removeLocalSavedSearch(row.id);
      showToast(SAVED_SEARCH_REMOVED_MESSAGE);
      return;
    }
    const { status } = await callJson(`/searches/${encodeURIComponent(row.id)}`, {
      method: 'POST',
      fields: { _method: 'delete' },
    }).catch(() => ({ status: 0 }));
    if (status === 200 || status === 404) {
      setServerRows((current) => current.filter((entry) => entry.id !== row.id));
      showToast(SAVED_SEARCH_REMOVED_MESSAGE);
    } else showToast(FAILED, { kind: 'error' });
  }

  async function changeFrequency(row: Row, alertFrequency: AlertFrequency) {
    const query = new URLSearchParams({ search_id: row.id, alert_frequency: alertFrequency });
    const { status } = await callJson(`/saved_searches?${query.toString()}`, {
      method: 'POST',
      fields: { _method: 'put' },
    }).catch(() => ({ status: 0 }));
    if (status === 200) {
      setServerRows((current) => current.map((entry) => (entry.id === row.id ? { ...entry, alertFrequency } : entry)));
      showToast(ALERT_FREQUENCY_UPDATED_MESSAGE);
    } else showToast(FAILED, { kind: 'error' });
  }

  return (
    <section className="saved-panel" aria-labelledby="saved-searches-title">
      <h2 id="saved-searches-title" className="saved-panel__title">
        Saved Searches
      </h2>
      {!isSignedIn ? (
        <p className="saved-panel__note">
          Your searches are saved in this browser. <a href="/user/sign-in">Sign in</a> or{' '}
          <a href="/user/register">register</a> to keep them in your account and get email alerts.
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="saved-panel__empty">
          You have no saved searches yet. Use ‘Save search’ on the results page. <a href="/search">Search properties</a>
        </p>
      ) : (
        <ul className="saved-searches">
          {rows.map((row) => (
            <li key={row.id} className="saved-searches__item">
              <a className="saved-searches__link" href={row.url}>
                {row.description}
              </a>
              <div className="saved-searches__actions">
                {isSignedIn ? (
                  <form
                    method="post"
                    action="/saved_searches"
                    className="saved-searches__frequency-form"
                    onSubmit={(event) => {
                      event.preventDefault();
                      runOnce(row, () => changeFrequency(row, row.alertFrequency));
                    }}
                  >
                    <CsrfField />
                    <input type="hidden" name="_method" value="put" />
                    <input type="hidden" name="search_id" value={row.id} />
                    <input type="hidden" name="return_to" value={PANEL_PATH} />
                    <label className="saved-searches__frequency">
                      <span>Email alerts</span>
                      <select
                        name="alert_frequency"
                        value={row.alertFrequency}
                        aria-disabled={pendingId === row.id}
                        onChange={(event) => {
                          const alertFrequency = event.target.value as AlertFrequency;
                          runOnce(row, () => changeFrequency(row, alertFrequency));
                        }}
                      >
                        {alertFrequencies.map((frequency) => (
                          <option key={frequency} value={frequency}>
                            {ALERT_FREQUENCY_LABELS[frequency]}
                          </option>
                        ))}
                      </select>
                    </label>
                    {/* With JavaScript a change of the list saves at once; without it, this button posts it. */}
                    {isHydrated ? null : (
                      <button type="submit" className="button saved-searches__update">
                        Update<span className="visually-hidden"> email alerts: {row.description}</span>
                      </button>
                    )}
                  </form>
                ) : (
                  <span className="saved-searches__frequency-text">Email alerts: {ALERT_FREQUENCY_LABELS.I}</span>
                )}
                <form
                  method="post"
                  action={`/searches/${encodeURIComponent(row.id)}`}
                  className="inline-form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    runOnce(row, () => remove(row));
                  }}
                >
                  <CsrfField />
                  <input type="hidden" name="_method" value="delete" />
                  <input type="hidden" name="return_to" value={PANEL_PATH} />
                  <button
                    type="submit"
                    className="button saved-searches__remove"
                    aria-disabled={pendingId === row.id}
                    aria-busy={pendingId === row.id}
                  >
                    Remove<span className="visually-hidden"> saved search: {row.description}</span>
                  </button>
                </form>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
