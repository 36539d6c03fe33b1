/**
 * Who is looking at the page, as the browser learns it from GET /user.ljson (spec point 7: "also fetched on page
 * load"). The public pages are the same bytes for everyone (decision 026), so nothing of the visitor is in them:
 * the header's name and the saved hearts follow this store once the page has loaded. It is asked once per page
 * load, and again after a sign-in or sign-out in the account sidebar ('doorstep:auth').
 */
import { useSyncExternalStore } from 'react';

export type Visitor = {
  /** False until GET /user.ljson has answered: before that, nothing may be concluded (not even "signed out"). */
  isKnown: boolean;
  userId: number | null;
  firstName: string;
  lastName: string;
};

const UNKNOWN: Visitor = { isKnown: false, userId: null, firstName: '', lastName: '' };
const AUTH_EVENT = 'doorstep:auth';

let visitor: Visitor = UNKNOWN;
let hasStarted = false;
/** Bumped on every request: only the newest answer counts (a sign-in may overtake the page-load request). */
let generation = 0;
const listeners = new Set<() => void>();

function publish(next: Visitor): void {
  visitor = next;
  for (const listener of listeners) listener();
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The visitor an answer of GET /user.ljson describes (pure; the empty user has user_id null). */
function visitorFromUser(body: unknown): Visitor {
  const user = (body ?? {}) as Record<string, unknown>;
  const userId = typeof user.user_id === 'number' && Number.isInteger(user.user_id) ? user.user_id : null;
  return userId === null
    ? { isKnown: true, userId: null, firstName: '', lastName: '' }
    : { isKnown: true, userId, firstName: text(user.first_name), lastName: text(user.last_name) };
}

async function loadVisitor(): Promise<void> {
  const mine = ++generation;
  try {
    const response = await fetch('/user.ljson', {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return;
    const body: unknown = await response.json();
    if (mine === generation) publish(visitorFromUser(body));
  } catch {
    // Offline or interrupted: the visitor stays unknown, and the page keeps its signed-out defaults.
  }
}

function start(): void {
  if (hasStarted) return;
  hasStarted = true;
  window.addEventListener(AUTH_EVENT, (event) => {
    const detail = (event as CustomEvent<{ userId?: unknown }>).detail;
    const userId = typeof detail?.userId === 'number' ? detail.userId : null;
    // Known at once (the saved items follow without waiting); the name comes with the fresh answer.
    publish(
      userId === null
        ? visitorFromUser(null)
        : visitor.userId === userId
          ? visitor
          : { isKnown: true, userId, firstName: '', lastName: '' },
    );
    void loadVisitor();
  });
  void loadVisitor();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  start();
  return () => listeners.delete(listener);
}

function getSnapshot(): Visitor {
  return visitor;
}

function getServerSnapshot(): Visitor {
  return UNKNOWN;
}

/** The visitor of this page view; unknown on the server and until GET /user.ljson answers. */
export function useVisitor(): Visitor {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
