import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, valuationBookings } from '../../db/schema/index.ts';
import { setDatabaseHandle } from '../../app/lib/db.server.ts';
import { loader } from '../../app/routes/modals/book-a-valuation.tsx';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertValuationFixtures } from './valuation-fixtures.ts';

let database: TestDatabase;
let bathBranchId: number;
let yorkBranchId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabaseHandle(database);
  ({ bathBranchId, yorkBranchId } = await insertValuationFixtures(database.db));
  const [lead] = await database.db
    .insert(leads)
    .values({ kind: 'valuation', payload: {}, ipAddress: '192.0.2.1' })
    .returning({ id: leads.id });
  await database.db.insert(valuationBookings).values([
    { leadId: lead!.id, branchId: bathBranchId, bookingDate: '2030-05-14', timeSlots: ['10:00'] },
    { leadId: lead!.id, branchId: bathBranchId, bookingDate: '2030-05-14', timeSlots: ['15:00'] },
    // A group window holds no slot; other days and branches do not count.
    { leadId: lead!.id, branchId: bathBranchId, bookingDate: '2030-05-14', timeSlots: ['9:00', '10:00', '11:00'] },
    { leadId: lead!.id, branchId: bathBranchId, bookingDate: '2030-05-15', timeSlots: ['12:00'] },
    { leadId: lead!.id, branchId: yorkBranchId, bookingDate: '2030-05-14', timeSlots: ['13:00'] },
  ]);
});

afterAll(async () => {
  setDatabaseHandle(undefined);
  await database?.dispose();
});

async function load(query: string) {
  const request = new Request(`http://localhost/book-a-valuation${query}`);
  return (await loader({ request, params: {}, context: {} } as never)) as Awaited<ReturnType<typeof loader>>;
}

describe('/book-a-valuation loader: booked slots for step 2', () => {
  it('lists the single-slot bookings of a branch for a day', async () => {
    const result = await load(`?branch_id=${bathBranchId}&date=2030-05-14`);
    expect(result.taken?.branchId).toBe(bathBranchId);
    expect(result.taken?.date).toBe('2030-05-14');
    expect([...(result.taken?.slots ?? [])].sort()).toEqual(['10:00', '15:00']);
    expect((await load(`?branch_id=${yorkBranchId}&date=2030-05-14`)).taken?.slots).toEqual(['13:00']);
  });

  it('asks nothing without a valid branch and date, and starts the form on Selling over the home page', async () => {
    for (const query of [
      '',
      '?branch_id=abc&date=2030-05-14',
      `?branch_id=${bathBranchId}&date=2030-02-31`,
      '?date=x',
    ]) {
      const result = await load(query);
      expect(result.taken).toBeNull();
      expect(result.defaultChannel).toBe('selling');
      expect(result.closeTo).toBe('/');
    }
  });
});
