import { useSyncExternalStore } from 'react';

const subscribeNothing = () => () => undefined;

/** False while server rendering and hydrating, true afterwards: browser-only lists render after hydration. */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
