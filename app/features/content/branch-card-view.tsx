import type { BranchCard } from './branch-queries.server.ts';
import { branchPhoneLines } from '../properties/index.ts';
import { telHref } from './branch-list.ts';

/** A branch card: name, address, sales and lettings numbers, email. */
export function BranchCardView({ branch, headingLevel = 2 }: { branch: BranchCard; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const phones = branchPhoneLines({
    contactNumber: branch.branchContactNumber,
    salesContactNumber: branch.branchSalesContactNumber,
    lettingsContactNumber: branch.branchLettingsContactNumber,
  });
  return (
    <article className="branch-card">
      <Heading className="branch-card__name">
        <a href={branch.branchUrl}>{branch.branchName}</a>
      </Heading>
      <address className="branch-card__address">{branch.address}</address>
      <BranchContacts lines={[phones.sales, phones.lettings]} email={branch.branchEmail} />
    </article>
  );
}

/** A branch's telephone lines and email, as a card and the branch page list them. */
export function BranchContacts({ lines, email }: { lines: { label: string; telephone: string }[]; email: string }) {
  return (
    <dl className="branch-card__contacts">
      {lines.map((line) => (
        <div key={line.label}>
          <dt>{line.label}</dt>
          <dd>
            <a href={telHref(line.telephone)}>{line.telephone}</a>
          </dd>
        </div>
      ))}
      <div>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${email}`}>{email}</a>
        </dd>
      </div>
    </dl>
  );
}
