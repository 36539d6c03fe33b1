import { z } from 'zod';

/** Branch list state of spec point 3: search text, department filter (default all) and page. */
export type BranchListState = { q: string; department: string; page: number };

export const ALL_DEPARTMENTS = 'all';
/** Eight branches at most fit on two rows of the card grid; a larger agency pages through them. */
export const BRANCHES_PAGE_SIZE = 6;

// Built on first use, not at import: only the loader parses, and a schema built at import would keep zod in the
// browser bundle of every page that shows branch cards.
const paramsSchema = () =>
  z.object({
    q: z.string().trim().max(100).optional().catch(undefined),
    department: z
      .string()
      .trim()
      .regex(/^[a-z-]{1,40}$/)
      .optional()
      .catch(undefined),
    page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
  });

export function parseBranchListParams(params: URLSearchParams): BranchListState {
  const parsed = paramsSchema().parse(Object.fromEntries(params));
  return { q: parsed.q ?? '', department: parsed.department ?? ALL_DEPARTMENTS, page: parsed.page ?? 1 };
}

export function branchListHref(state: BranchListState): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.department !== ALL_DEPARTMENTS) params.set('department', state.department);
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `/branches?${query}` : '/branches';
}

export function telHref(telephone: string): string {
  return `tel:${telephone.replace(/[^\d+]/g, '')}`;
}
