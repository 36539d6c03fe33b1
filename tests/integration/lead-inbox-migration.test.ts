import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../app/lib/db.server.ts';

/**
 * The inbox's migration on a database that already holds custom form submissions and leads: each submission becomes
 * a 'custom-form' lead, and lead_counts starts with the existing leads counted. On PGlite only (the migration's SQL
 * is the same on PostgreSQL, which the other integration tests migrate from empty).
 */
let folder: string;
const client = new PGlite();

afterAll(async () => {
  await client.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

type Journal = { entries: { tag: string }[] };

describe('the leads_inbox migration', () => {
  it('turns earlier form submissions into leads and counts the leads already there', async () => {
    // The migrations as they were before this one.
    folder = await mkdtemp(path.join(tmpdir(), 'doorstep-migrations-'));
    await cp(migrationsFolder, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalPath, 'utf8')) as Journal;
    const index = journal.entries.findIndex((entry) => entry.tag.endsWith('_leads_inbox'));
    expect(index).toBeGreaterThan(0);
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folder });

    await db.execute(sql`insert into form_definitions (slug, title, html_form_id, form_elements, recipient_email)
      values ('landlord-enquiry', 'Landlord enquiry', 'landlord', ${JSON.stringify([
        { fieldName: 'name', friendlyName: 'Name', required: true, inputType: 'text', fieldPosition: 'half' },
        { fieldName: 'email', friendlyName: 'Email', required: true, inputType: 'email', fieldPosition: 'half' },
      ])}::jsonb, 'lettings@agency.test')`);
    await db.execute(sql`insert into form_submissions (form_definition_id, values, ip_address, created_at) values
      (1, '{"name": "Ann", "email": "ann@example.com"}', '203.0.113.9', '2026-01-02T10:00:00Z'),
      (1, '{"name": "Bob", "email": ""}', '203.0.113.9', '2026-01-03T10:00:00Z')`);
    await db.execute(sql`insert into leads (kind, payload, email) values
      ('viewing', '{}', 'v@example.com'), ('viewing', '{}', 'w@example.com'), ('send-to-friend', '{}', null)`);

    await migrate(db, { migrationsFolder });

    const customFormLeads = (
      await db.execute(sql`select kind, email, payload, recipient_email, created_at = '2026-01-02T10:00:00Z' as is_original_time, form_submission_id, stage
        from leads where kind = 'custom-form' order by form_submission_id`)
    ).rows;
    expect(customFormLeads).toEqual([
      {
        kind: 'custom-form',
        email: 'ann@example.com',
        payload: { name: 'Ann', email: 'ann@example.com' },
        recipient_email: 'lettings@agency.test',
        is_original_time: true,
        form_submission_id: 1,
        stage: 'new',
      },
      expect.objectContaining({ email: null, form_submission_id: 2 }),
    ]);
    const counts = (
      await db.execute(
        sql`select kind, stage, sum(count)::int as count from lead_counts group by kind, stage order by kind`,
      )
    ).rows;
    expect(counts).toEqual([
      { kind: 'custom-form', stage: 'new', count: 2 },
      { kind: 'send-to-friend', stage: 'new', count: 1 },
      { kind: 'viewing', stage: 'new', count: 2 },
    ]);

    // From here on the trigger keeps the counts.
    await db.execute(sql`update leads set stage = 'contacted' where email = 'v@example.com'`);
    await db.execute(sql`delete from leads where email = 'w@example.com'`);
    const viewing = (
      await db.execute(sql`select stage, count from lead_counts where kind = 'viewing' and count > 0 order by stage`)
    ).rows;
    expect(viewing).toEqual([{ stage: 'contacted', count: 1 }]);
  });
});
