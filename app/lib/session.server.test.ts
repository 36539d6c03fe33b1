import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/integration/test-database.ts';
import { newSessionId, VisitorSession } from './session.server.ts';

const options = { secure: false, idleMinutes: 30, absoluteDays: 30 };

describe('VisitorSession', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('lets concurrent readers (parallel loaders) all see the stored data', async () => {
    const id = newSessionId();
    const writer = new VisitorSession(id, true, () => database.db, options);
    await writer.set('form', { errors: ['Please enter a valid email'] });
    const reader = new VisitorSession(id, false, () => database.db, options);
    const [userId, form, again] = await Promise.all([reader.getUserId(), reader.get('form'), reader.get('form')]);
    expect(userId).toBeNull();
    expect(form).toEqual({ errors: ['Please enter a valid email'] });
    expect(again).toEqual(form);
  });
});
