import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { onPageChange } from '../app/lib/page-cache-bus.server.ts';
import { pageSlugOfPath } from '../app/lib/page-paths.ts';
import { inlineHashesOf, type InlineHashes } from './inline-hashes.ts';

/**
 * The shared page cache (decision 026): GETs of the public pages, rendered once for nobody in particular and kept in
 * memory as compressed bodies with their headers, until what they show changes. Signed-in visitors get the same
 * page (their state comes from GET /user.ljson in the browser); staff, and a visitor whose next page carries a
 * one-time notice, get their own render. A response that sets a cookie is never stored.
 */

export type PageCacheOptions = {
  /** Upper bound of the bodies held (all encodings), in bytes. */
  maxBytes: number;
  /** How long an entry is served without a change announced: a bound on what time alone changes (opening hours). */
  maxAgeSeconds: number;
  /** What a CDN or reverse proxy may serve while it revalidates. */
  staleSeconds: number;
  /** Cookie names whose holders always get their own render (staff sessions). */
  sessionCookieNames: readonly string[];
  /** The visitor's session cookie names: their holders get the shared page unless `needsOwnPage` says otherwise. */
  visitorCookieNames?: readonly string[];
  /**
   * Asked only for a request carrying a visitor's session cookie: must this visitor's page be rendered for them
   * (a one-time notice waits in their session)? A failure to answer counts as yes.
   */
  needsOwnPage?: (cookieHeader: string) => Promise<boolean>;
  /**
   * Script sources every shared page must also allow: the configured analytics snippets, inserted after consent on
   * the same page (their inline hashes and external origins). Read once per render and kept with the entry.
   */
  sharedScriptSources?: () => Promise<string[]>;
  now?: () => number;
};

type Entry = {
  key: string;
  tags: ReadonlySet<string>;
  etag: string;
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  size: number;
  storedAt: number;
};

/**
 * The public pages and what each shows (and, below, the site's own pages by name); everything else (forms,
 * accounts, modals, calls) is never shared.
 */
const CACHEABLE_PAGES: [RegExp, (match: RegExpExecArray) => string[]][] = [
  [/^\/$/, () => ['home', 'listings', 'articles']],
  [/^\/search$/, () => ['listings']],
  [/^\/properties\/([^/]+)$/, (match) => [`listing:${match[1]}`]],
  [/^\/property-(?:for-sale|to-rent)(?:\/[^/]+){0,3}$/, () => ['listings']],
  [/^\/branches\/([^/]+)\/properties$/, (match) => ['listings', `branch:${match[1]}`]],
  [/^\/branches(?:\/([^/]+))?$/, (match) => ['listings', ...(match[1] ? [`branch:${match[1]}`] : [])]],
  [/^\/articles(?:\/[^/]+)?$/, () => ['articles']],
];

/** Listings a page links to: a property page shows similar ones, whose price and status it repeats. */
const PROPERTY_LINK = /href="\/properties\/([^/"?#]+)/g;
/** Branches a page links to: a property page (and the branch list) shows the branch's name, address and numbers. */
const BRANCH_LINK = /href="\/branches\/([^/"?#]+)"/g;

function cookieNamesOf(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(';').map((part) => part.trim().split('=')[0] ?? '');
}

type Encoding = 'br' | 'gzip' | 'identity';

function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return 'identity';
}

/** Hono's setter would merge the old answer's headers back over these; clearing it first replaces the answer. */
function replaceResponse(c: Context, response: Response): void {
  c.res = undefined as unknown as Response;
  c.res = response;
}

/** The page's tags when the request may share a render, or null. */
function sharedPageTags(url: URL): string[] | null {
  for (const [pattern, tagsOf] of CACHEABLE_PAGES) {
    const match = pattern.exec(url.pathname);
    if (match) return ['site', ...tagsOf(match)];
  }
  // The site's own pages: any one-segment address no other route owns (a missing one is a 404, never stored).
  const slug = pageSlugOfPath(url.pathname);
  return slug ? ['site', `page:${slug}`] : null;
}

