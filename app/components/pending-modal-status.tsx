import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from './lazy-with-timeout.tsx';

/**
 * While a modal route's code and data load after a click, shows its loading title; if it has not arrived after
 * the spec's 120 s chunk timeout, says so clearly (spec points 8 and 9).
 */
export function PendingModalStatus({
  titleFor,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
}: {
  titleFor: (pathname: string) => string | null;
  timeoutMs?: number;
}) {
  const navigation = useNavigation();
  const pendingPath = navigation.state === 'loading' ? navigation.location.pathname : null;
  const title = pendingPath ? titleFor(pendingPath) : null;
  const [timedOutPath, setTimedOutPath] = useState<string | null>(null);
  useEffect(() => {
    if (!pendingPath || !title) return;
    const timer = setTimeout(() => setTimedOutPath(pendingPath), timeoutMs);
    return () => clearTimeout(timer);
  }, [pendingPath, title, timeoutMs]);
  if (!title || !pendingPath) return null;
  const hasTimedOut = timedOutPath === pendingPath;
  return (
    <div
      className={`pending-modal${hasTimedOut ? ' pending-modal--error' : ''}`}
      role={hasTimedOut ? 'alert' : 'status'}
    >
      <p className="pending-modal__title">
        {hasTimedOut
          ? `Sorry, this did not load within ${Math.round(timeoutMs / 1000)} seconds. Please check your connection and try again.`
          : title}
      </p>
    </div>
  );
}
