import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useChoiceMadeBeforeHydration } from '../../components/use-choice-before-hydration.ts';
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
 * /saved_searches with put), so they work without JavaScript; with it the same calls run in place, one at a time
 * for each search.
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
  /** The rows whose call is under way: a row's forms ignore another submit until its answer comes. */
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  // A ref, not the state: a second click can come before React renders the first one's pending state.
  const running = useRef(new Set<string>());

  /** Runs the row's call unless one of the row's is under way; says whether it ran. */
  function runOnce(row: Row, call: () => Promise<void>): boolean {
    if (running.current.has(row.id)) return false;
    running.current.add(row.id);
    setPendingIds(new Set(running.current));
    void call().finally(() => {
      running.current.delete(row.id);
      setPendingIds(new Set(running.current));
    });
    return true;
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

  /** Saves the list's choice; the list shows the saved value again if the call fails. */
  async function changeFrequency(row: Row, alertFrequency: AlertFrequency, select: HTMLSelectElement) {
    const query = new URLSearchParams({ search_id: row.id, alert_frequency: alertFrequency });
    const { status } = await callJson(`/saved_searches?${query.toString()}`, {
      method: 'POST',
      fields: { _method: 'put' },
    }).catch(() => ({ status: 0 }));
    if (status === 200) {
      setServerRows((current) => current.map((entry) => (entry.id === row.id ? { ...entry, alertFrequency } : entry)));
      showToast(ALERT_FREQUENCY_UPDATED_MESSAGE);
    } else {
      select.value = row.alertFrequency;
      showToast(FAILED, { kind: 'error' });
    }
  }

  /** The frequency each row's call is saving, which its list shows while it is busy. */
  const saving = useRef(new Map<string, AlertFrequency>());

  function chooseFrequency(row: Row, alertFrequency: AlertFrequency, select: HTMLSelectElement) {
    const hasRun = runOnce(row, async () => {
      saving.current.set(row.id, alertFrequency);
      try {
        await changeFrequency(row, alertFrequency, select);
      } finally {
        saving.current.delete(row.id);
      }
    });
    // While the row's call is under way the list is busy: it goes back to what is being saved.
    if (!hasRun) select.value = saving.current.get(row.id) ?? row.alertFrequency;
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
                  <AlertFrequencyForm
                    row={row}
                    isPending={pendingIds.has(row.id)}
                    isHydrated={isHydrated}
                    onChoose={(alertFrequency, select) => chooseFrequency(row, alertFrequency, select)}
                  />
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
                    aria-disabled={pendingIds.has(row.id)}
                    aria-busy={pendingIds.has(row.id)}
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

/**
 * A saved search's alert frequency: a form posting the spec's call, whose list saves at once when it changes once
 * the page's script runs (before that, the Update button posts it). The list is uncontrolled, so a choice made
 * before the script runs stays on the page and is saved then.
 */
function AlertFrequencyForm({
  row,
  isPending,
  isHydrated,
  onChoose,
}: {
  row: Row;
  isPending: boolean;
  isHydrated: boolean;
  onChoose: (alertFrequency: AlertFrequency, select: HTMLSelectElement) => void;
}) {
  const select = useChoiceMadeBeforeHydration(row.alertFrequency, (value, element) =>
    onChoose(value as AlertFrequency, element),
  );
  return (
    <form
      method="post"
      action="/saved_searches"
      className="saved-searches__frequency-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (select.current) onChoose(select.current.value as AlertFrequency, select.current);
      }}
    >
      <CsrfField />
      <input type="hidden" name="_method" value="put" />
      <input type="hidden" name="search_id" value={row.id} />
      <input type="hidden" name="return_to" value={PANEL_PATH} />
      <label className="saved-searches__frequency">
        <span>Email alerts</span>
        <select
          ref={select}
          name="alert_frequency"
          defaultValue={row.alertFrequency}
          // No restoring of an old choice on a page brought back from history: it would be saved again.
          autoComplete="off"
          aria-disabled={isPending}
          onChange={(event) => onChoose(event.currentTarget.value as AlertFrequency, event.currentTarget)}
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
  );
}
