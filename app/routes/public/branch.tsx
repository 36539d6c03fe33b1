import { data } from 'react-router';
import type { Route } from './+types/branch';
import { BranchMap } from '../../features/content/branch-map.tsx';
import { BranchContacts } from '../../features/content/branch-card-view.tsx';
import { telHref } from '../../features/content/branch-list.ts';
import { getBranchBySlug } from '../../features/content/branch-queries.server.ts';
import { jsonLdMeta, openGraphMeta } from '../../features/content/open-graph.ts';
import { getSiteChrome } from '../../features/site/site-chrome.server.ts';
import { SaveablePropertyCard } from '../../features/saved/saveable-property-card.tsx';
import { describeOpeningHours } from '../../features/content/opening-hours.ts';
import { OpeningHoursSection } from '../../features/content/opening-hours-view.tsx';
import { imageUrlWithSize } from '../../features/properties/property-display.ts';
import { branchPhoneLines } from '../../features/properties/index.ts';
import { getDb } from '../../lib/db.server.ts';
import { listBranchListingLinks } from '../../features/search/branch-listings.server.ts';
import { resultCountText } from '../../features/search/search-options.ts';
import { getEnv } from '../../lib/env.server.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = getDb();
  const [branch, chrome] = await Promise.all([getBranchBySlug(db, params.slug), getSiteChrome(db)]);
  if (!branch) throw data('Branch not found', { status: 404 });
  const listingLinks = await listBranchListingLinks(db, branch.id, chrome.theme.preferences.defaultSearchStatus);
  return {
    branch,
    listingLinks,
    hours: branch.openingHours ? describeOpeningHours(branch.openingHours, branch.timeZone, new Date()) : null,
    agencyName: chrome.agencyName,
    logo: chrome.logo,
    tileUrl: getEnv().MAP_TILE_URL,
    origin: context.origin,
    canonical: `${context.origin}${branch.branchUrl}`,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { branch, canonical, origin, agencyName } = loaderData;
  const title = `${branch.branchName} estate agents | ${agencyName}`;
  const phones = branchPhoneLines(branchNumbers(branch));
  const description = `${branch.branchName}, ${branch.address}. Sales ${phones.sales.telephone}, lettings ${phones.lettings.telephone}.`;
  const absolute = (url: string) => (url.startsWith('http') ? url : `${origin}${url}`);
  return [
    { title },
    ...openGraphMeta({ title, description, url: canonical }),
    { tagName: 'link', rel: 'canonical', href: canonical },
    jsonLdMeta({
      '@context': 'https://schema.org',
      '@type': 'RealEstateAgent',
      '@id': `${canonical}#agent`,
      name: branch.branchName,
      url: canonical,
      image: absolute(loaderData.logo),
      logo: absolute(loaderData.logo),
      telephone: branch.branchContactNumber,
      email: branch.branchEmail,
      description: branch.description || undefined,
      parentOrganization: { '@type': 'Organization', name: agencyName, url: `${origin}/` },
      address: {
        '@type': 'PostalAddress',
        streetAddress: branch.streetAddress,
        addressLocality: branch.town,
        addressRegion: branch.county,
        postalCode: branch.postcode,
        addressCountry: 'GB',
      },
      geo: { '@type': 'GeoCoordinates', latitude: branch.location.lat, longitude: branch.location.lng },
      ...(loaderData.hours ? { openingHoursSpecification: loaderData.hours.specification } : {}),
      department: branch.departments.map((department) => ({
        '@type': 'RealEstateAgent',
        name: department.name,
        telephone: department.telephone,
        email: department.email,
      })),
      employee: branch.staff.map((staff) => ({
        '@type': 'Person',
        name: `${staff.firstName} ${staff.surname}`,
        jobTitle: staff.jobTitle,
        ...(staff.photo ? { image: absolute(imageUrlWithSize(staff.photo, 320)) } : {}),
      })),
    }),
    jsonLdMeta({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
        { '@type': 'ListItem', position: 2, name: 'Branches', item: `${origin}/branches` },
        { '@type': 'ListItem', position: 3, name: branch.branchName, item: canonical },
      ],
    }),
  ];
}

function branchNumbers(branch: Route.ComponentProps['loaderData']['branch']) {
  return {
    contactNumber: branch.branchContactNumber,
    salesContactNumber: branch.branchSalesContactNumber,
    lettingsContactNumber: branch.branchLettingsContactNumber,
  };
}

export default function BranchPage({ loaderData }: Route.ComponentProps) {
  const { branch, tileUrl, listingLinks } = loaderData;
  const phones = branchPhoneLines(branchNumbers(branch));
  return (
    <div className="container branch-page">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <a href="/">Home</a>
          </li>
          <li>
            <a href="/branches">Branches</a>
          </li>
          <li aria-current="page">{branch.branchName}</li>
        </ol>
      </nav>
      <h1>{branch.branchName}</h1>
      <div className="branch-page__intro">
        <div>
          {branch.description ? <p className="branch-page__description">{branch.description}</p> : null}
          <address className="branch-page__address">{branch.address}</address>
          <BranchContacts lines={[phones.office, phones.sales, phones.lettings]} email={branch.branchEmail} />
        </div>
        <BranchMap
          lat={branch.location.lat}
          lng={branch.location.lng}
          name={branch.branchName}
          tileUrl={tileUrl}
          address={branch.address}
        />
      </div>

      {loaderData.hours ? <OpeningHoursSection hours={loaderData.hours} /> : null}

      <section aria-labelledby="branch-departments" className="branch-section">
        <h2 id="branch-departments">Departments</h2>
        <ul className="department-grid">
          {branch.departments.map((department) => (
            <li key={department.id} className="department-card">
              <h3>{department.label}</h3>
              <p>
                <a href={telHref(department.telephone)}>
                  <span className="visually-hidden">{department.label} telephone </span>
                  {department.telephone}
                </a>
                <br />
                <a href={`mailto:${department.email}`}>{department.email}</a>
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="branch-staff" className="branch-section">
        <h2 id="branch-staff">Meet the team</h2>
        <ul className="staff-grid">
          {branch.staff.map((staff) => {
            const fullName = `${staff.firstName} ${staff.surname}`;
            return (
              <li key={staff.staffMemberId} className="staff-card">
                {staff.photo ? (
                  <img
                    src={imageUrlWithSize(staff.photo, 320)}
                    alt=""
                    width={96}
                    height={96}
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <span className="staff-card__initials" aria-hidden="true">
                    {staff.firstName.charAt(0)}
                    {staff.surname.charAt(0)}
                  </span>
                )}
                <div>
                  <h3>{fullName}</h3>
                  <p className="staff-card__role">{staff.jobTitle}</p>
                  <a href={`/contact-staff-member/${staff.staffMemberId}`}>
                    Contact<span className="visually-hidden"> {fullName}</span>
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="branch-properties" className="branch-section">
        <h2 id="branch-properties">Properties from {branch.branchName}</h2>
        {branch.latestProperties.length > 0 ? (
          <div className="card-grid">
            {branch.latestProperties.map((card) => (
              <SaveablePropertyCard key={card.property_id} card={card} />
            ))}
          </div>
        ) : (
          <p>This branch has no properties on the market at the moment.</p>
        )}
        {listingLinks.length > 0 ? (
          <p className="branch-section__links">
            {listingLinks.map((link) => (
              <a key={link.channel} className="button" href={link.href}>
                {`See all ${resultCountText(link.count, link.isCapped, link.channel)} from ${branch.branchName}`}
              </a>
            ))}
          </p>
        ) : null}
      </section>
    </div>
  );
}
