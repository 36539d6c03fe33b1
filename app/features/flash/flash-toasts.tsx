import { useEffect } from 'react';
import { FLASH_TOAST_MS, showToast } from '../../components/toast.tsx';
import { useIsHydrated } from '../../components/use-is-hydrated.ts';
import { flashKeyFromHash, flashToast } from './flash-messages.ts';

type Notice = { message: string; kind: 'success' | 'error' };

/**
 * Shows the toast for a '#flash/{key}' hash (on load and on every hash change), then drops the key so a reload or
 * Back does not show it again. Mounted once in the root layout; `flashMessages` are the texts from page data.
 * `notice` is what a form post without JavaScript left for this page: rendered by the server in the toast's place
 * (so it shows with no script at all), and handed to the toast region once the page is hydrated.
 */
export function FlashToasts({
  flashMessages,
  notice,
}: {
  flashMessages: Record<string, string>;
  notice?: Notice | null;
}) {
  const isHydrated = useIsHydrated();
  useEffect(() => {
    const showFlash = () => {
      const key = flashKeyFromHash(window.location.hash);
      if (!key) return;
      const { message, kind } = flashToast(key, flashMessages);
      showToast(message, { kind, durationMs: FLASH_TOAST_MS });
      const url = new URL(window.location.href);
      url.hash = '';
      window.history.replaceState(window.history.state, '', url.pathname + url.search);
    };
    showFlash();
    window.addEventListener('hashchange', showFlash);
    return () => window.removeEventListener('hashchange', showFlash);
  }, [flashMessages]);
  useEffect(() => {
    if (notice) showToast(notice.message, { kind: notice.kind, durationMs: FLASH_TOAST_MS });
  }, [notice]);
  if (!notice || isHydrated) return null;
  return (
    <div className="toast-region">
      <div role={notice.kind === 'error' ? 'alert' : 'status'} className="toast-stack">
        <div className={`toast toast--${notice.kind}`}>
          <p className="toast__message">{notice.message}</p>
        </div>
      </div>
    </div>
  );
}
