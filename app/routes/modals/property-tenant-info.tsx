import { data } from 'react-router';
import type { Route } from './+types/property-tenant-info';
import { Modal } from '../../components/modal.tsx';
import { propertyPath } from '../../features/properties/property-links.ts';
import { toParagraphs } from '../../features/properties/property-page.ts';
import { getPropertyTenantInfo } from '../../features/properties/property-page.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { modalMeta } from './property-modal-meta.ts';
import '../../features/properties/property-modals.css';

/** /tenant-info: the tenant fees text, only for a lettings property that has one (spec point 2). */
export async function loader({ params }: Route.LoaderArgs) {
  const property = await getPropertyTenantInfo(getDb(), params.slug);
  if (!property) throw data('Property not found', { status: 404 });
  const paragraphs =
    property.channel === 'lettings' && property.lettingsFeeText ? toParagraphs(property.lettingsFeeText) : [];
  const result = { paragraphs, displayAddress: property.displayAddress, isLettings: property.channel === 'lettings' };
  return paragraphs.length > 0 ? result : data(result, { status: 404 });
}

export const meta = modalMeta<Route.MetaArgs>((loaderData) =>
  loaderData ? `Tenant information | ${loaderData.displayAddress}` : undefined,
);

export default function PropertyTenantInfoModal({ loaderData, params }: Route.ComponentProps) {
  return (
    <Modal title="Tenant information" closeTo={propertyPath(params.slug)} size="medium">
      {loaderData.paragraphs.length > 0 ? (
        <div className="tenant-info">
          {loaderData.paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      ) : (
        <p className="modal-message">
          {loaderData.isLettings
            ? 'There is no tenant fee information for this property.'
            : 'Tenant information is only given for properties to rent.'}
        </p>
      )}
    </Modal>
  );
}
