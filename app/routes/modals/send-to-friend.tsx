import { data } from 'react-router';
import type { Route } from './+types/send-to-friend';
import { Modal } from '../../components/modal.tsx';
import { takeLeadFormState } from '../../features/leads/lead-responses.server.ts';
import { getPropertyContact } from '../../features/leads/leads.server.ts';
import { SendToFriendForm } from '../../features/leads/send-to-friend-form.tsx';
import { propertyPath } from '../../features/properties/property-links.ts';
import { getBotCheckConfig } from '../../features/spam/spam-protection.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { modalMeta } from './property-modal-meta.ts';

/** /properties/:slug/send-to-friend: email this property's link to a friend (POST /user/send_to_friend). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const [contact, botCheck, formState] = await Promise.all([
    getPropertyContact(getDb(), { slug: params.slug }),
    getBotCheckConfig(),
    takeLeadFormState(context.session, 'send-to-friend'),
  ]);
  if (!contact) throw data('Property not found', { status: 404 });
  return {
    property: { id: contact.property.id, displayAddress: contact.property.displayAddress },
    botCheck,
    formState,
  };
}

export const meta = modalMeta<Route.MetaArgs>((loaderData) =>
  loaderData ? `Send to a friend | ${loaderData.property.displayAddress}` : undefined,
);

export default function SendToFriendModal({ loaderData, params }: Route.ComponentProps) {
  const closeTo = propertyPath(params.slug);
  return (
    <Modal title="Send to a friend" closeTo={closeTo} size="medium">
      <SendToFriendForm
        property={loaderData.property}
        botCheck={loaderData.botCheck}
        returnTo={`${closeTo}/send-to-friend`}
        closeTo={closeTo}
        initialErrors={loaderData.formState?.errors}
        initialValues={loaderData.formState?.values}
      />
    </Modal>
  );
}
