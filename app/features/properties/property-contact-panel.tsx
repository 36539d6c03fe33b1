/** The property page's contact panel: the staff member or office to ask, the enquiry modals, share and branch. */
import { ModalLink } from '../../components/modal-link.tsx';
import { ShareControl } from './material-information-view.tsx';
import type { PropertyPageViewProps } from './property-details-types.ts';
import { imageUrlWithSize } from './property-display.ts';
import { modalPath, propertyPath } from './property-links.ts';

export function ContactPanel({
  property,
  contact,
  branch,
}: Pick<PropertyPageViewProps, 'property' | 'contact' | 'branch'>) {
  const profile = contact.profile;
  return (
    <aside className="contact-panel" aria-labelledby="contact-title">
      <h2 id="contact-title">Contact us about this property</h2>
      {profile ? (
        <div className="contact-panel__profile">
          {profile.photo ? (
            <img
              src={imageUrlWithSize(profile.photo, 320)}
              alt=""
              width={72}
              height={72}
              loading="lazy"
              decoding="async"
              className="contact-panel__photo"
            />
          ) : null}
          <div>
            <p className="contact-panel__name">{profile.fullName}</p>
            <p className="contact-panel__job">{profile.jobTitle}</p>
            <p>
              <a href={`tel:${profile.telephoneNumber.replace(/\s+/g, '')}`}>{profile.telephoneNumber}</a>
            </p>
          </div>
        </div>
      ) : null}
      <ul className="contact-panel__actions">
        {!property.isNoLongerAvailable ? (
          <li>
            <ModalLink className="button button--primary" to={modalPath.bookViewing(property.slug)}>
              Book a viewing
            </ModalLink>
          </li>
        ) : null}
        {profile && contact.contactStaffHref ? (
          <li>
            <ModalLink
              className="button"
              to={`${propertyPath(property.slug)}/contact-staff-member/${profile.staffMemberId}`}
            >
              {`Contact ${profile.firstName}`}
            </ModalLink>
          </li>
        ) : null}
        <li>
          <ModalLink className="button" to={`${propertyPath(property.slug)}${contact.contactOfficeHref}`}>
            Contact office
          </ModalLink>
        </li>
        {property.featureTags.some((tag) => tag.toLowerCase() === 'new home') && !property.isNoLongerAvailable ? (
          <li>
            <ModalLink className="button" to={`/properties/${property.slug}/new-homes-enquiry`}>
              Register your interest
            </ModalLink>
          </li>
        ) : null}
      </ul>
      <p className="contact-panel__share">
        <ModalLink to={`${propertyPath(property.slug)}/send-to-friend`}>Send to a friend</ModalLink>
      </p>
      <ShareControl url={property.shareUrl} title={property.displayAddress} />
      <p className="contact-panel__share">
        <ModalLink to={`${propertyPath(property.slug)}/book-a-valuation`}>
          {property.channel === 'lettings'
            ? 'Thinking of letting? Book a valuation'
            : 'Thinking of selling? Book a valuation'}
        </ModalLink>
      </p>
      <div className="contact-panel__office">
        <p className="contact-panel__office-name">{contact.name}</p>
        <p>
          <span className="contact-panel__phone-label">{contact.telephoneLabel}: </span>
          <a href={`tel:${contact.telephone.replace(/\s+/g, '')}`}>{contact.telephone}</a>
        </p>
        <p>
          <a href={`mailto:${contact.email}`}>{contact.email}</a>
        </p>
        {contact.name !== `${branch.name} branch` ? (
          <p className="contact-panel__branch">{`${branch.name} branch, ${branch.address}`}</p>
        ) : (
          <p className="contact-panel__branch">{branch.address}</p>
        )}
        <p>
          <a href={`/branches/${branch.slug}`}>{`About the ${branch.name} branch`}</a>
        </p>
      </div>
    </aside>
  );
}
