/**
 * The site-only order of an imported listing's photos (docs/decisions/033-media-manager.md): staff reorder the photos
 * in the back office, and each import that rewrites the listing puts the feed's photos back in that order.
 */
/** The feed's photos in the order staff chose on the site; photos new to the feed follow, in the feed's order. */
export function photosInSiteOrder<T extends { url: string }>(photos: readonly T[], order: readonly string[]): T[] {
  if (order.length === 0) return [...photos];
  const rank = new Map(order.map((url, index) => [url, index]));
  const ranked = photos.filter((photo) => rank.has(photo.url));
  ranked.sort((a, b) => rank.get(a.url)! - rank.get(b.url)!);
  return [...ranked, ...photos.filter((photo) => !rank.has(photo.url))];
}
