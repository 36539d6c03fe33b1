import { useSyncExternalStore } from 'react';
import {
  getSavedPropertiesSnapshot,
  getServerSavedPropertiesSnapshot,
  parseSavedIds,
  subscribeSavedProperties,
  toggleSavedProperty,
} from './saved-properties-store.ts';

export function SavePropertyToggle({ propertyId, address }: { propertyId: number; address: string }) {
  const raw = useSyncExternalStore(
    subscribeSavedProperties,
    getSavedPropertiesSnapshot,
    getServerSavedPropertiesSnapshot,
  );
  const isSaved = parseSavedIds(raw).includes(propertyId);
  return (
    <button
      type="button"
      className="save-toggle"
      aria-pressed={isSaved}
      onClick={() => toggleSavedProperty(propertyId)}
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
