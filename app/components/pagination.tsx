/** Real `<a href>` pagination (crawlable, works without JavaScript). */
export function Pagination({
  page,
  hasPrev,
  hasNext,
  hrefFor,
  lastPage,
  label = 'Pagination',
}: {
  page: number;
  hasPrev: boolean;
  hasNext: boolean;
  /** The last page when the total is known; otherwise only the next page is known to exist. */
  lastPage?: number;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (!hasPrev && !hasNext) return null;
  const pages: number[] = [];
  // Only pages known to exist are offered: a link to an empty page would answer 404.
  const upper = Math.min(page + 2, lastPage ?? (hasNext ? page + 1 : page));
  for (let candidate = Math.max(1, page - 2); candidate <= upper; candidate++) pages.push(candidate);
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        <li>
          {hasPrev ? (
            <a href={hrefFor(page - 1)} rel="prev">
              Previous
            </a>
          ) : (
            <span aria-disabled="true">Previous</span>
          )}
        </li>
        {pages.map((candidate) =>
          candidate === page ? (
            <li key={candidate}>
              <span aria-current="page">
                <span className="visually-hidden">Page </span>
                {candidate}
              </span>
            </li>
          ) : candidate < page || hasNext ? (
            <li key={candidate}>
              <a href={hrefFor(candidate)}>
                <span className="visually-hidden">Page </span>
                {candidate}
              </a>
            </li>
          ) : null,
        )}
        <li>
          {hasNext ? (
            <a href={hrefFor(page + 1)} rel="next">
              Next
            </a>
          ) : (
            <span aria-disabled="true">Next</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
