/**
 * The dashboard's figures for a seeded set, per role: owners count every lead, managers and negotiators their
 * branches', editors none; the chart's days are UK days; emails show only to the roles that look after them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, importRuns, leads } from '../../db/schema/index.ts';
import { loadDashboard, leadsPerDayQuery } from '../../app/features/back-office/dashboard.server.ts';
import { chartDays } from '../../app/features/back-office/dashboard-model.ts';
import type { StaffPrincipal, StaffRole } from '../../app/features/staff/index.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { insertBranches } from './staff-fixtures.ts';

let database: TestDatabase;
/** A summer day (BST): 23:30 UTC on the 14th is already the 15th in the UK. */
const NOW = new Date('2026-06-15T12:00:00Z');
const BATH = 1;
const BRISTOL = 2;

const principal = (role: StaffRole, branchIds: number[] = []): StaffPrincipal => ({
  staffId: 1,
  email: 'someone@agency.example',
  name: 'Someone',
  role,
  branchIds,
});

async function insertProperty(
  slug: string,
  channel: 'sales' | 'lettings',
  extra: { withdrawn?: boolean; published?: boolean } = {},
) {
  await database.db
    .execute(sql`insert into properties (slug, reference, channel, status, display_address, address_line_1,
      town, county, county_slug, country, postcode, postcode_district, location, property_type, property_style,
      branch_id, photos, is_published, withdrawn_at)
    values (${slug}, ${slug}, ${channel}, 'available', '1 Mill Lane, Bath', '1 Mill Lane', 'Bath', 'Somerset',
      'somerset', 'england', 'BA1 2AB', 'BA1', point(-2.36, 51.38), 'house', 'Terraced house', 1, '[]'::jsonb,
      ${extra.published ?? true}, ${extra.withdrawn ? NOW.toISOString() : null})`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await insertBranches(db);
  const lead = (
    kind: (typeof leads.$inferInsert)['kind'],
    branchId: number | null,
    createdAt: string,
    stage: (typeof leads.$inferInsert)['stage'] = 'new',
  ) => ({ kind, branchId, payload: {}, email: 'a@example.com', createdAt: new Date(createdAt), stage });
  await db.insert(leads).values([
    lead('viewing', BATH, '2026-06-15T09:00:00Z'),
    lead('viewing', BATH, '2026-06-14T23:30:00Z', 'contacted'),
    lead('valuation', BRISTOL, '2026-06-10T10:00:00Z', 'booked'),
    lead('custom-form', null, '2026-06-01T10:00:00Z'),
    // Not an enquiry: never counted.
    lead('send-to-friend', BATH, '2026-06-15T10:00:00Z'),
    // Older than the chart, still open.
    lead('viewing', BATH, '2026-03-01T10:00:00Z'),
    lead('staff-enquiry', BATH, '2026-06-12T10:00:00Z', 'closed'),
    lead('new-homes', BRISTOL, '2026-06-13T10:00:00Z', 'lost'),
  ]);
  await insertProperty('sale-1', 'sales');
  await insertProperty('sale-2', 'sales');
  await insertProperty('sale-withdrawn', 'sales', { withdrawn: true });
  await insertProperty('let-1', 'lettings');
  await insertProperty('let-hidden', 'lettings', { published: false });
  const counts = { created: 3, updated: 1, unchanged: 5, withdrawn: 0, rejected: 1, warnings: 2 };
  await db.insert(importRuns).values([
    {
      source: 'blm',
      fileName: 'old.blm',
      status: 'applied',
      counts,
      recordCount: 10,
      startedAt: new Date('2026-06-14T01:00:00Z'),
      finishedAt: new Date('2026-06-14T01:01:00Z'),
    },
    {
      source: 'blm',
      fileName: 'latest.blm',
      status: 'refused',
      reason: 'The file is empty.',
      counts,
      recordCount: 0,
      startedAt: new Date('2026-06-15T01:00:00Z'),
      finishedAt: new Date('2026-06-15T01:00:05Z'),
    },
  ]);
  const email = (status: (typeof emailOutbox.$inferInsert)['status'], attempts: number) => ({
    toAddress: 'x@example.com',
    fromAddress: 'agency@example.com',
    subject: 'S',
    textBody: 'T',
    status,
    attempts,
  });
  await db
    .insert(emailOutbox)
    .values([
      email('pending', 0),
      email('pending', 0),
      email('pending', 3),
      email('sending', 1),
      email('failed', 79),
      email('failed', 79),
      email('sent', 1),
      email('stored', 1),
    ]);
});

