import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../lib/db.server.ts';
import type { ExposuresInput, PropertyViewInput } from './tracking.ts';

/** One statement; unknown property ids insert nothing (no foreign-key error). Returns whether a row was stored. */
export async function recordPropertyView(db: Database, input: PropertyViewInput): Promise<boolean> {
  const result = await db.execute(sql`
    insert into property_views (property_id, domain)
    select id, ${input.domain} from properties where id = ${input.property_id}
    returning id`);
  return rowsOf(result).length > 0;
}

/** All exposures of one batch in one statement, skipping ids that are not properties. Returns the rows stored. */
export async function recordExposures(db: Database, input: ExposuresInput): Promise<number> {
  const ids = [...new Set(input.property_ids)];
  const result = await db.execute(sql`
    insert into exposures (property_id, domain, event_type)
    select id, ${input.domain}, ${input.event_type} from properties
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    returning id`);
  return rowsOf(result).length;
}
