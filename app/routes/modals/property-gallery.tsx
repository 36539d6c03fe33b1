import { data, useLocation } from 'react-router';
import type { Route } from './+types/property-gallery';
import { Modal } from '../../components/modal.tsx';
import { Gallery } from '../../features/properties/gallery.tsx';
import { isGalleryRouteKind, resolveGalleryView } from '../../features/properties/gallery-views.ts';
import { propertyPath } from '../../features/properties/property-links.ts';
import { getPropertyMediaForModal } from '../../features/properties/property-page.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { modalMeta } from './property-modal-meta.ts';

/** The gallery modal routes: property-images, floorplan, epc-chart, the event/history galleries and card expand. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = url.pathname.split('/')[3];
  const property = await getPropertyMediaForModal(getDb(), params.slug);
  if (!property || !isGalleryRouteKind(kind)) throw data('Property not found', { status: 404 });
  const view = resolveGalleryView(kind, property, {
    id: 'id' in params ? params.id : undefined,
    contentBlockId: 'contentBlockId' in params ? params.contentBlockId : undefined,
    image: url.searchParams.get('image'),
  });
  const result = { view, displayAddress: property.displayAddress };
  return view.isFound ? result : data(result, { status: 404 });
}

export const meta = modalMeta<Route.MetaArgs>((loaderData) =>
  loaderData ? `${loaderData.view.title} | ${loaderData.displayAddress}` : undefined,
);

export default function PropertyGalleryModal({ loaderData, params }: Route.ComponentProps) {
  const { view } = loaderData;
  const location = useLocation();
  return (
    <Modal title={view.title} closeTo={propertyPath(params.slug)} size={view.isFound ? 'full' : 'small'}>
      {view.isFound ? (
        <Gallery key={location.pathname} images={view.images} label={view.label} initialIndex={view.initialIndex} />
      ) : (
        <p className="modal-message">{view.message}</p>
      )}
    </Modal>
  );
}
