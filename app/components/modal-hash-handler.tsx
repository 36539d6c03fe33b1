import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { modalPathForHash } from '../lib/modal-hash.ts';

/** The valuation hash has its own handler (it also serves the legacy calendar script). */
const HANDLED_ELSEWHERE = '#/book-a-valuation';

/**
 * Mounted once in root: a '#/…' hash naming one of the page's modal routes (on load or when the hash changes)
 * opens that modal route, exactly as its path form does.
 */
export function ModalHashHandler() {
  const navigate = useNavigate();
  useEffect(() => {
    const onHash = () => {
      const { pathname, hash } = window.location;
      if (hash === HANDLED_ELSEWHERE) return;
      const path = modalPathForHash(pathname, hash);
      // Replace the hash entry, so closing the modal does not land on the hash and open it again.
      if (path) void navigate(path, { replace: true, preventScrollReset: true });
    };
    onHash();
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [navigate]);
  return null;
}
