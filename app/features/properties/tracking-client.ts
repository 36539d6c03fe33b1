/**
 * Browser side of views and exposures. Requests go out once the page has loaded and the browser is idle, with
 * keepalive so they survive the visitor navigating away, and carry the page's authenticity token (fetched once when
 * the page is a shared one without a token).
 */
import { pageCsrfToken } from '../../lib/http/csrf-fetch.ts';

function whenLoadedAndIdle(task: () => void): void {
  const run = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 });
    else setTimeout(task, 200);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

function post(path: string, body: unknown): void {
  void pageCsrfToken()
    .then((token) =>
      fetch(path, {
        method: 'POST',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify(body),
      }),
    )
    .catch(() => undefined);
}

export function sendPropertyView(propertyId: number): void {
  whenLoadedAndIdle(() => post('/property_views', { property_id: propertyId, domain: window.location.host }));
}

let pending = new Set<number>();
let isScheduled = false;

/** Where the cards were shown, as the exposure's event_type. */
function eventTypeForPage(pathname: string): string {
  if (pathname === '/') return 'home';
  if (pathname.startsWith('/search')) return 'search_results';
  return pathname.split('/')[1]?.replace(/[^a-z0-9_-]/gi, '') || 'page';
}

/**
 * Cards call this as they mount; every card shown in the same render goes out in one POST /exposures/create_many.
 */
export function queueExposure(propertyId: number): void {
  pending.add(propertyId);
  if (isScheduled) return;
  isScheduled = true;
  whenLoadedAndIdle(() => {
    const ids = [...pending];
    pending = new Set();
    isScheduled = false;
    for (let start = 0; start < ids.length; start += 200) {
      post('/exposures/create_many', {
        property_ids: ids.slice(start, start + 200),
        domain: window.location.host,
        event_type: eventTypeForPage(window.location.pathname),
      });
    }
  });
}