/** The Content-Security-Policy for a page rendered without a nonce, allowing exactly its inline code. */
export type HashedPolicy = (hashes: InlineHashes, url: URL) => string;

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  private readonly rendering = new Map<string, Promise<Entry | null>>();
  private bytes = 0;
  /** Bumped on every invalidation: a render that saw one while it ran is not kept. */
  private epoch = 0;
  private readonly now: () => number;
  readonly stats = { hits: 0, misses: 0, notModified: 0, stored: 0, invalidated: 0 };
  private readonly unsubscribe: () => void;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    this.unsubscribe = onPageChange((tags) => this.invalidate(tags));
  }

  close(): void {
    this.unsubscribe();
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** Drops every page showing any of these tags ('*' drops all). */
  invalidate(tags: readonly string[]): void {
    this.epoch++;
    this.rendering.clear();
    if (tags.includes('*')) {
      this.stats.invalidated += this.entries.size;
      this.entries.clear();
      this.byTag.clear();
      this.bytes = 0;
      return;
    }
    for (const tag of tags) {
      for (const key of this.byTag.get(tag) ?? []) this.remove(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
    this.stats.invalidated++;
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  private lookup(key: string): Entry | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (this.now() - entry.storedAt > this.options.maxAgeSeconds * 1000) {
      this.remove(key);
      return null;
    }
    // Least recently used goes first when space runs out.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  private store(entry: Entry): void {
    if (entry.size > this.options.maxBytes / 4) return;
    this.remove(entry.key);
    while (this.bytes + entry.size > this.options.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.remove(oldest.value);
    }
    this.entries.set(entry.key, entry);
    this.bytes += entry.size;
    this.stats.stored++;
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(entry.key);
    }
  }

  private cacheControl(): string {
    // Browsers revalidate every time (ETag, 304); shared caches hold the page as long as this server would.
    return `public, max-age=0, s-maxage=${this.options.maxAgeSeconds}, stale-while-revalidate=${this.options.staleSeconds}`;
  }

  private answer(c: Context, entry: Entry, isHit = true): Response {
    const headers = new Headers(entry.headers);
    // For operators and the bench: whether this server answered from memory (a CDN adds its own).
    headers.set('X-Cache', isHit ? 'HIT' : 'MISS');
    headers.set('ETag', entry.etag);
    headers.set('Cache-Control', this.cacheControl());
    headers.set('Vary', 'Accept-Encoding');
    const match = c.req.header('if-none-match');
    if (match && match.split(',').some((tag) => tag.trim() === entry.etag)) {
      this.stats.notModified++;
      return new Response(null, { status: 304, headers });
    }
    const encoding = preferredEncoding(c.req.header('accept-encoding'));
    if (encoding !== 'identity') headers.set('Content-Encoding', encoding);
    const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.identity;
    headers.set('Content-Length', String(body.length));
    return new Response(new Uint8Array(body), { status: 200, headers });
  }

  private needsOwnPage(cookieHeader: string): Promise<boolean> {
    const ask = this.options.needsOwnPage;
    return ask ? ask(cookieHeader).catch(() => true) : Promise.resolve(true);
  }

  /** Placed before the admission queue: a stored page is answered without waiting for a render slot. */
  middleware(policy: HashedPolicy): MiddlewareHandler {
    return async (c, next) => {
      if (c.req.method !== 'GET') return next();
      const url = new URL(c.req.url);
      const tags = sharedPageTags(url);
      if (!tags) return next();
      const cookies = cookieNamesOf(c.req.header('cookie'));
      if (cookies.some((name) => this.options.sessionCookieNames.includes(name))) return next();
      const hasVisitorSession = cookies.some((name) => this.options.visitorCookieNames?.includes(name));
      if (hasVisitorSession && (await this.needsOwnPage(c.req.header('cookie') ?? ''))) return next();
      const consent = /(?:^|;\s*)cookieconsent_status=(allow|deny)/.exec(c.req.header('cookie') ?? '')?.[1] ?? '';
      // Accepted analytics load code the page's hashes cannot know of: those visitors keep their own render.
      if (consent === 'allow') return next();
      const key = `${consent}|${url.pathname}${url.search}`;

      const found = this.lookup(key);
      if (found) {
        this.stats.hits++;
        return this.answer(c, found);
      }
      const pending = this.rendering.get(key);
      if (pending) {
        const shared = await pending;
        if (shared) {
          this.stats.hits++;
          return this.answer(c, shared);
        }
      }
      this.stats.misses++;
      const epoch = this.epoch;
      let settle: (entry: Entry | null) => void = () => undefined;
      const mine = pending ? null : new Promise<Entry | null>((resolve) => (settle = resolve));
      if (mine) this.rendering.set(key, mine);
      try {
        c.set('sharedPage', true);
        await next();
        const entry = await this.capture(c, key, tags, url, policy);
        if (entry && epoch === this.epoch) this.store(entry);
        settle(entry && epoch === this.epoch ? entry : null);
        if (entry) replaceResponse(c, this.answer(c, entry, false));
      } finally {
        settle(null);
        if (mine && this.rendering.get(key) === mine) this.rendering.delete(key);
      }
    };
  }

  /**
   * Reads the fresh render. Every page rendered for sharing carries no nonce, so its CSP lists its inline code's
   * hashes whether or not it is kept; only a 200 HTML page that set no cookie becomes an entry.
   */
  private async capture(
    c: Context,
    key: string,
    tags: string[],
    url: URL,
    policy: HashedPolicy,
  ): Promise<Entry | null> {
    const response = c.res;
    const type = response.headers.get('content-type') ?? '';
    if (!type.startsWith('text/html') || !response.body || response.headers.has('content-encoding')) return null;
    const identity = Buffer.from(await response.arrayBuffer());
    const html = identity.toString('utf8');
    const headers = new Headers(response.headers);
    const hashes = inlineHashesOf(html);
    const extra = (await this.options.sharedScriptSources?.().catch(() => [])) ?? [];
    hashes.scripts.push(...extra);
    headers.set('Content-Security-Policy', policy(hashes, url));
    // A render made without its requester's session that still wanted one (server/app.ts) is nobody's to share.
    const isShareable = response.status === 200 && !headers.has('set-cookie') && c.get('sharedPageSpoiled') !== true;
    if (!isShareable) {
      headers.delete('content-length');
      replaceResponse(c, new Response(new Uint8Array(identity), { status: response.status, headers }));
      return null;
    }
    const linked = new Set(tags);
    for (const match of html.matchAll(PROPERTY_LINK)) linked.add(`listing:${match[1]}`);
    for (const match of html.matchAll(BRANCH_LINK)) linked.add(`branch:${match[1]}`);
    for (const name of ['content-length', 'cache-control', 'etag', 'vary']) headers.delete(name);
    const gzip = gzipSync(identity, { level: 6 });
    const br = brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } });
    const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`;
    return {
      key,
      tags: linked,
      etag,
      headers: [...headers.entries()],
      identity,
      gzip,
      br,
      size: identity.length + gzip.length + br.length + key.length,
      storedAt: this.now(),
    };
  }
}
