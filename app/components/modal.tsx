/**
 * Modal: an accessible dialog for modal routes (spec point 2), built on the native <dialog> with showModal(),
 * which makes the rest of the page inert and puts the dialog in the top layer.
 *
 *   <Modal title="Floorplan" closeTo="/properties/abc">…</Modal>
 *
 * - title: the visible heading (an h2); the dialog is labelled by it unless `labelledBy` names another element.
 * - closeTo: where closing leads (usually the page behind the modal route). If the visitor opened the modal from
 *   that page with a <ModalLink>, closing goes back in history instead, so Back does not reopen it.
 * - onClose?: runs when the visitor asks to close (close button, Escape, a press and release outside); return false to stay open
 *   (e.g. to confirm discarding a form).
 * - labelledBy?: id of the element naming the dialog, for dialogs whose own heading changes (multi-step forms).
 * - size?: 'small' | 'medium' (default) | 'large' | 'full'.
 *
 * Behaviour (WAI-ARIA APG dialog pattern): focus moves inside on open; Tab and Shift+Tab wrap; Escape, the close
 * button and a click on the backdrop close; focus returns to the element that opened it (or, after a deep link, to
 * the page's link to this modal). Server-rendered as an open dialog, and the close button is a GET form, so a deep
 * link is readable and closable before JavaScript runs.
 */
import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import './modal.css';

type ModalSize = 'small' | 'medium' | 'large' | 'full';

export type ModalProps = {
  title: ReactNode;
  closeTo: string;
  onClose?: () => boolean | void;
  labelledBy?: string;
  size?: ModalSize;
  children: ReactNode;
};

type ModalLocationState = { modalReturnTo?: string } | null;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], [inert]') && element.getClientRects().length > 0,
  );
}

export function Modal({ title, closeTo, onClose, labelledBy, size = 'medium', children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const headingId = useId();
  const state = location.state as ModalLocationState;
  const cameFromCloseTo = state?.modalReturnTo === closeTo;
  const onCloseRef = useRef(onClose);
  const pathAtOpen = useRef(location.pathname);

  const requestClose = useCallback(() => {
    if (onCloseRef.current?.() === false) return;
    if (cameFromCloseTo) void navigate(-1);
    else void navigate(closeTo, { replace: true, preventScrollReset: true });
  }, [cameFromCloseTo, closeTo, navigate]);
  const requestCloseRef = useRef(requestClose);
  useEffect(() => {
    onCloseRef.current = onClose;
    requestCloseRef.current = requestClose;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const active = document.activeElement;
    const opener =
      active instanceof HTMLElement && active !== document.body && !dialog.contains(active) ? active : null;
    // 'close' events are queued, so count the closes we make ourselves and ignore their events.
    let ownCloses = 0;

    // Server-rendered as a non-modal open dialog: reopen it as modal so the page behind becomes inert.
    if (dialog.open && !dialog.matches(':modal')) {
      ownCloses += 1;
      dialog.close();
    }
    if (!dialog.open) dialog.showModal();
    if (!dialog.contains(document.activeElement)) focusableIn(dialog)[0]?.focus();

    // Escape closes the native dialog (and Chrome may force that); either way the route must change too.
    const onNativeClose = () => {
      if (ownCloses > 0) {
        ownCloses -= 1;
        return;
      }
      requestCloseRef.current();
      if (dialog.isConnected && !dialog.open) dialog.showModal();
    };
    const onCancel = (event: Event) => {
      event.preventDefault();
      requestCloseRef.current();
    };
    const isOnBackdrop = (event: MouseEvent) => {
      if (event.target !== dialog) return false;
      const box = dialog.getBoundingClientRect();
      return (
        event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom
      );
    };
    // A click is sent to the nearest element holding both the press and the release. When the panel shrinks
    // under a held pointer (a suggestion list closing as its input loses focus), a press on a button inside and a
    // release over the backdrop make a click on the dialog itself, outside its box. So only a press that started
    // on the backdrop may close.
    let isPressOnBackdrop = false;
    const onPointerDown = (event: PointerEvent) => {
      isPressOnBackdrop = isOnBackdrop(event);
    };
    const onClick = (event: MouseEvent) => {
      const startedOnBackdrop = isPressOnBackdrop;
      isPressOnBackdrop = false;
      // Keyboard-activated clicks report (0, 0); only a real pointer outside the panel counts.
      if (startedOnBackdrop && isOnBackdrop(event) && event.detail > 0) requestCloseRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focusable = focusableIn(dialog);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('pointerdown', onPointerDown);
    dialog.addEventListener('click', onClick);
    dialog.addEventListener('keydown', onKeyDown);
    const modalPath = pathAtOpen.current;
    return () => {
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('pointerdown', onPointerDown);
      dialog.removeEventListener('click', onClick);
      dialog.removeEventListener('keydown', onKeyDown);
      if (dialog.open) dialog.close();
      const trigger =
        opener?.isConnected === true
          ? opener
          : document.querySelector<HTMLElement>(`a[href="${CSS.escape(modalPath)}"]`);
      trigger?.focus({ preventScroll: true });
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={`modal modal--${size}`}
      aria-labelledby={labelledBy ?? headingId}
      aria-modal="true"
      open
    >
      <div className="modal__panel">
        <header className="modal__header">
          <h2 id={headingId} className="modal__title">
            {title}
          </h2>
          <form method="get" action={closeTo} className="modal__close-form">
            <button
              type="submit"
              className="modal__close"
              onClick={(event) => {
                event.preventDefault();
                requestClose();
              }}
            >
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              </svg>
              <span className="visually-hidden">Close</span>
            </button>
          </form>
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </dialog>
  );
}
