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

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

/** Whether the window is scrolled further than `threshold` px (false on the server). */
export function useIsScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY > threshold,
    () => false,
  );
}
