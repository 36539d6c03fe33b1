import { data } from 'react-router';
import type { Route } from './+types/property-calculator';
import { Modal } from '../../components/modal.tsx';
import { areCalculatorsHidden } from '../../features/calculators/calculators-visibility.ts';
import { Calculators } from '../../features/calculators/calculators.tsx';
import { getSiteChrome } from '../../features/site/site-chrome.server.ts';
import { propertyPath } from '../../features/properties/property-links.ts';
import { getPropertyForCalculators } from '../../features/properties/property-page.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { modalMeta } from './property-modal-meta.ts';

/** /calculator: mortgage and stamp duty, not for lettings, unpriced, commercial or development listings. */
export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const [property, chrome] = await Promise.all([getPropertyForCalculators(db, params.slug), getSiteChrome(db)]);
  if (!property) throw data('Property not found', { status: 404 });
  const result = {
    isHidden: areCalculatorsHidden(property),
    price: property.priceValue ?? 0,
    country: property.country,
    displayAddress: property.displayAddress,
    interestRateDefault: chrome.theme.interestRateDefault,
    mortgageGuideUrl: chrome.theme.mortgageGuideUrl || '/mortgages',
  };
  return result.isHidden ? data(result, { status: 404 }) : result;
}

export const meta = modalMeta<Route.MetaArgs>((loaderData) =>
  loaderData ? `Mortgage and stamp duty calculators | ${loaderData.displayAddress}` : undefined,
);

export default function PropertyCalculatorModal({ loaderData, params }: Route.ComponentProps) {
  return (
    <Modal title="Calculators" closeTo={propertyPath(params.slug)} size="medium">
      {loaderData.isHidden ? (
        <p className="modal-message">
          The mortgage and stamp duty calculators are only available for homes for sale with a price.{' '}
          <a href={loaderData.mortgageGuideUrl}>Mortgage guide</a>
        </p>
      ) : (
        <Calculators
          price={loaderData.price}
          country={loaderData.country}
          interestRateDefault={loaderData.interestRateDefault}
          mortgageGuideUrl={loaderData.mortgageGuideUrl}
        />
      )}
    </Modal>
  );
}
