import { describe, expect, it } from 'vitest';
import { parseLandingScope } from '../../features/search/landing-scope.ts';
import { loader } from './landing.tsx';

type LoaderArgs = Parameters<typeof loader>[0];

/** The loader's answer, thrown or returned, as React Router would send it. */
async function statusOf(path: string, params: Record<string, string>): Promise<number> {
  try {
    await loader({ request: new Request(`http://localhost${path}`), params, context: {} } as unknown as LoaderArgs);
    return 200;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
}

describe('a landing page whose country is the name of an Object member', () => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])(
    '/property-for-sale/%s is not found, like any other unknown country',
    async (country) => {
      expect(parseLandingScope({ country })).toBeNull();
      expect(await statusOf(`/property-for-sale/${country}`, { country })).toBe(404);
      expect(await statusOf(`/property-for-sale/${country}/somerset`, { country, county: 'somerset' })).toBe(404);
    },
  );

  it('still knows the three countries', () => {
    for (const country of ['england', 'scotland', 'wales']) {
      expect(parseLandingScope({ country })).toEqual({ kind: 'country', country });
    }
  });
});
