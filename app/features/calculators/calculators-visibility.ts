/** Tags marking commercial and development listings, where a home-buyer's mortgage or stamp duty does not apply. */
const CALCULATOR_HIDING_TAGS = ['gth commercial', 'gth development'] as const;

/** Spec point 9: hidden for lettings, for a property without a price, and for the two tags (any letter case). */
export function areCalculatorsHidden(property: {
  channel: 'sales' | 'lettings';
  priceValue: number | null | undefined;
  tags: readonly string[];
}): boolean {
  if (property.channel === 'lettings') return true;
  if (typeof property.priceValue !== 'number' || !(property.priceValue > 0)) return true;
  return property.tags.some((tag) => (CALCULATOR_HIDING_TAGS as readonly string[]).includes(tag.trim().toLowerCase()));
}
