import type { Route } from './+types/listing-preview';
import { answeringHttpErrors } from '../../lib/http/http-error.ts';
import { listingPreviewLoader } from '../../features/listing-editor/listing-editor-routes.server.ts';
import { KeyFactsList, MaterialInformationSection } from '../../features/properties/material-information-view.tsx';
import { keyFacts, materialInformation } from '../../features/properties/material-information.ts';
import { priceDisplay, toParagraphs } from '../../features/properties/property-page.ts';
import '../../features/listing-editor/listing-editor.css';
import '../../features/properties/property-page.css';

/**
 * /admin/listings/:id/preview (owners, managers of its branch): the listing's words, price, key facts and material
 * information as the property page shows them, published or not, read by the same functions the page uses.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return answeringHttpErrors(request, async () => {
    const listing = await listingPreviewLoader(request, params.id);
    const price = priceDisplay(listing.channel, listing.priceValue, listing.priceQualifier);
    const input = { ...listing, country: listing.facts.nation, priceText: price.text };
    return {
      id: listing.id,
      displayAddress: listing.displayAddress,
      propertyStyle: listing.propertyStyle,
      isPublished: listing.isPublished,
      price: price.text,
      summary: listing.summary,
      paragraphs: toParagraphs(listing.description),
      features: listing.features,
      photos: listing.photos.slice(0, 6).map((photo) => ({ url: photo.url, imageAlt: photo.imageAlt })),
      keyFacts: keyFacts(input, price.pppw),
      groups: materialInformation(input),
    };
  });
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Preview: ${data?.displayAddress ?? 'Listing'} | Listings | Back office` },
];

export default function AdminListingPreviewRoute({ loaderData }: Route.ComponentProps) {
  const listing = loaderData;
  return (
    <div className="listing-preview">
      <p>
        <a href={`/admin/listings/${listing.id}`}>Back to the listing</a>
      </p>
      <p className="admin-notice" role="status">
        Preview:{' '}
        {listing.isPublished
          ? 'this is what visitors see now.'
          : 'visitors cannot see this listing until it is published.'}
      </p>
      <h1>{listing.displayAddress}</h1>
      <p>
        <strong>{listing.price}</strong> · {listing.propertyStyle}
      </p>
      {listing.photos.length > 0 ? (
        <div className="listing-preview__photos">
          {listing.photos.map((photo) => (
            <img key={photo.url} src={photo.url} alt={photo.imageAlt} />
          ))}
        </div>
      ) : null}
      <KeyFactsList facts={listing.keyFacts} />
      {listing.summary ? <p>{listing.summary}</p> : null}
      {listing.features.length > 0 ? (
        <ul>
          {listing.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      ) : null}
      {listing.paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
      <MaterialInformationSection groups={listing.groups} />
    </div>
  );
}
