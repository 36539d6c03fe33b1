import type { Logger } from 'pino';
import type { VisitorSession } from './session.server.ts';

/** What the Node server hands every loader and action. */
export type RequestContext = {
  requestId: string;
  nonce: string;
  /** A freshly masked authenticity token for this response; reading it gives a new visitor their session. */
  csrfToken: string;
  /**
   * The page is rendered once for every anonymous visitor (server/page-cache.ts): nothing of this request's
   * visitor may appear in it (no token, no nonce, no session). Absent where no server is involved.
   */
  isSharedPage?: boolean;
  /**
   * A token for the page's scripts (GET /csrf-token): the session's when the visitor has one, else one bound to an
   * anonymous cookie, so a shared page's first write does not give the visitor a session (decision 026).
   */
  scriptCsrfToken?: string;
  /** The visitor's anonymous token cookie, for routes that check the token themselves (multipart bodies). */
  anonymousCsrfId?: string | null;
  /** True for multipart bodies: the route must check the token itself while streaming. */
  isCsrfDeferred: boolean;
  session: VisitorSession;
  logger: Logger;
  clientIp: string;
  /** Absolute origin of the site, for canonical links and emails. */
  origin: string;
  /**
   * Told of every error a loader, action or render throws (app/entry.server.tsx), so the server can answer a
   * lost database connection with 503 rather than 500. Absent where no server is involved (tests calling routes).
   */
  noteError?: (error: unknown) => void;
};

declare module 'react-router' {
  interface AppLoadContext extends RequestContext {}
}
