/**
 * A page of the site takes a one-segment address that no other route answers (app/lib/page-paths.ts): the reserved
 * names must hold every first segment of the route table and every file the server answers from the site's root.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import routes from '../../app/routes.ts';
import { PAGE_SLUG, RESERVED_PAGE_SLUGS } from '../../app/lib/page-paths.ts';

type RouteEntry = { path?: string; children?: RouteEntry[] };

function routePaths(entries: readonly RouteEntry[], prefix = ''): string[] {
  return entries.flatMap((entry) => {
    const joined = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, '/');
    return [joined, ...routePaths(entry.children ?? [], joined)];
  });
}

describe('the reserved names', () => {
  it('hold every first segment of the route table that has a page name’s shape', () => {
    const firstSegments = new Set(
      routePaths(routes as unknown as RouteEntry[])
        .map((route) => route.split('/')[1] ?? '')
        .filter((segment) => PAGE_SLUG.test(segment)),
    );
    expect(firstSegments.size).toBeGreaterThan(15);
    for (const segment of firstSegments) expect(RESERVED_PAGE_SLUGS, segment).toContain(segment);
  });

  it('hold every file and folder the server answers from the site’s root', () => {
    const publicDir = path.resolve(import.meta.dirname, '../../public');
    for (const name of readdirSync(publicDir)) {
      if (PAGE_SLUG.test(name)) expect(RESERVED_PAGE_SLUGS, name).toContain(name);
    }
  });
});
