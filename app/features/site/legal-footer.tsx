import type { LegalSettings } from '../../../db/schema/agency.ts';
import './legal-footer.css';

/**
 * The disclosures the law asks of an agency's website, from the agency's settings: company details (Companies
 * Act 2006), redress scheme, client money protection with its certificate, fees pages (Consumer Rights Act 2015
 * ss. 83–88) and the complaints procedure the redress schemes require.
 */
export function LegalFooter({ legal }: { legal: LegalSettings | null | undefined }) {
  if (!legal) return null;
  // The privacy policy is already linked in the footer's Legal list (one link per destination in the footer).
  const { pages } = legal;
  return (
    <section className="container legal-footer" aria-labelledby="legal-footer-title">
      <h2 id="legal-footer-title" className="visually-hidden">
        Company and regulatory information
      </h2>
      <ul className="legal-footer__links">
        <li>
          <a href={pages.landlordFees}>Fees for landlords</a>
        </li>
        <li>
          <a href={pages.tenantFees}>Fees for tenants</a>
        </li>
        <li>
          <a href={pages.complaints}>Complaints procedure</a>
        </li>
        <li>
          <a href={pages.cookies}>Cookie policy</a>
        </li>
      </ul>
      <p>
        {`${legal.registeredName}. ${legal.placeOfRegistration}, company number ${legal.companyNumber}. Registered office: ${legal.registeredOffice}.`}
        {legal.vatNumber ? ` VAT number ${legal.vatNumber}.` : null}
        {` ICO registration ${legal.icoRegistrationNumber}.`}
      </p>
      <p>
        {'Member of '}
        <a href={legal.redressScheme.url} rel="noopener noreferrer">
          {legal.redressScheme.name}
        </a>
        {` (redress scheme, membership number ${legal.redressScheme.membershipNumber}).`}
        {legal.clientMoneyProtection ? (
          <>
            {' Client money protection: '}
            {`${legal.clientMoneyProtection.scheme}, membership number ${legal.clientMoneyProtection.membershipNumber} `}
            <a href={legal.clientMoneyProtection.certificateUrl}>(view the certificate)</a>.
          </>
        ) : (
          ' We do not hold client money.'
        )}
        {legal.professionalMemberships.length > 0 ? (
          <>
            {' Professional memberships: '}
            {legal.professionalMemberships.map((membership, index) => (
              <span key={membership.name}>
                {index > 0 ? ', ' : null}
                <a href={membership.url} rel="noopener noreferrer">
                  {membership.name}
                </a>
              </span>
            ))}
            .
          </>
        ) : null}
      </p>
    </section>
  );
}
