/**
 * Property page and modal route URLs (spec point 2), with no other imports so the page's browser bundle stays
 * small.
 */
export function propertyPath(slug: string): string {
  return `/properties/${slug}`;
}

export const GALLERY_KINDS = [
  'agricultural-sales-event',
  'antiques-sales-event',
  'property-auction-sales-event',
  'history-images',
] as const;
export type GalleryKind = (typeof GALLERY_KINDS)[number];

/** The modal links of spec point 2. */
export const modalPath = {
  photos: (slug: string) => `${propertyPath(slug)}/property-images`,
  floorplan: (slug: string) => `${propertyPath(slug)}/floorplan`,
  epcChart: (slug: string) => `${propertyPath(slug)}/epc-chart`,
  gallery: (slug: string, kind: GalleryKind, id: string) => `${propertyPath(slug)}/${kind}/${encodeURIComponent(id)}`,
  galleryCard: (slug: string, galleryId: string, contentBlockId: string | number) =>
    `${propertyPath(slug)}/gallery-card-slider-expand/${encodeURIComponent(galleryId)}/${encodeURIComponent(String(contentBlockId))}`,
  video: (slug: string, id: string) => `${propertyPath(slug)}/video/${encodeURIComponent(id)}`,
  calculator: (slug: string) => `${propertyPath(slug)}/calculator`,
  tenantInfo: (slug: string) => `${propertyPath(slug)}/tenant-info`,
  bookViewing: (slug: string) => `${propertyPath(slug)}/book-a-viewing`,
};
