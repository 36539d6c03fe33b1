import { useEffect } from 'react';
import { useVisitor } from '../site/index.ts';
import { listenForAuthChanges, setSavedPropertiesUser } from './saved-properties-store.ts';
import { SAVED_SEARCHES_USER_KEY } from './saved-storage-keys.ts';

/**
 * Saved searches bring the search codec with them, so their store loads only when there is something to do: someone
 * is signed in, someone was signed in on this browser (the marker the store clears on sign-out), or a sign-in or
 * sign-out just happened. A visitor who never signed in does not download it.
 */
function syncSavedSearches(userId: number | null): void {
  void import('./saved-searches-store.ts').then((store) => store.setSavedSearchesUser(userId)).catch(() => undefined);
}

function hasSignedInHere(): boolean {
  try {
    return window.localStorage.getItem(SAVED_SEARCHES_USER_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Keeps saved items in step with who is signed in: saved properties merge on sign-in and come back on sign-out;
 * saved searches kept in the browser go to the account on sign-in and are cleared on sign-out. Mounted once, in the
 * root layout, so it runs on every page.
 */
export function useSavedPropertiesSync(): void {
  const { isKnown, userId } = useVisitor();
  useEffect(() => {
    listenForAuthChanges();
    // Until GET /user.ljson answers, a signed-in visitor must not be taken for one who signed out.
    if (!isKnown) return;
    void setSavedPropertiesUser(userId);
    if (userId !== null || hasSignedInHere()) syncSavedSearches(userId);
  }, [isKnown, userId]);
  useEffect(() => {
    // Sign-in and sign-out in the account sidebar announce themselves with this event ({ userId }).
    const onAuth = (event: Event) => {
      const detail = (event as CustomEvent<{ userId?: unknown }>).detail;
      syncSavedSearches(typeof detail?.userId === 'number' ? detail.userId : null);
    };
    window.addEventListener('doorstep:auth', onAuth);
    return () => window.removeEventListener('doorstep:auth', onAuth);
  }, []);
}
