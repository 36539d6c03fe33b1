import { useSyncExternalStore } from 'react';
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

/** The save toggle of every card and property page (spec point 4): flips between saved and unsaved. */
export function SavePropertyToggle({ propertyId, address }: { propertyId: number; address: string }) {
  const isSaved = useSavedPropertyIds().includes(propertyId);
  return (
    <button
      type="button"
      className="save-toggle"
      aria-pressed={isSaved}
      onClick={() => void toggleWithToast(propertyId)}
    >
      <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
        <path
          d="M12 21s-7.5-4.6-9.5-9.3C1.2 8.5 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.3.8-1.2 2.2-2.3 4.2-2.3 3.5 0 5.6 3.5 4.3 6.7C19.5 16.4 12 21 12 21z"
          fill={isSaved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      <span className="visually-hidden">{isSaved ? `Remove ${address} from saved properties` : `Save ${address}`}</span>
    </button>
  );
}
