import { createContext, useContext } from 'react';

/**
 * The request's CSP nonce, for the few elements the policy would otherwise refuse (the page's own <style>). Set
 * on the server only (entry.server.tsx): browsers hide nonces from scripts, and the hydrated page never inserts
 * such an element again.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
