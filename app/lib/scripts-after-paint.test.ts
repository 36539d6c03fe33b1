import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadScriptsAfterFirstPaint, moduleUrlsOf } from './scripts-after-paint.ts';

type Route = { name: string; modules: string[] };

/** A page as React Router 7 renders it: preloads hoisted into the head, the route module script before the data. */
function page({ preloads, routes, nonce }: { preloads: string[]; routes: Route[]; nonce?: string }): string {
  const nonceAttribute = nonce ? ` nonce="${nonce}"` : '';
  const imports = routes
    .map((route) =>
      route.modules.length === 1
        ? `import * as ${route.name} from "${route.modules[0]}";`
        : [
            ...route.modules.map((module, index) => `import * as ${route.name}_${index} from "${module}";`),
            `const ${route.name} = {${route.modules.map((_, index) => `...${route.name}_${index}`).join(',')}};`,
          ].join('\n'),
    )
    .join('\n');
  return [
    '<!DOCTYPE html><html lang="en-GB"><head><meta charSet="utf-8"/>',
    ...preloads.map((href) => `<link rel="modulepreload" href="${href}"${nonceAttribute}/>`),
    '<link rel="stylesheet" href="/assets/app.css"/></head><body><main><h1>Find your next home</h1></main>',
    `<script${nonceAttribute}>window.__reactRouterContext = {"basename":"/"};</script>`,
    `<script${nonceAttribute} type="module" async="">;\n${imports}\n  window.__reactRouterManifest = {"entry":{"imports":["/assets/framework.js"]}};\n  window.__reactRouterRouteModules = {${routes.map((route) => `"${route.name}":${route.name}`).join(',')}};\n\nimport("/assets/entry.client.js");</script>`,
    `<script${nonceAttribute}>window.__reactRouterContext.streamController.enqueue("[]");</script>`,
    '</body></html>',
  ].join('');
}

const HOME = page({
  preloads: ['/assets/entry.client.js', '/assets/framework.js', '/assets/root.js', '/assets/home.js'],
  routes: [
    { name: 'route0', modules: ['/assets/root.js'] },
    { name: 'route1', modules: ['/assets/home.js'] },
  ],
  nonce: 'abc123',
});

function moduleScriptOf(html: string): string {
  return [...html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].at(-1)?.[1] ?? '';
}

describe('loadScriptsAfterFirstPaint', () => {
  it('takes the module preloads out of the page and gives them to the script, to add after the first paint', () => {
    const html = loadScriptsAfterFirstPaint(HOME);
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    const script = moduleScriptOf(html);
    const waitsAt = script.indexOf('requestAnimationFrame');
    const preloadsAt = script.indexOf("link.rel = 'modulepreload'");
    expect(waitsAt).toBeGreaterThanOrEqual(0);
    expect(preloadsAt).toBeGreaterThan(waitsAt);
    expect(script).toContain(
      'const preloads = ["/assets/entry.client.js","/assets/framework.js","/assets/root.js","/assets/home.js"];',
    );
  });

  it('imports the route modules after the wait, in one go, under the names the rest of the script uses', () => {
    const script = moduleScriptOf(loadScriptsAfterFirstPaint(HOME));
    expect(script).not.toMatch(/^import \*/m);
    const importsAt = script.indexOf(
      'const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/home.js")]);',
    );
    expect(importsAt).toBeGreaterThan(script.indexOf('requestAnimationFrame'));
    expect(script.indexOf('window.__reactRouterRouteModules = {"route0":route0,"route1":route1};')).toBeGreaterThan(
      importsAt,
    );
    expect(script.trimEnd().endsWith('import("/assets/entry.client.js");')).toBe(true);
  });

  it('keeps everything outside the module script and its preloads as it was, nonces included', () => {
    const html = loadScriptsAfterFirstPaint(HOME);
    const withoutModuleScript = (text: string) =>
      text
        .replace(/<script[^>]*type="module"[^>]*>[\s\S]*?<\/script>/, '')
        .replace(/<link[^>]*modulepreload[^>]*>/g, '');
    expect(withoutModuleScript(html)).toBe(withoutModuleScript(HOME));
    expect(html).toContain('<script nonce="abc123" type="module" async="">');
  });

  it('does not wait for a paint that will not come: a hidden page starts at once', () => {
    expect(moduleScriptOf(loadScriptsAfterFirstPaint(HOME))).toContain(
      "document.visibilityState === 'visible' ? requestAnimationFrame(() => setTimeout(resolve, 0)) : resolve()",
    );
  });

  it('handles a route split into several modules (client loader beside the route)', () => {
    const html = page({
      preloads: ['/assets/a.js', '/assets/b.js'],
      routes: [{ name: 'route0', modules: ['/assets/a.js', '/assets/b.js'] }],
    });
    const script = moduleScriptOf(loadScriptsAfterFirstPaint(html));
    expect(script).toContain(
      'const [route0_0, route0_1] = await Promise.all([import("/assets/a.js"), import("/assets/b.js")]);',
    );
    expect(script).toContain('const route0 = {...route0_0,...route0_1};');
  });

  it('rewrites the module script React Router wrote, not another one that comes first', () => {
    const snippet = '<script type="module">window.agencyStats = true;</script>';
    const html = loadScriptsAfterFirstPaint(HOME.replace('<link rel="stylesheet"', `${snippet}<link rel="stylesheet"`));
    expect(html).toContain(snippet);
    expect(html).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/home.js")]);',
    );
  });

  it('leaves a page without React Router scripts alone', () => {
    const bare = '<!DOCTYPE html><html><head></head><body><h1>Server error</h1></body></html>';
    expect(loadScriptsAfterFirstPaint(bare)).toBe(bare);
  });

  it('leaves a page alone when its module script imports something it does not know how to defer', () => {
    const unusual = HOME.replace('import * as route0', 'import "/assets/manifest.js";\nimport * as route0');
    expect(loadScriptsAfterFirstPaint(unusual)).toBe(unusual);
  });

  it('is idempotent: a rewritten page is not rewritten again', () => {
    const once = loadScriptsAfterFirstPaint(HOME);
    expect(loadScriptsAfterFirstPaint(once)).toBe(once);
  });

  it('loads exactly the modules the page loaded before, for any page', () => {
    const href = fc.stringMatching(/^\/assets\/[a-z][a-z0-9-]{0,12}\.js$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(href, { minLength: 1, maxLength: 25 }),
        fc.array(fc.uniqueArray(href, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
        fc.option(fc.stringMatching(/^[A-Za-z0-9+/]{8,24}$/), { nil: undefined }),
        (preloads, routeModules, nonce) => {
          const before = page({
            preloads,
            routes: routeModules.map((modules, index) => ({ name: `route${index}`, modules })),
            nonce,
          });
          const after = loadScriptsAfterFirstPaint(before);
          expect(new Set(moduleUrlsOf(after))).toEqual(new Set(moduleUrlsOf(before)));
          expect(after).not.toMatch(/<link[^>]*modulepreload/);
          expect(moduleScriptOf(after)).not.toMatch(/^\s*import\s+[^(]/m);
        },
      ),
    );
  });
});

describe('moduleUrlsOf', () => {
  it('lists preloaded and imported modules once each', () => {
    expect(moduleUrlsOf(HOME)).toEqual([
      '/assets/entry.client.js',
      '/assets/framework.js',
      '/assets/root.js',
      '/assets/home.js',
    ]);
  });
});
