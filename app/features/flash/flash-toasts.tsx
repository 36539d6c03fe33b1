import { useEffect } from 'react';
import { FLASH_TOAST_MS, showToast } from '../../components/toast.tsx';
import { flashKeyFromHash, flashToast } from './flash-messages.ts';

/**
 * Shows the toast for a '#flash/{key}' hash (on load and on every hash change), then drops the key so a reload or
 * Back does not show it again. Mounted once in the root layout; `flashMessages` are the texts from page data.
 */
export function FlashToasts({ flashMessages }: { flashMessages: Record<string, string> }) {
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
  return null;
}
