import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox, leads } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { handleValuationLead } from '../../app/features/valuation/valuation-lead.server.ts';
import { BOT_CHECK_FAILED_MESSAGE } from '../../app/features/spam/spam-protection.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertValuationFixtures, testContext } from './valuation-fixtures.ts';

// The bot check itself is tested with the spam feature; here it answers "robot" to see what the lead does.
vi.mock('../../app/features/spam/spam-protection.server.ts', () => ({
  verifyBotCheck: vi.fn(async () => false),
}));

let database: TestDatabase;
let bathBranchId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  ({ bathBranchId } = await insertValuationFixtures(database.db));
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

describe('valuation lead with a failed bot check', () => {
  it('answers 422 with the bot-check message and stores nothing', async () => {
    const body = {
      authenticity_token: 'token',
      altcha: 'not-a-proof',
      lead_client: {
        first_name: 'Ann',
        last_name: 'Smith',
        email: 'ann@example.com',
        tel_home: '07700900123',
        street_address: '12 Orchard Road',
        town: 'Bath',
        postcode: 'BA2 4AB',
      },
      lead: { is_valuation_request: true, branch_id: bathBranchId, channel: 'selling' },
      marketing_preferences: { opt_in_terms: 'on' },
    };
    const response = await handleValuationLead({ db: database.db, body, context: testContext() });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: string }).error).toBe(BOT_CHECK_FAILED_MESSAGE);
    expect(await database.db.select().from(leads)).toHaveLength(0);
    expect(await database.db.select().from(emailOutbox)).toHaveLength(0);
  });
});
