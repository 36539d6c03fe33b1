import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, leads } from '../../db/schema/index.ts';
import { leadMatchCountQuery, leadPageQuery } from '../../app/features/lead-inbox/lead-inbox.server.ts';
import type { LeadFilters, LeadScope } from '../../app/features/lead-inbox/lead-inbox-model.ts';
import { insertStaffAccounts } from './leads-fixtures.ts';
import { createTestDatabase, rowsOf, type TestDatabase } from './test-database.ts';

/**
 * The inbox's indexes, proved: with enough leads for the planner to care (20,000 across 10 branches and a year),
 * every filter combination reads the leads through an index, never a scan of the whole table. The timings at
 * 100,000 leads are bench:leads' (docs/performance.md).
 */
let database: TestDatabase;
const OWNER: LeadScope = { allBranches: true, branchIds: [] };
const NEGOTIATOR: LeadScope = { allBranches: false, branchIds: [3] };
const MANAGER: LeadScope = { allBranches: false, branchIds: [2, 5, 7] };

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  for (let id = 1; id <= 10; id++) {
    await db.execute(sql`insert into branches (id, slug, name, address_line_1, town, county, country, postcode, location, contact_number, email)
      values (${id}, ${`branch-${id}`}, ${`Branch ${id}`}, '1 High Street', 'Bath', 'Somerset', 'england', 'BA1 1AA', point(-2.36, 51.38), '01632 960000', 'branch@agency.test')`);
  }
  await insertStaffAccounts(db, 20);
  await db.execute(sql`insert into ${leads} (kind, payload, email, branch_id, stage, assigned_staff_id, created_at)
    select (array['viewing','valuation','staff-enquiry','department-enquiry','new-homes','custom-form','send-to-friend'])[1 + g % 7],
      jsonb_build_object('lead_client', jsonb_build_object('first_name', 'Name' || g, 'last_name', (array['Smith','Jones','Patel','Khan'])[1 + g % 4],
        'tel_home', '07700 ' || lpad(g::text, 6, '0')), 'lead', jsonb_build_object('message', 'Message number ' || g)),
      'visitor' || g || '@example.com', 1 + (g * 7) % 10, (array['new','contacted','booked','closed','lost'])[1 + (g * 3) % 5],
      case when g % 2 = 0 then 1 + g % 20 end, now() - g * interval '25 minutes'
    from generate_series(1, 20000) g`);
  await db.execute(sql`insert into ${emailOutbox} (to_address, from_address, subject, text_body, related_kind, related_id)
    select 'staff@agency.test', 'site@agency.test', 'Lead', 'Body', 'lead', g from generate_series(1, 20000) g`);
  await db.execute(sql`vacuum analyze leads`);
  await db.execute(sql`vacuum analyze email_outbox`);
});

afterAll(async () => {
  await database?.dispose();
});

async function planOf(query: SQLWrapper): Promise<string> {
  const rows = rowsOf<Record<string, string>>(await database.db.execute(sql`explain ${query}`));
  return rows.map((row) => Object.values(row)[0]).join('\n');
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const combinations: [string, LeadScope, LeadFilters, string | RegExp][] = [
  ['owner, no filter', OWNER, {}, 'leads_created_idx'],
  ['negotiator (one branch)', NEGOTIATOR, {}, 'leads_branch_created_idx'],
  ['manager (three branches)', MANAGER, {}, /leads_(branch_)?created_idx/],
  ['kind', OWNER, { kind: 'valuation' }, /leads_(kind_)?created_idx/],
  ['stage', OWNER, { stage: 'lost' }, /leads_(stage_)?created_idx/],
  ['branch', OWNER, { branch: 4 }, 'leads_branch_created_idx'],
  ['assignee', OWNER, { assignee: 7 }, 'leads_assignee_created_idx'],
  ['unassigned', OWNER, { assignee: 'none' }, /leads_(assignee_)?created_idx/],
  ['a week', OWNER, { from: day(14), to: day(7) }, 'leads_created_idx'],
  ['a rare word', OWNER, { q: 'visitor1234@example.com' }, 'leads_search_idx'],
  ['phone digits', OWNER, { q: '07700001234' }, 'leads_search_idx'],
  ['negotiator + text', NEGOTIATOR, { q: 'name4321' }, /leads_search_idx|leads_branch_created_idx/],
  [
    'everything',
    NEGOTIATOR,
    { kind: 'viewing', stage: 'new', assignee: 3, from: day(200), to: day(1) },
    /leads_(branch_|assignee_|kind_|stage_)?created_idx/,
  ],
];

describe(`leads inbox query plans (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it.each(combinations)('reads a page for "%s" through an index', async (_name, scope, filters, index) => {
    const plan = await planOf(leadPageQuery(database.db, scope, filters, 1));
    expect(plan).not.toMatch(/Seq Scan on leads/);
    expect(plan).toMatch(index);
  });

  // Only searches by date or text are counted lead by lead; the other views read lead_counts.
  const countedByLead = combinations.filter(([, , filters]) => filters.from || filters.to || filters.q);
  it.each(countedByLead)('counts the matches for "%s" through an index', async (_name, scope, filters) => {
    const plan = await planOf(leadMatchCountQuery(database.db, scope, filters));
    expect(plan).not.toMatch(/Seq Scan on leads/);
  });

  it('walks the date index for a common word, whose matches fill a page at once', async () => {
    const plan = await planOf(leadPageQuery(database.db, OWNER, { q: 'smith' }, 1, true));
    expect(plan).toMatch(/Index Scan Backward using leads_created_idx/);
  });

  it('reads a deep page from the index alone', async () => {
    const plan = await planOf(leadPageQuery(database.db, OWNER, {}, 40));
    expect(plan).toMatch(/Index Only Scan Backward using leads_created_idx/);
  });

  it('finds the lead page’s lead and its emails by index', async () => {
    expect(await planOf(sql`select * from leads where id = 1234`)).toMatch(/leads_pkey/);
    expect(
      await planOf(
        sql`select * from email_outbox where (related_kind in ('lead', 'lead-confirmation', 'lead-assignment') and related_id = 1234) or (related_kind = 'form-submission' and related_id = 77)`,
      ),
    ).toMatch(/email_outbox_related_idx/);
  });
});
