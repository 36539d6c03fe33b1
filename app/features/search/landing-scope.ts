import { ownEntry } from '../../lib/own-entry.ts';
import type { Channel } from './search-model.ts';

/**
 * SEO landing pages (spec point 2: properties#index, countries#show, counties#show, locations#show,
 * postcodes#show, branches#properties). Each is a search scoped to a place or branch at a stable path:
 *   /property-for-sale                                  properties#index
 *   /property-for-sale/{country}                        countries#show
 *   /property-for-sale/{country}/{county}               counties#show
 *   /property-for-sale/{country}/{county}/{town}        locations#show
 *   /property-for-sale/postcode/{district}              postcodes#show
 *   /branches/{branch}/properties                       branches#properties (?channel=lettings for rentals)
 * and the same under /property-to-rent. Pages beyond the first carry ?page=N.
 */
export const LANDING_ROOTS: Record<Channel, string> = { sales: 'property-for-sale', lettings: 'property-to-rent' };

export const COUNTRY_NAMES: Record<string, string> = {
  england: 'England',
  scotland: 'Scotland',
  wales: 'Wales',
};

export type LandingScope =
  | { kind: 'all' }
  | { kind: 'country'; country: string }
  | { kind: 'county'; country: string; countySlug: string }
  | { kind: 'town'; country: string; countySlug: string; townSlug: string }
  | { kind: 'district'; district: string }
  | { kind: 'branch'; branchSlug: string };

export function landingPath(channel: Channel, scope: LandingScope, page = 1): string {
  const root = `/${LANDING_ROOTS[channel]}`;
  let path: string;
  switch (scope.kind) {
    case 'all':
      path = root;
      break;
    case 'country':
      path = `${root}/${scope.country}`;
      break;
    case 'county':
      path = `${root}/${scope.country}/${scope.countySlug}`;
      break;
    case 'town':
      path = `${root}/${scope.country}/${scope.countySlug}/${scope.townSlug}`;
      break;
    case 'district':
      path = `${root}/postcode/${scope.district.toLowerCase()}`;
      break;
    case 'branch':
      path = `/branches/${scope.branchSlug}/properties${channel === 'lettings' ? '?channel=lettings' : ''}`;
      break;
  }
  if (page <= 1) return path;
  return `${path}${path.includes('?') ? '&' : '?'}page=${page}`;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/;

/** Reads the scope from route params; anything malformed is null (→ 404). */
export function parseLandingScope(params: Record<string, string | undefined>): LandingScope | null {
  const { country, county, town, district, branch } = params;
  if (branch !== undefined) return SLUG.test(branch) ? { kind: 'branch', branchSlug: branch } : null;
  if (district !== undefined) {
    const outcode = district.toUpperCase();
    return /^[A-Z]{1,2}\d[A-Z\d]?$/.test(outcode) ? { kind: 'district', district: outcode } : null;
  }
  if (country === undefined) return { kind: 'all' };
  if (ownEntry(COUNTRY_NAMES, country) === undefined) return null;
  if (county === undefined) return { kind: 'country', country };
  if (!SLUG.test(county)) return null;
  if (town === undefined) return { kind: 'county', country, countySlug: county };
  return SLUG.test(town) ? { kind: 'town', country, countySlug: county, townSlug: town } : null;
}

export function parseLandingPage(value: string | null): number | null {
  if (value === null || value === '') return 1;
  if (!/^\d{1,4}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 ? page : null;
}
