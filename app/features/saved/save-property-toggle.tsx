import { useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { CsrfField } from '../../components/form/form-parts.tsx';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';
import { showToast } from '../../components/toast.tsx';
import {
  PROPERTY_SAVED_MESSAGE,
  SAVED_PROPERTIES_LIMIT_MESSAGE,
  SAVED_PROPERTY_REMOVED_MESSAGE,
} from './saved-messages.ts';
import {
  getSavedPropertiesSnapshot,
  getServerSavedPropertiesSnapshot,
  parseSavedIds,
  subscribeSavedProperties,
  toggleSavedProperty,
} from './saved-properties-store.ts';

export function useSavedPropertyIds(): number[] {
  const raw = useSyncExternalStore(
    subscribeSavedProperties,
    getSavedPropertiesSnapshot,
    getServerSavedPropertiesSnapshot,
  );
  return parseSavedIds(raw);
}

async function toggleWithToast(propertyId: number): Promise<void> {
  const outcome = await toggleSavedProperty(propertyId);
  if (outcome === 'saved') showToast(PROPERTY_SAVED_MESSAGE);
  else if (outcome === 'removed') showToast(SAVED_PROPERTY_REMOVED_MESSAGE);
  else if (outcome === 'limit-reached') showToast(SAVED_PROPERTIES_LIMIT_MESSAGE, { kind: 'error' });
  else showToast('Sorry, that could not be saved. Please try again.', { kind: 'error' });
}

/**
 * The save toggle of every card and property page (spec point 4): flips between saved and unsaved. It is a form:
 * without JavaScript it posts the spec's add call (POST /saved_properties.ljson, or the remove call once the page
 * knows the property is saved) and the server saves it for a signed-in user, or asks a visitor to sign in, then
 * redirects back; with it, the browser list and the same calls run as before, one at a time.
 */
export function SavePropertyToggle({
  propertyId,
  address,
  isSavedBeforeHydration = false,
}: {
  propertyId: number;
  address: string;
  /** What the server knows (the account's saved list): the browser list is read only once the page is hydrated. */
  isSavedBeforeHydration?: boolean;
}) {
  const savedIds = useSavedPropertyIds();
  const isSaved = useIsHydrated() ? savedIds.includes(propertyId) : isSavedBeforeHydration;
  const location = useLocation();
  const [isPending, setPending] = useState(false);
  // A ref, not the state: a second click can come before React renders the first one's pending state.
  const isRunning = useRef(false);

  async function toggle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // aria-disabled rather than disabled while pending: a disabled button would drop the keyboard focus.
    if (isRunning.current) return;
    isRunning.current = true;
    setPending(true);
    try {
      await toggleWithToast(propertyId);
    } finally {
      isRunning.current = false;
      setPending(false);
    }
  }

  return (
    <form
      method="post"
      action={isSaved ? `/saved_properties/${propertyId}` : '/saved_properties.ljson'}
      className="inline-form"
      onSubmit={(event) => void toggle(event)}
    >
      <CsrfField />
      {isSaved ? (
        <input type="hidden" name="_method" value="delete" />
      ) : (
        <input type="hidden" name="property_ids" value={propertyId} />
      )}
      <input type="hidden" name="return_to" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        className="save-toggle"
        aria-pressed={isSaved}
        aria-disabled={isPending}
        aria-busy={isPending}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
          <path
            d="M12 21s-7.5-4.6-9.5-9.3C1.2 8.5 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.3.8-1.2 2.2-2.3 4.2-2.3 3.5 0 5.6 3.5 4.3 6.7C19.5 16.4 12 21 12 21z"
            fill={isSaved ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        <span className="visually-hidden">
          {isSaved ? `Remove ${address} from saved properties` : `Save ${address}`}
        </span>
      </button>
    </form>
  );
}
