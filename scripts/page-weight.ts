/**
 * What a public page makes the browser download before it is interactive, read from the real served responses:
 * the module preloads, module scripts and inline `import()`s in the page's HTML, each fetched as a browser asks for
 * it (Brotli when the server has it precompressed). Shared by `npm run bench:pages` and the bundle e2e test.
 */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { moduleUrlsOf } from '../app/lib/scripts-after-paint.ts';

/** The budget for JavaScript before interaction on every public page (docs/performance.md), Brotli as sent. */
export const INITIAL_JS_BUDGET_KB = 120;

/**
 * Text found only in the form libraries' code (zod's type names, Conform's DOM bookkeeping): a page's first
 * download must contain neither, they come with the forms that use them.
 */
export const FORM_LIBRARY_MARKERS = [
  { library: 'zod', pattern: /\$ZodType/ },
  { library: 'Conform', pattern: /dataset\.conform|@conform-to/ },
] as const;

export type PageName = 'home' | 'search' | 'property' | 'landing' | 'article' | 'branch';

type Fetched = { status: number; body: Buffer; headers: http.IncomingHttpHeaders };

/** A GET without automatic decompression, so the body is what went over the wire. */
export function fetchRaw(url: string, headers: Record<string, string> = {}, agent?: http.Agent): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), headers: response.headers }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

async function firstLink(base: string, listPath: string, pattern: RegExp, agent?: http.Agent): Promise<string> {
  const html = (await fetchRaw(`${base}${listPath}`, {}, agent)).body.toString('utf8');
  const match = html.match(pattern)?.[1];
  if (!match) throw new Error(`no link matching ${pattern} on ${listPath}: seed the database first (npm run db:seed)`);
  return match;
}

/** One URL per kind of public page, found on the seeded site itself. */
export async function publicPageUrls(base: string, agent?: http.Agent): Promise<Record<PageName, string>> {
  const results = await fetchRaw(`${base}/search.ljson?channel=sales`, {}, agent);
  const { properties } = JSON.parse(results.body.toString('utf8')) as { properties: { property_url: string }[] };
  const property = properties[0]?.property_url;
  if (!property) throw new Error('no properties: seed the database first (npm run db:seed)');
  return {
    home: '/',
    search: '/search?channel=sales',
    property,
    landing: await firstLink(base, '/search?channel=sales', /href="(\/property-for-sale\/[^"?#]+)"/, agent).catch(
      () => '/property-for-sale/england',
    ),
    article: await firstLink(base, '/articles', /href="(\/articles\/[a-z0-9-]+)"/, agent),
    branch: await firstLink(base, '/branches', /href="(\/branches\/[a-z0-9-]+)"/, agent),
  };
}

/** The scripts a page's HTML makes the browser fetch before interaction, in page order. */
export function initialScriptUrls(html: string): string[] {
  const scripts = new Set<string>(moduleUrlsOf(html));
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) if (match[1]) scripts.add(match[1]);
  return [...scripts];
}

export type InitialScript = { url: string; raw: number; sent: number; source: string };
export type InitialJs = { scripts: InitialScript[]; raw: number; sent: number; css: { raw: number; sent: number } };

/** Sizes as sent: the precompressed Brotli file when the server has one, else gzip level 6 of the raw file. */
async function sizeOf(base: string, asset: string, agent?: http.Agent) {
  const plain = await fetchRaw(`${base}${asset}`, {}, agent);
  if (plain.status !== 200) throw new Error(`${asset} answered ${plain.status}`);
  const sent = await fetchRaw(`${base}${asset}`, { 'accept-encoding': 'br, gzip' }, agent);
  const isCompressed = Boolean(sent.headers['content-encoding']);
  return {
    raw: plain.body.length,
    sent: isCompressed ? sent.body.length : gzipSync(plain.body, { level: 6 }).length,
    source: plain.body.toString('utf8'),
  };
}

export async function measureInitialJs(base: string, url: string, agent?: http.Agent): Promise<InitialJs> {
  const page = await fetchRaw(`${base}${url}`, {}, agent);
  if (page.status !== 200) throw new Error(`${url} answered ${page.status}`);
  const html = page.body.toString('utf8');
  const scripts: InitialScript[] = [];
  for (const script of initialScriptUrls(html)) scripts.push({ url: script, ...(await sizeOf(base, script, agent)) });
  const css = { raw: 0, sent: 0 };
  for (const match of html.matchAll(/<link[^>]* rel="stylesheet" href="([^"]+)"/g)) {
    if (!match[1]) continue;
    const size = await sizeOf(base, match[1], agent);
    css.raw += size.raw;
    css.sent += size.sent;
  }
  return {
    scripts,
    raw: scripts.reduce((sum, script) => sum + script.raw, 0),
    sent: scripts.reduce((sum, script) => sum + script.sent, 0),
    css,
  };
}

/** The form libraries found in a page's first download, with the file each was found in. */
export function formLibrariesIn(js: InitialJs): { library: string; url: string }[] {
  return js.scripts.flatMap((script) =>
    FORM_LIBRARY_MARKERS.filter((marker) => marker.pattern.test(script.source)).map((marker) => ({
      library: marker.library,
      url: script.url,
    })),
  );
}
