import './filter-problems.css';

/** Why a list's filters could not all be used (a bad date, an unknown value), above the filters that are kept. */
export function FilterProblems({ errors }: { errors: readonly { field: string; message: string }[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="filter-problems" role="alert">
      <h2>There is a problem with the filters</h2>
      <ul>
        {errors.map((error) => (
          <li key={`${error.field}-${error.message}`}>{error.message}</li>
        ))}
      </ul>
    </div>
  );
}
