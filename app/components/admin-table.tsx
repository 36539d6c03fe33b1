import type { ReactNode } from 'react';

/** A column heading; `{ hidden }` names a column for screen readers only (the row's buttons). */
export type AdminTableColumn = string | { hidden: string };

/**
 * The back office's tables: a focusable scrolling region (a wide table scrolls sideways on a phone, and a region
 * that scrolls must take the keyboard focus, WCAG 2.1.1), a caption, and column headings. The caller gives the rows.
 */
export function AdminTable({
  label,
  caption,
  columns,
  className,
  children,
}: {
  /** The region's name, read as a landmark. */
  label: string;
  /** Read by screen readers only. */
  caption: ReactNode;
  columns: readonly AdminTableColumn[];
  className?: string;
  children: ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region needs focus (WCAG 2.1.1)
    <div className="admin-table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className={className ? `admin-table ${className}` : 'admin-table'}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.hidden} scope="col">
                  <span className="visually-hidden">{column.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
