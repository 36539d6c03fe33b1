/** Image widths of spec point 9 and the card size; only these sizes are produced, so the cache stays bounded. */
export const IMAGE_WIDTHS = [320, 375, 414, 575, 768, 992, 1160] as const;
export const CARD_IMAGE = { width: 408, height: 250 } as const;

export type ImageSize = { width: number; height: number | null };

export function parseSizeSegment(segment: string): ImageSize | null {
  const match = /^(\d{2,4})x(\d{0,4})$/.exec(segment);
  if (!match) return null;
  const width = Number(match[1]);
  const height = match[2] ? Number(match[2]) : null;
  if (width === CARD_IMAGE.width && height === CARD_IMAGE.height) return { width, height };
  if (width === CARD_IMAGE.width * 2 && height === CARD_IMAGE.height * 2) return { width, height };
  if ((IMAGE_WIDTHS as readonly number[]).includes(width) && height === null) return { width, height };
  return null;
}

export type ImageFormat = 'avif' | 'webp' | 'jpeg';

/** WebP when accepted (fast to encode, widely supported); AVIF only for clients without WebP; else JPEG. */
export function chooseImageFormat(accept: string | null | undefined): ImageFormat {
  const header = accept ?? '';
  if (header.includes('image/webp')) return 'webp';
  if (header.includes('image/avif')) return 'avif';
  return 'jpeg';
}
