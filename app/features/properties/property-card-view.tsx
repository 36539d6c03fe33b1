import { useEffect, type ReactNode } from 'react';
import type { PropertyCard } from './property-card.ts';
import { queueExposure } from './tracking-client.ts';
import './property-card.css';

/** Photo count and the floorplan, video and tour markers shown over the card's photo. */
function mediaMarkers(card: PropertyCard): string[] {
  const markers: string[] = [];
  if (card.photoCount > 0) markers.push(`${card.photoCount} ${card.photoCount === 1 ? 'photo' : 'photos'}`);
  if (card.floorplanCount > 0) markers.push('Floorplan');
  if (card.hasVideo) markers.push('Video');
  if (card.hasTour) markers.push('Virtual tour');
  return markers;
}

function RoomCount({ count, singular, plural }: { count: number; singular: string; plural: string }) {
  if (count <= 0) return null;
  return (
    <li>
      <span aria-hidden="true" className="room-count__number">
        {count}
      </span>
      <span aria-hidden="true" className="room-count__label">
        {count === 1 ? singular : plural}
      </span>
      <span className="visually-hidden">{`${count} ${count === 1 ? singular : plural}`}</span>
    </li>
  );
}

/**
 * Spec point 2 'Property card': image (408x250), price, address, rooms, tags and a save toggle. The toggle comes in
 * as `saveToggle` (pages use the saved feature's SaveablePropertyCard, which builds on this view).
 */
export function PropertyCardView({
  card,
  isPriority = false,
  saveToggle,
}: {
  card: PropertyCard;
  isPriority?: boolean;
  saveToggle: ReactNode;
}) {
  const photo = card.photos[0];
  // Every card shown counts as an exposure; the cards of one render go out in one batch after load.
  useEffect(() => queueExposure(card.property_id), [card.property_id]);
  const priceMatch = /^(.*?)(£.*)$/.exec(card.price);
  const qualifier = priceMatch?.[1]?.trim() ?? '';
  const amount = priceMatch?.[2] ?? card.price;
  return (
    <article className="property-card">
      <div className="property-card__media">
        {photo ? (
          <img
            src={photo.card_url}
            srcSet={`${photo.card_url} 1x, ${photo.card_url_2x} 2x`}
            width={408}
            height={250}
            alt={photo.imageAlt}
            loading={isPriority ? 'eager' : 'lazy'}
            fetchPriority={isPriority ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <div className="property-card__no-image">No image</div>
        )}
        <ul className="property-card__tags" aria-label="Property status">
          {card.isNewListing ? <li className="tag tag--new">NEW Listing!</li> : null}
          {card.statusTags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
          {card.isReduced ? <li className="tag tag--reduced">Reduced</li> : null}
        </ul>
        {mediaMarkers(card).length > 0 ? (
          <ul className="property-card__markers" aria-label="Photos and media">
            {mediaMarkers(card).map((marker) => (
              <li key={marker}>{marker}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="property-card__body">
        <p className="property-card__price">
          {qualifier ? <span className="property-card__qualifier">{qualifier} </span> : null}
          <span className="property-card__amount">{amount}</span>
          {card.pppw_price ? (
            <span className="property-card__pppw"> (£{card.pppw_price.toLocaleString('en-GB')} pw)</span>
          ) : null}
        </p>
        <h3 className="property-card__title">
          <a href={card.property_url}>{card.display_address}</a>
        </h3>
        <p className="property-card__style">{card.propertyStyle}</p>
        <ul className="property-card__rooms">
          <RoomCount count={card.bedrooms} singular="bedroom" plural="bedrooms" />
          <RoomCount count={card.bathrooms} singular="bathroom" plural="bathrooms" />
          <RoomCount count={card.receptionRooms} singular="reception room" plural="reception rooms" />
          {card.squareFeet ? <li>{`${card.squareFeet.toLocaleString('en-GB')} sq ft`}</li> : null}
        </ul>
        <p className="property-card__meta">
          <span>{card.dateText}</span>
          {card.branchName ? <span>{`${card.branchName} branch`}</span> : null}
        </p>
        {saveToggle}
      </div>
    </article>
  );
}
