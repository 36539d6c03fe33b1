import type { BranchCard } from './branch-queries.server.ts';
import { telHref } from './branch-list.ts';

/** A branch card: name, address, sales and lettings numbers, email. */
export function BranchCardView({ branch, headingLevel = 2 }: { branch: BranchCard; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const sales = branch.branchSalesContactNumber ?? branch.branchContactNumber;
  const lettings = branch.branchLettingsContactNumber ?? branch.branchContactNumber;
  return (
    <article className="branch-card">
      <Heading className="branch-card__name">
        <a href={branch.branchUrl}>{branch.branchName}</a>
      </Heading>
      <address className="branch-card__address">{branch.address}</address>
      <dl className="branch-card__contacts">
        <div>
          <dt>Sales</dt>
          <dd>
            <a href={telHref(sales)}>{sales}</a>
          </dd>
        </div>
        <div>
          <dt>Lettings</dt>
          <dd>
            <a href={telHref(lettings)}>{lettings}</a>
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${branch.branchEmail}`}>{branch.branchEmail}</a>
          </dd>
        </div>
      </dl>
    </article>
  );
}