afterAll(async () => {
  await database?.dispose();
});

const days = chartDays(NOW, 90);
const at = (day: string) => days.indexOf(day);

describe('the chart days', () => {
  it('are the 90 UK days up to today, oldest first', () => {
    expect(days).toHaveLength(90);
    expect(days.at(-1)).toBe('2026-06-15');
    expect(days[0]).toBe('2026-03-18');
    // Just after midnight in the UK (still the evening before in UTC) is already the next day.
    expect(chartDays(new Date('2026-06-15T23:30:00Z'), 1)).toEqual(['2026-06-16']);
    expect(chartDays(new Date('2026-12-31T23:30:00Z'), 1)).toEqual(['2026-12-31']);
  });
});

describe('loadDashboard', () => {
  it('gives an owner every lead, the listings, the last import and the emails', async () => {
    const figures = await loadDashboard(database.db, principal('owner'), NOW);
    const kinds = Object.fromEntries(figures.leads!.kinds.map((kind) => [kind.kind, kind]));
    expect(Object.keys(kinds)).not.toContain('send-to-friend');
    expect(kinds.viewing!.counts[at('2026-06-15')]).toBe(2);
    expect(kinds.viewing!.total).toBe(2);
    expect(kinds.valuation!.counts[at('2026-06-10')]).toBe(1);
    expect(kinds['custom-form']!.counts[at('2026-06-01')]).toBe(1);
    expect(kinds['staff-enquiry']!.total).toBe(1);
    expect(kinds['new-homes']!.total).toBe(1);
    expect(figures.leads!.open).toEqual([
      { stage: 'new', count: 3 },
      { stage: 'contacted', count: 1 },
      { stage: 'booked', count: 1 },
    ]);
    expect(figures.listings).toEqual([
      { channel: 'sales', count: 2 },
      { channel: 'lettings', count: 1 },
    ]);
    expect(figures.lastImport).toMatchObject({
      fileName: 'latest.blm',
      status: 'refused',
      reason: 'The file is empty.',
    });
    expect(figures.emails).toEqual({ queued: 3, retrying: 1, failed: 2 });
  });

  it("gives a manager their branches' leads only, and the emails", async () => {
    const figures = await loadDashboard(database.db, principal('manager', [BATH]), NOW);
    const totals = Object.fromEntries(figures.leads!.kinds.map((kind) => [kind.kind, kind.total]));
    expect(totals).toMatchObject({ viewing: 2, valuation: 0, 'custom-form': 0, 'staff-enquiry': 1, 'new-homes': 0 });
    expect(figures.leads!.open).toEqual([
      { stage: 'new', count: 2 },
      { stage: 'contacted', count: 1 },
      { stage: 'booked', count: 0 },
    ]);
    expect(figures.emails).toEqual({ queued: 3, retrying: 1, failed: 2 });
  });

  it("gives a negotiator their branch's leads and no email figures", async () => {
    const figures = await loadDashboard(database.db, principal('negotiator', [BRISTOL]), NOW);
    const totals = Object.fromEntries(figures.leads!.kinds.map((kind) => [kind.kind, kind.total]));
    expect(totals).toMatchObject({ viewing: 0, valuation: 1, 'new-homes': 1 });
    expect(figures.leads!.open).toEqual([
      { stage: 'new', count: 0 },
      { stage: 'contacted', count: 0 },
      { stage: 'booked', count: 1 },
    ]);
    expect(figures.emails).toBeNull();
  });

  it('gives a staff member without branches no leads', async () => {
    const figures = await loadDashboard(database.db, principal('negotiator', []), NOW);
    expect(figures.leads!.kinds.every((kind) => kind.total === 0)).toBe(true);
    expect(figures.leads!.open.every((row) => row.count === 0)).toBe(true);
  });

  it('gives an editor no lead or email figures, only listings and the last import', async () => {
    const figures = await loadDashboard(database.db, principal('editor'), NOW);
    expect(figures.leads).toBeNull();
    expect(figures.emails).toBeNull();
    expect(figures.listings).toHaveLength(2);
    expect(figures.lastImport?.fileName).toBe('latest.blm');
  });

  it('counts per day in one grouped query (the UK day is the same expression in select and group by)', async () => {
    const rows = await leadsPerDayQuery(database.db, { allBranches: true, branchIds: [] }, days[0]!);
    expect(rows.find((row) => row.kind === 'viewing' && row.day === '2026-06-15')?.count).toBe(2);
  });
});
