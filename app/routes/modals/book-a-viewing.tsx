import { data } from 'react-router';
import type { Route } from './+types/book-a-viewing';
import { Modal } from '../../components/modal.tsx';
import { takeLeadFormState } from '../../features/leads/lead-responses.server.ts';
import { getPropertyContact } from '../../features/leads/leads.server.ts';
import { ViewingForm } from '../../features/leads/viewing-form.tsx';
import { propertyPath } from '../../features/properties/property-links.ts';
import { getBotCheckConfig } from '../../features/spam/spam-protection.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { modalMeta } from './property-modal-meta.ts';

/**
 * /book-a-viewing (spec point 2, title 'Book a Viewing'): as a child of properties/:slug, or over the home page as
 * /book-a-viewing?property=<slug> (closing returns to /).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const slug = params.slug ?? new URL(request.url).searchParams.get('property') ?? '';
  const [contact, botCheck, formState] = await Promise.all([
    slug ? getPropertyContact(getDb(), { slug }) : Promise.resolve(null),
    getBotCheckConfig(),
    takeLeadFormState(context.session, 'viewing'),
  ]);
  const result = {
    property: contact
      ? {
          id: contact.property.id,
          slug: contact.property.slug,
          channel: contact.property.channel,
          displayAddress: contact.property.displayAddress,
        }
      : null,
    botCheck,
    formState,
  };
  return contact ? result : data(result, { status: 404 });
}

export const meta = modalMeta<Route.MetaArgs>((loaderData) =>
  loaderData?.property ? `Book a Viewing | ${loaderData.property.displayAddress}` : 'Book a Viewing',
);

export default function BookAViewingModal({ loaderData, params }: Route.ComponentProps) {
  const { property, botCheck, formState } = loaderData;
  const closeTo = params.slug ? propertyPath(params.slug) : '/';
  const returnTo = property
    ? params.slug
      ? `${propertyPath(property.slug)}/book-a-viewing`
      : `/book-a-viewing?property=${encodeURIComponent(property.slug)}`
    : closeTo;
  return (
    <Modal title="Book a Viewing" closeTo={closeTo} size="medium">
      {property ? (
        <ViewingForm
          key={property.id}
          property={property}
          botCheck={botCheck}
          returnTo={returnTo}
          closeTo={closeTo}
          initialErrors={formState?.errors}
          initialValues={formState?.values}
        />
      ) : (
        <p className="modal-message">
          We could not find that property. <a href="/search">Search for a property</a> and choose Book a viewing on its
          page.
        </p>
      )}
    </Modal>
  );
}
