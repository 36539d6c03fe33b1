import { PropertyCardView, type PropertyCard } from '../properties/index.ts';
import { SavePropertyToggle } from './save-property-toggle.tsx';

/** A property card with its save toggle: what every list of properties shows (spec point 2 'Property card'). */
export function SaveablePropertyCard({ card, isPriority = false }: { card: PropertyCard; isPriority?: boolean }) {
  return (
    <PropertyCardView
      card={card}
      isPriority={isPriority}
      saveToggle={<SavePropertyToggle propertyId={card.property_id} address={card.display_address} />}
    />
  );
}
