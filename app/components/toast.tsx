/**
 * Toasts (spec point 9): `showToast(message, { kind, durationMs })` from anywhere on the client. Default 3000 ms
 * (8000 ms for password reset and registration failures: callers pass TOAST_LONG_MS), removed 400 ms after they
 * start to fade; flash keys in the hash show for 10 s. Theme colours (error red, success green by default) come from
 * the --colour-error / --colour-success custom properties. Success toasts are announced politely, errors assertively.
 * Domain-free: the texts of flash keys are shown by the flash feature's FlashToasts, through showToast.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { STALE_SESSION_EVENT } from '../lib/http/csrf-fetch.ts';
import './toast.css';

const TOAST_DEFAULT_MS = 3000;
export const TOAST_LONG_MS = 8000;
const TOAST_REMOVAL_MS = 400;
export const FLASH_TOAST_MS = 10000;
/** Once released, a message stays long enough to be read again. */
const TOAST_MIN_REMAINING_MS = 2000;

export type ToastKind = 'success' | 'error';
type Toast = { id: number; message: string; kind: ToastKind; leaving: boolean };

let nextId = 1;
let toasts: Toast[] = [];
const listeners = new Set<(items: Toast[]) => void>();
const timers = new Map<number, number>();
/** When a running toast's time runs out; the time a held toast has left; what holds it (pointer, focus). */
const deadlines = new Map<number, number>();
const remaining = new Map<number, number>();
const holds = new Map<number, Set<'pointer' | 'focus'>>();

function publish(items: Toast[]): void {
  toasts = items;
  for (const listener of listeners) listener(toasts);
}

function dismissToast(id: number): void {
  const timer = timers.get(id);
  if (timer) window.clearTimeout(timer);
  if (!toasts.some((toast) => toast.id === id && !toast.leaving)) return;
  publish(toasts.map((toast) => (toast.id === id ? { ...toast, leaving: true } : toast)));
  window.setTimeout(() => {
    timers.delete(id);
    deadlines.delete(id);
    remaining.delete(id);
    holds.delete(id);
    publish(toasts.filter((toast) => toast.id !== id));
  }, TOAST_REMOVAL_MS);
}

function startTimer(id: number, durationMs: number): void {
  deadlines.set(id, Date.now() + durationMs);
  timers.set(
    id,
    window.setTimeout(() => dismissToast(id), durationMs),
  );
}

/**
 * A message does not vanish while someone is reading or reaching it (WCAG 2.2.1, timing adjustable): the pointer
 * over it or the focus inside it stops its clock, and it gets back the time it had left once both have gone.
 */
function holdToast(id: number, by: 'pointer' | 'focus'): void {
  const holders = holds.get(id) ?? new Set();
  holds.set(id, holders.add(by));
  const timer = timers.get(id);
  if (timer === undefined) return;
  window.clearTimeout(timer);
  timers.delete(id);
  remaining.set(id, Math.max(0, (deadlines.get(id) ?? Date.now()) - Date.now()));
}

function releaseToast(id: number, by: 'pointer' | 'focus'): void {
  const holders = holds.get(id);
  if (!holders?.delete(by) || holders.size > 0 || timers.has(id)) return;
  if (!toasts.some((toast) => toast.id === id && !toast.leaving)) return;
  startTimer(id, Math.max(TOAST_MIN_REMAINING_MS, remaining.get(id) ?? 0));
}

export function showToast(message: string, options: { kind?: ToastKind; durationMs?: number } = {}): number {
  if (typeof window === 'undefined') return 0;
  // The same message twice at once (a caller's failure and a page-wide notice) is shown once.
  const kind = options.kind ?? 'success';
  const showing = toasts.find((toast) => toast.message === message && toast.kind === kind && !toast.leaving);
  if (showing) return showing.id;
  const id = nextId++;
  publish([...toasts, { id, message, kind, leaving: false }]);
  startTimer(id, options.durationMs ?? TOAST_DEFAULT_MS);
  return id;
}

const NO_TOASTS: Toast[] = [];
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
function snapshot(): Toast[] {
  return toasts;
}
function serverSnapshot(): Toast[] {
  return NO_TOASTS;
}

/** Mounted once in the root layout; flash keys in the URL are turned into toasts by the flash feature. */
export function ToastRegion() {
  const items = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const host = useTopModalDialog();
  useEffect(() => {
    const onStaleSession = (event: Event) => {
      const message = (event as CustomEvent<unknown>).detail;
      if (typeof message === 'string') showToast(message, { kind: 'error', durationMs: TOAST_LONG_MS });
    };
    window.addEventListener(STALE_SESSION_EVENT, onStaleSession);
    return () => window.removeEventListener(STALE_SESSION_EVENT, onStaleSession);
  }, []);

  const render = (kind: ToastKind) =>
    items
      .filter((toast) => toast.kind === kind)
      .map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}${toast.leaving ? ' toast--leaving' : ''}`}
          onPointerEnter={() => holdToast(toast.id, 'pointer')}
          onPointerLeave={() => releaseToast(toast.id, 'pointer')}
          onFocus={() => holdToast(toast.id, 'focus')}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) releaseToast(toast.id, 'focus');
          }}
        >
          <p className="toast__message">{toast.message}</p>
          <button type="button" className="toast__close" onClick={() => dismissToast(toast.id)}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Dismiss message</span>
          </button>
        </div>
      ));

  const region = (
    <div className="toast-region">
      <div role="status" aria-live="polite" className="toast-stack">
        {render('success')}
      </div>
      <div aria-live="assertive" className="toast-stack">
        {render('error')}
      </div>
    </div>
  );
  // While a modal dialog is open the rest of the page is inert and beneath the top layer: show toasts inside it.
  return host ? createPortal(region, host) : region;
}

/** The topmost open modal <dialog>, if any, kept up to date as dialogs open and close. */
function useTopModalDialog(): HTMLDialogElement | null {
  const [host, setHost] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    const update = () => {
      const open = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')].filter((dialog) =>
        dialog.matches(':modal'),
      );
      setHost(open.at(-1) ?? null);
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, []);
  return host;
}
