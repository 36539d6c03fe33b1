/**
 * Inserts the site's analytics snippets once consent allows. The CSP blocks inline scripts without the page's
 * nonce, and scripts parsed from HTML never run, so every <script> is re-created with the nonce.
 */

/** The nonce of this page, read from React Router's own scripts (browsers hide it from getAttribute). */
function readPageNonce(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
}

// Read once, as early as possible: the document's nonce never changes while the page lives.
const pageNonce = readPageNonce();

function insertAnalyticsCode(html: string, target: HTMLElement, nonce = pageNonce || readPageNonce()): void {
  if (!html.trim()) return;
  const template = document.createElement('template');
  template.innerHTML = html;
  const nodes = Array.from(document.importNode(template.content, true).childNodes);
  for (const node of nodes) {
    target.appendChild(node);
    const scripts =
      node instanceof HTMLScriptElement
        ? [node]
        : node instanceof Element
          ? Array.from(node.querySelectorAll('script'))
          : [];
    // Re-create each script in this document, after it is in place, so it runs (with the nonce) exactly once.
    for (const inert of scripts) inert.replaceWith(executableCopy(inert, nonce));
  }
}

function executableCopy(original: HTMLScriptElement, nonce: string): HTMLScriptElement {
  const script = document.createElement('script');
  for (const attribute of Array.from(original.attributes)) {
    if (attribute.name !== 'nonce') script.setAttribute(attribute.name, attribute.value);
  }
  script.setAttribute('nonce', nonce);
  script.nonce = nonce;
  script.text = original.text;
  return script;
}

let analyticsRequest: Promise<void> | null = null;

/** Fetches `GET /analytics_code` and inserts it, once per page load. */
export function loadAnalytics(): Promise<void> {
  analyticsRequest ??= fetch('/analytics_code', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`analytics_code answered ${response.status}`);
      const code = (await response.json()) as { analytics_code?: string; head_analytics_code?: string };
      insertAnalyticsCode(code.head_analytics_code ?? '', document.head);
      insertAnalyticsCode(code.analytics_code ?? '', document.body);
    })
    .catch((error: unknown) => {
      analyticsRequest = null;
      console.warn('Analytics could not be loaded', error);
    });
  return analyticsRequest;
}
