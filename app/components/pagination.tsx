/** Real `<a href>` pagination (crawlable, works without JavaScript). */
export function Pagination({
  page,
  hasPrev,
  hasNext,
  hrefFor,
  label = 'Pagination',
}: {
  page: number;
  hasPrev: boolean;
  hasNext: boolean;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  if (!hasPrev && !hasNext) return null;
  const pages: number[] = [];
  for (let candidate = Math.max(1, page - 2); candidate <= page + (hasNext ? 2 : 0); candidate++) pages.push(candidate);
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
