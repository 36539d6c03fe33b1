import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/** False on the server and during hydration, true once React runs in the browser (progressive enhancement). */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
