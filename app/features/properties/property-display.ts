/**
 * Small display rules for property cards and pages (spec points 2, 3, 4 and 9): price qualifier, price per
 * week, the 'NEW Listing!' mark, status tags and sized image URLs.
 */
import { CARD_IMAGE, IMAGE_WIDTHS } from '../media/index.ts';

export { CARD_IMAGE, IMAGE_WIDTHS };

export const NEW_LISTING_MARK = 'NEW Listing!';
const NEW_LISTING_DAYS = 7;

/** 'Offers over £350,000' → { qualifier: 'Offers over', amount: '£350,000' }; no £ means no qualifier. */
export function splitPriceQualifier(price: string): { qualifier: string; amount: string } {
  const text = typeof price === 'string' ? price : '';
  const poundAt = text.indexOf('£');
  if (poundAt === -1) return { qualifier: '', amount: text.trim() };
  return { qualifier: text.slice(0, poundAt).trim(), amount: text.slice(poundAt).trim() };
}

/** Price per week from a monthly rent: price × 12 / 52, rounded. Null when there is no usable price. */
export function pppw(priceValue: number | null | undefined): number | null {
  if (typeof priceValue !== 'number' || !Number.isFinite(priceValue) || priceValue < 0) return null;
  return Math.round((priceValue * 12) / 52);
}

/** Statuses as stored, plus the spellings feeds use ('Sold STC', 'Under Offer'), reduced to one key. */
function statusKey(status: string): string {
  const key = String(status ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return key === 'sold-stc' || key === 'sold-subject-to-contract' ? 'sstc' : key;
}

const SOLD_STATUSES = new Set(['sold', 'sstc']);

/** Created within the last 7 days and not sold or sold subject to contract. A future date (clock skew) counts as new. */
export function isNewListing(createdAt: Date | string | number, status: string, now: Date = new Date()): boolean {
  const created = createdAt instanceof Date ? createdAt : new Date(createdAt);
  if (Number.isNaN(created.getTime()) || SOLD_STATUSES.has(statusKey(status))) return false;
  return now.getTime() - created.getTime() <= NEW_LISTING_DAYS * 24 * 60 * 60 * 1000;
}

export type CardStatusTag = 'Under offer' | 'Let Agreed' | 'Sold' | 'SSTC' | 'Let' | 'New Home';

const STATUS_TAGS: Readonly<Record<string, CardStatusTag>> = {
  'under-offer': 'Under offer',
  'let-agreed': 'Let Agreed',
  sold: 'Sold',
  sstc: 'SSTC',
  let: 'Let',
};

const NEW_HOME_TAGS = new Set(['new-home', 'new-homes']);

/** The card's tag marks (spec point 4): at most one from the status, then 'New Home' when tagged so. */
export function cardStatusTags(status: string, tags: readonly string[]): CardStatusTag[] {
  const marks: CardStatusTag[] = [];
  const statusTag = STATUS_TAGS[statusKey(status)];
  if (statusTag) marks.push(statusTag);
  if (tags.some((tag) => NEW_HOME_TAGS.has(statusKey(tag)))) marks.push('New Home');
  return marks;
}

/**
 * Build-time assets (Vite's /assets/ folder: logos, placeholders) are already final: used as they are, never
 * resized. Only our own media (/media/{folder}/{file}) has sized variants.
 */
export const ASSET_HOST_MARKER = '/assets/';

const MEDIA_URL = /^((?:https?:)?\/\/[^/]+)?\/media\/(?:\d{1,4}x\d{0,4}\/)?([^?#]+)$/i;

/**
 * '/media/p-12/front.jpg' → '/media/408x250/p-12/front.jpg' (or '/media/320x/…' without a height, keeping the
 * aspect ratio), as served by the media route. Other URLs, and invalid sizes, come back unchanged.
 */
export function imageUrlWithSize(url: string, width: number, height?: number | null): string {
  if (typeof url !== 'string' || url.includes(ASSET_HOST_MARKER)) return url;
  const match = MEDIA_URL.exec(url);
  if (!match || !isDimension(width) || (height != null && !isDimension(height))) return url;
  return `${match[1] ?? ''}/media/${width}x${height ?? ''}/${match[2]}`;
}

/** A srcset of the spec's widths for a media image ('' for images that are used as they are). */
export function imageSrcSet(url: string, widths: readonly number[] = IMAGE_WIDTHS): string {
  if (imageUrlWithSize(url, widths[0] ?? 0) === url) return '';
  return widths.map((width) => `${imageUrlWithSize(url, width)} ${width}w`).join(', ');
}

function isDimension(value: number): boolean {
  return Number.isInteger(value) && value > 0 && value < 10_000;
}

/** '1 bedroom', '3 bedrooms'. */
export function plural(count: number, singular: string, pluralWord: string): string {
  return `${count} ${count === 1 ? singular : pluralWord}`;
}
