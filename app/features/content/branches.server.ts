import { asc } from 'drizzle-orm';
import { branches } from '../../../db/schema/index.ts';
import type { Database } from '../../lib/db.server.ts';

export async function listBranchOptions(db: Database): Promise<{ id: number; name: string }[]> {
  return db.select({ id: branches.id, name: branches.name }).from(branches).orderBy(asc(branches.name));
}
