import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { loader } from '../../app/routes/api/postcode-branch-lookup.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertValuationFixtures } from './valuation-fixtures.ts';

let database: TestDatabase;
let bathBranchId: number;
let yorkBranchId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  ({ bathBranchId, yorkBranchId } = await insertValuationFixtures(database.db));
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

async function lookUp(postcode: string | null) {
  const url = new URL('http://localhost/postcode_branch_lookup');
  if (postcode !== null) url.searchParams.set('postcode', postcode);
  const response = await loader({ request: new Request(url), params: {}, context: {} } as never);
  return { status: response.status, json: (await response.json()) as { branch: { id: number; name: string } | null } };
}

describe('GET /postcode_branch_lookup', () => {
  it('finds the nearest branch from the exact postcode of a known address', async () => {
    expect(await lookUp('BA2 4AB')).toEqual({ status: 200, json: { branch: { id: bathBranchId, name: 'Bath' } } });
  });

  it('falls back to the postcode district centroid, in any case and spacing', async () => {
    expect((await lookUp('ba27zz')).json.branch).toEqual({ id: bathBranchId, name: 'Bath' });
    expect((await lookUp('YO24 9QQ')).json.branch).toEqual({ id: yorkBranchId, name: 'York' });
    expect((await lookUp('YO24')).json.branch?.name).toBe('York');
  });

  it('answers 404 with no branch for a known district far from every branch, and for an unknown district', async () => {
    expect(await lookUp('TR1 2AB')).toEqual({ status: 404, json: { branch: null } });
    expect(await lookUp('SW1A 1AA')).toEqual({ status: 404, json: { branch: null } });
  });

  it('answers 422 to something that is not a postcode', async () => {
    for (const value of [null, '', 'hello world', '<script>', '9'.repeat(500)]) {
      const result = await lookUp(value);
      expect(result.status).toBe(422);
      expect(result.json.branch).toBeNull();
    }
  });
});
