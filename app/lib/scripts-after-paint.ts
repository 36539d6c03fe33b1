/**
 * Every page is complete as HTML: links and forms work before any script runs. So the browser should spend its
 * first moments on the page's content (the style sheets, the first photo) and paint it, and only then fetch the
 * scripts that make the page interactive. React Router's `<Scripts>` asks for the opposite: module preloads in the
 * head and a module script whose static imports start every download at once, competing with the style sheets and
 * the first photo for a phone's bandwidth and running before the first paint on a fast one.
 *
 * This rewrites the rendered page so the same modules load, in the same order and in parallel, once the first
 * frame has painted: the preloads leave the head, and React Router's inline module script waits for the next frame
 * (then a task, so the paint has happened), adds the preloads, and imports the route modules it used to import
 * statically. The rest of the script (the route manifest, the route module table, the import of the client entry)
 * is kept as React Router wrote it. A page without React Router's scripts (a bare error page) is left as it is.
 */

const MODULE_PRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*\bhref="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g;
const PRELOAD_LIST = /^const preloads = (\[[^\]\n]*\]);$/m;
const STATIC_ROUTE_IMPORT = /^import \* as (\w+) from ("[^"]+");$/gm;

/**
 * React Router's module script: the one that fills the route module table. Another module script (an agency's
 * analytics snippet, say) is never touched.
 */
function routeModulesScript(html: string): RegExpExecArray | undefined {
  return [...html.matchAll(MODULE_SCRIPT)].find((match) => match[2]?.includes('window.__reactRouterRouteModules'));
}

/** Resolves once the first frame has painted; at once when the page is not visible (nothing will paint). */
const AFTER_FIRST_PAINT =
  "await new Promise((resolve) => document.visibilityState === 'visible' ? requestAnimationFrame(() => setTimeout(resolve, 0)) : resolve());";

/** The module addresses a page loads before it is interactive, whether preloaded or listed for after the paint. */
export function moduleUrlsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const match of html.matchAll(MODULE_PRELOAD)) if (match[1]) urls.add(match[1]);
  const script = routeModulesScript(html)?.[2] ?? '';
  const listed = script.match(PRELOAD_LIST)?.[1];
  if (listed) for (const url of JSON.parse(listed) as string[]) urls.add(url);
  for (const match of script.matchAll(/\bimport\b[^"'\n]*"([^"]+)"/g)) if (match[1]) urls.add(match[1]);
  return [...urls];
}

export function loadScriptsAfterFirstPaint(html: string): string {
  const script = routeModulesScript(html);
  if (!script?.[2] || script[2].startsWith(AFTER_FIRST_PAINT)) return html;
  const [whole, open, body, close] = script as unknown as [string, string, string, string];
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '').filter(Boolean);
  const imports = [...body.matchAll(STATIC_ROUTE_IMPORT)].map(([, name, href]) => ({ name, href }));
  const rest = body.replace(STATIC_ROUTE_IMPORT, '');
  // Anything else imported statically would still load before the paint: leave such a page as React Router made it.
  if (/^\s*import\s+[^(]/m.test(rest)) return html;
  const rewritten = [
    AFTER_FIRST_PAINT,
    `const preloads = ${JSON.stringify(preloads)};`,
    `for (const href of preloads) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.append(link); }`,
    imports.length > 0
      ? `const [${imports.map((entry) => entry.name).join(', ')}] = await Promise.all([${imports.map((entry) => `import(${entry.href})`).join(', ')}]);`
      : '',
    rest,
  ].join('\n');
  const start = script.index ?? 0;
  const page = html.slice(0, start) + open + rewritten + close + html.slice(start + whole.length);
  return page.replace(MODULE_PRELOAD, '');
}
