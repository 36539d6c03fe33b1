import { PropertyCardView, type PropertyCard } from '../properties/index.ts';
import { SavePropertyToggle } from './save-property-toggle.tsx';

/** A property card with its save toggle: what every list of properties shows (spec point 2 'Property card'). */
export function SaveablePropertyCard({
  card,
  isPriority = false,
  isSaved = false,
}: {
  card: PropertyCard;
  isPriority?: boolean;
  /** The card is on a saved list: its toggle offers removal before the browser list is read. */
  isSaved?: boolean;
}) {
  return (
    <PropertyCardView
      card={card}
      isPriority={isPriority}
      saveToggle={
        <SavePropertyToggle
          propertyId={card.property_id}
          address={card.display_address}
          isSavedBeforeHydration={isSaved}
        />
      }
    />
  );
}
