/**
 * What the server's middleware keeps on a request's Hono context, typed once for every `c.set` and `c.get`. A value
 * is absent until the middleware that sets it has run (a request answered before it), hence `undefined`.
 */
declare module 'hono' {
  interface ContextVariableMap {
    /** When the request arrived (performance.now()), for its log line and the database-outage check. */
    startedAt: number | undefined;
    requestId: string | undefined;
    /** The CSP nonce of a page rendered for one visitor. */
    nonce: string | undefined;
    /** The page cache will share this render (server/page-cache.ts): it is made for nobody in particular. */
    sharedPage: boolean | undefined;
    /** A shared render that still wanted a session: it is answered to its requester only, never stored. */
    sharedPageSpoiled: boolean | undefined;
  }
}

export {};
