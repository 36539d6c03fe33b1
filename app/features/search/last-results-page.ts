/** The last page of a result set when its total is exact; undefined when the count stopped at its cap. */
export function lastResultsPage(results: {
  pagination: { page_size: number };
  total: { count: number; isCapped: boolean };
}): number | undefined {
  if (results.total.isCapped) return undefined;
  return Math.max(1, Math.ceil(results.total.count / results.pagination.page_size));
}
