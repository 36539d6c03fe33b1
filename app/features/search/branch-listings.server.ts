import type { Database } from '../../lib/db.server.ts';
import { toQueryParams } from './search-codec.ts';
import type { Channel } from './search-model.ts';
import { searchProperties } from './search-query.server.ts';
import { readSearchFromRequest } from './search-request.server.ts';

export type BranchListingLink = { channel: Channel; href: string; count: number; isCapped: boolean };

/**
 * A branch's 'See all' links, one per channel that has listings. Each count is the total of the very search its
 * link opens (same parsing, same default status, same query), so the number on the branch page is the number the
 * visitor then sees.
 */
export async function listBranchListingLinks(
  db: Database,
  branchId: number,
  themeDefaultStatus: string | null,
): Promise<BranchListingLink[]> {
  const links = await Promise.all(
    (['sales', 'lettings'] as const).map(async (channel) => {
      const href = `/search?channel=${channel}&branch_id=${branchId}`;
      const search = readSearchFromRequest(new URL(href, 'http://localhost'), themeDefaultStatus);
      const { total } = await searchProperties(db, search, { place: null });
      return { channel, href: `/search?${toQueryParams(search).toString()}`, ...total };
    }),
  );
  return links.filter((link) => link.count > 0);
}
