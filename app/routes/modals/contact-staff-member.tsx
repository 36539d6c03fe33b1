import { data } from 'react-router';
import type { Route } from './+types/contact-staff-member';
import { Modal } from '../../components/modal.tsx';
import { ContactLeadForm } from '../../features/leads/contact-lead-form.tsx';
import { idOf } from '../../features/leads/lead-request.ts';
import { takeLeadFormState } from '../../features/leads/lead-responses.server.ts';
import { getPropertyContact, getStaffMemberForContact } from '../../features/leads/leads.server.ts';
import { propertyPath } from '../../features/properties/property-links.ts';
import { imageUrlWithSize } from '../../features/properties/property-display.ts';
import { getBotCheckConfig } from '../../features/spam/spam-protection.server.ts';
import { getDb } from '../../lib/db.server.ts';
import { modalMeta } from './property-modal-meta.ts';

/**
 * /contact-staff-member/:id (spec point 2, title 'Contact {first name} {surname}'): over the home page, or as a
 * child of properties/:slug so the enquiry is about that property.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = getDb();
  const staffId = idOf(params.id);
  const url = new URL(request.url);
  const propertyId = idOf(url.searchParams.get('property_id'));
  const [staffMember, contact, botCheck, formState] = await Promise.all([
    staffId ? getStaffMemberForContact(db, staffId) : Promise.resolve(null),
    params.slug
      ? getPropertyContact(db, { slug: params.slug })
      : propertyId
        ? getPropertyContact(db, { id: propertyId })
        : Promise.resolve(null),
    getBotCheckConfig(),
    takeLeadFormState(context.session, 'staff'),
  ]);
  if (!staffMember) throw data('Staff member not found', { status: 404 });
  const property = contact
    ? {
        id: contact.property.id,
        slug: contact.property.slug,
        channel: contact.property.channel,
        displayAddress: contact.property.displayAddress,
      }
    : null;
  return {
    staffMember: {
      id: staffMember.id,
      firstName: staffMember.firstName,
      surname: staffMember.surname,
      jobTitle: staffMember.jobTitle,
      telephoneNumber: staffMember.telephoneNumber,
      photoUrl: staffMember.photoUrl ? imageUrlWithSize(staffMember.photoUrl, 320) : null,
      branchName: staffMember.branchName,
    },
    property,
    botCheck,
    formState,
  };
}

export const meta = modalMeta<Route.MetaArgs>((loaderData) =>
  loaderData ? `Contact ${loaderData.staffMember.firstName} ${loaderData.staffMember.surname}` : undefined,
);

export default function ContactStaffMemberModal({ loaderData, params }: Route.ComponentProps) {
  const { staffMember, property, botCheck, formState } = loaderData;
  const fullName = `${staffMember.firstName} ${staffMember.surname}`;
  const closeTo = params.slug ? propertyPath(params.slug) : '/';
  const returnTo = params.slug
    ? `${propertyPath(params.slug)}/contact-staff-member/${staffMember.id}`
    : `/contact-staff-member/${staffMember.id}${property ? `?property_id=${property.id}` : ''}`;
  const leadFields: Record<string, string> = {
    'lead[agency_employee_id]': String(staffMember.id),
    'lead[channel]': property?.channel ?? 'sales',
  };
  if (property) leadFields['lead[property_id]'] = String(property.id);
  return (
    <Modal title={`Contact ${fullName}`} closeTo={closeTo} size="medium">
      <ContactLeadForm
        key={`${staffMember.id}-${property?.id ?? ''}`}
        formName="contact-staff-member"
        recipient={{
          name: fullName,
          detail: [staffMember.jobTitle, staffMember.branchName ? `${staffMember.branchName} branch` : null]
            .filter(Boolean)
            .join(', '),
          telephone: staffMember.telephoneNumber,
          photoUrl: staffMember.photoUrl,
        }}
        leadFields={leadFields}
        intro={
          property
            ? `Send ${staffMember.firstName} a message about ${property.displayAddress}.`
            : `Send ${staffMember.firstName} a message and they will get back to you.`
        }
        botCheck={botCheck}
        returnTo={returnTo}
        successTo={closeTo}
        closeTo={closeTo}
        initialErrors={formState?.errors}
        initialValues={formState?.values}
      />
    </Modal>
  );
}
