/**
 * The gallery's pure rules (spec point 2 'Gallery'): the number shown is index + 1 ('3 / 12'), moving past either
 * end wraps round, and images on the asset host are shown as they are (no sized variants).
 */
import { ASSET_HOST_MARKER, imageSrcSet, imageUrlWithSize, IMAGE_WIDTHS } from './property-display.ts';

export type GalleryImage = { url: string; imageAlt: string; caption?: string | null; width?: number; height?: number };

export function galleryCounter(index: number, count: number): string {
  return count > 0 ? `${clampIndex(index, count) + 1} / ${count}` : '0 / 0';
}

function clampIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  return Math.min(count - 1, Math.max(0, Math.trunc(index)));
}

/** Previous/next with wrap-round: a photo viewer, unlike the video modal, has no dead ends. */
export function stepIndex(index: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  return (((clampIndex(index, count) + delta) % count) + count) % count;
}

/** 'Photo 3 of 12: Kitchen with island' (WCAG 1.1.1: each image says what and where it is). */
export function galleryAlt(label: string, index: number, count: number, imageAlt: string): string {
  const position = `${label} ${clampIndex(index, count) + 1} of ${count}`;
  const description = imageAlt.trim();
  return description ? `${position}: ${description}` : position;
}

function isAssetHostImage(url: string): boolean {
  return typeof url === 'string' && url.includes(ASSET_HOST_MARKER);
}

export type ResponsiveImage = { src: string; srcSet?: string; sizes?: string };

/**
 * src, srcset and sizes for one of our photos. The src is the 1160 px variant (the largest spec width); images on
 * the asset host, and URLs the media endpoint does not serve, keep their own URL and get no srcset.
 */
export function responsiveImage(url: string, sizes: string, widths: readonly number[] = IMAGE_WIDTHS): ResponsiveImage {
  if (isAssetHostImage(url)) return { src: url };
  const srcSet = imageSrcSet(url, widths);
  if (!srcSet) return { src: url };
  const largest = widths[widths.length - 1] ?? 1160;
  return { src: imageUrlWithSize(url, largest), srcSet, sizes };
}

/** gallery-card-slider-expand/:id/:contentBlockId: the content block is the card (image) the visitor expanded, from 1. */
export function indexFromContentBlockId(contentBlockId: string | undefined, count: number): number | null {
  if (contentBlockId === undefined || !/^\d{1,4}$/.test(contentBlockId)) return null;
  const index = Number(contentBlockId) - 1;
  return index >= 0 && index < count ? index : null;
}

/** Horizontal swipe: far enough sideways, and more sideways than vertical, so page scrolling is not mistaken for it. */
export function swipeDirection(dx: number, dy: number, threshold = 40): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? 1 : -1;
}
