import type { Channel, PropertyStatus, PropertyType } from '../../../../db/schema/index.ts';
import type { Furnishing, LetType, RentFrequency, TenureKind } from '../../../../db/schema/property-facts.ts';
import { codeTable } from '../code-table.ts';

/**
 * The BLM v3 code lists and what each code becomes in Doorstep (docs/import.md prints the same tables).
 * Sources: the Rightmove Automated Datafeed Specification v3 as summarised in the project's BLM reference, and
 * Rightmove's published property-type and tenure lists.
 */

export const TRANS_TYPES: Record<string, { label: string; channel: Channel }> = codeTable({
  '1': { label: 'Resale', channel: 'sales' },
  '2': { label: 'Lettings', channel: 'lettings' },
});

/** Reserved is a sale agreed in principle with a deposit taken: the site's nearest status is 'under offer'. */
export const STATUSES: Record<string, { label: string; sales: PropertyStatus; lettings: PropertyStatus }> = codeTable({
  '0': { label: 'Available', sales: 'available', lettings: 'available' },
  '1': { label: 'SSTC', sales: 'sstc', lettings: 'let-agreed' },
  '2': { label: 'SSTCM (Scotland)', sales: 'sstc', lettings: 'let-agreed' },
  '3': { label: 'Under offer', sales: 'under-offer', lettings: 'let-agreed' },
  '4': { label: 'Reserved', sales: 'under-offer', lettings: 'let-agreed' },
  '5': { label: 'Let agreed', sales: 'sstc', lettings: 'let-agreed' },
});
/** Statuses that only make sense on one channel; used to warn when a feed mixes them. */
export const SALES_ONLY_STATUSES = new Set(['1', '2', '3', '4']);
export const LETTINGS_ONLY_STATUSES = new Set(['5']);

/** The text shown before the price ('Guide price £450,000'); POA hides the price ('Price on application'). */
export const PRICE_QUALIFIERS: Record<string, { label: string; text: string; isPriceHidden?: boolean }> = codeTable({
  '0': { label: 'Default', text: '' },
  '1': { label: 'POA', text: '', isPriceHidden: true },
  '2': { label: 'Guide price', text: 'Guide price' },
  '3': { label: 'Fixed price', text: 'Fixed price' },
  '4': { label: 'Offers in excess of', text: 'Offers in excess of' },
  '5': { label: 'OIRO', text: 'Offers in the region of' },
  '6': { label: 'Sale by tender', text: 'Sale by tender' },
  '7': { label: 'From', text: 'From' },
  '9': { label: 'Shared ownership', text: 'Shared ownership' },
  '10': { label: 'Offers over', text: 'Offers over' },
  '11': { label: 'Part buy part rent', text: 'Part buy, part rent' },
  '12': { label: 'Shared equity', text: 'Shared equity' },
  '14': { label: 'Equity loan', text: 'Equity loan' },
  '15': { label: 'Offers invited', text: 'Offers invited' },
  '16': { label: 'Coming soon', text: 'Coming soon' },
});

export const LET_TYPES: Record<string, { label: string; letType: LetType; isShortLet: boolean; isStudent: boolean }> =
  codeTable({
    '0': { label: 'Not specified', letType: 'long', isShortLet: false, isStudent: false },
    '1': { label: 'Long term', letType: 'long', isShortLet: false, isStudent: false },
    '2': { label: 'Short term', letType: 'short', isShortLet: true, isStudent: false },
    '3': { label: 'Student', letType: 'student', isShortLet: false, isStudent: true },
    '4': { label: 'Commercial', letType: 'long', isShortLet: false, isStudent: false },
  });

export const FURNISHINGS: Record<string, { label: string; furnishing: Furnishing | null }> = codeTable({
  '0': { label: 'Furnished', furnishing: 'furnished' },
  '1': { label: 'Part furnished', furnishing: 'part-furnished' },
  '2': { label: 'Unfurnished', furnishing: 'unfurnished' },
  '3': { label: 'Not specified', furnishing: null },
  '4': { label: 'Furnished or unfurnished', furnishing: 'furnished-or-unfurnished' },
});

/**
 * Rents are stored per calendar month (the site shows '£1,250 pcm'); the facts keep how the agent quoted it.
 * `monthly` turns the quoted rent into a monthly one.
 */
export const RENT_FREQUENCIES: Record<
  string,
  { label: string; frequency: RentFrequency; monthly: (rent: number) => number; isPerPerson?: boolean }
> = codeTable({
  '0': { label: 'Weekly', frequency: 'pw', monthly: (rent) => (rent * 52) / 12 },
  '1': { label: 'Monthly', frequency: 'pcm', monthly: (rent) => rent },
  '2': { label: 'Quarterly', frequency: 'pcm', monthly: (rent) => rent / 3 },
  '3': { label: 'Annual', frequency: 'pa', monthly: (rent) => rent / 12 },
  '5': { label: 'Per person per week', frequency: 'pw', monthly: (rent) => (rent * 52) / 12, isPerPerson: true },
});

/** Feudal tenure was abolished in Scotland in 2004: owners became outright owners, the same as freehold. */
export const TENURE_TYPES: Record<string, { label: string; kind: TenureKind; text: string }> = codeTable({
  '1': { label: 'Freehold', kind: 'freehold', text: 'Freehold' },
  '2': { label: 'Leasehold', kind: 'leasehold', text: 'Leasehold' },
  '3': { label: 'Feudal', kind: 'freehold', text: 'Freehold' },
  '4': { label: 'Commonhold', kind: 'commonhold', text: 'Commonhold' },
  '5': { label: 'Share of freehold', kind: 'share-of-freehold', text: 'Share of freehold' },
});

type PropertyKind = { type: PropertyType; style: string; isRetirement?: boolean; tag?: 'commercial' | 'agricultural' };

const house = (style: string): PropertyKind => ({ type: 'house', style });
const flat = (style: string): PropertyKind => ({ type: 'flat', style });
const bungalow = (style: string): PropertyKind => ({ type: 'bungalow', style });
const land = (style: string, tag?: 'agricultural'): PropertyKind => ({ type: 'land', style, tag });
const commercial = (style: string): PropertyKind => ({ type: 'commercial', style, tag: 'commercial' });

/** PROP_SUB_ID: Rightmove's property types (residential, overseas and commercial) → Doorstep's type and style. */
export const PROPERTY_SUB_TYPES: Record<string, PropertyKind> = codeTable({
  '0': house('Property'),
  '1': house('Terraced house'),
  '2': house('End of terrace house'),
  '3': house('Semi-detached house'),
  '4': house('Detached house'),
  '5': house('Mews house'),
  '6': house('Cluster house'),
  '7': flat('Ground floor flat'),
  '8': flat('Flat'),
  '9': flat('Studio'),
  '10': flat('Ground floor maisonette'),
  '11': flat('Maisonette'),
  '12': bungalow('Bungalow'),
  '13': bungalow('Terraced bungalow'),
  '14': bungalow('Semi-detached bungalow'),
  '15': bungalow('Detached bungalow'),
  '16': bungalow('Mobile home'),
  // 17–19 were replaced in revision 3.3 (17 became 202 'Hotel'); older feeds still send them.
  '17': commercial('Hotel'),
  '18': commercial('Guest house'),
  '19': commercial('Commercial property'),
  '20': land('Land'),
  '21': house('Link detached house'),
  '22': house('Town house'),
  '23': house('Cottage'),
  '24': bungalow('Chalet'),
  '25': house('Character property'),
  '26': house('House'),
  '27': house('Villa'),
  '28': flat('Apartment'),
  '29': flat('Penthouse'),
  '30': house('Finca'),
  '43': house('Barn conversion'),
  '44': flat('Serviced apartment'),
  '45': commercial('Parking'),
  '46': { type: 'flat', style: 'Sheltered housing', isRetirement: true },
  '47': { type: 'flat', style: 'Retirement property', isRetirement: true },
  '48': house('House share'),
  '49': flat('Flat share'),
  '50': bungalow('Park home'),
  '51': commercial('Garages'),
  '52': house('Farmhouse'),
  '53': land('Equestrian facility', 'agricultural'),
  '56': flat('Duplex'),
  '59': flat('Triplex'),
  '62': house('Longère'),
  '65': house('Gîte'),
  '68': house('Barn'),
  '71': house('Trullo'),
  '74': house('Mill'),
  '77': land('Ruins'),
  '80': commercial('Restaurant'),
  '83': commercial('Café'),
  '86': commercial('Mill'),
  '92': house('Castle'),
  '95': house('Village house'),
  '101': house('Cave house'),
  '104': house('Cortijo'),
  '107': land('Agricultural land', 'agricultural'),
  '110': land('Building plot'),
  '113': house('Country house'),
  '116': house('Stone house'),
  '117': bungalow('Caravan'),
  '118': bungalow('Lodge'),
  '119': bungalow('Log cabin'),
  '120': house('Manor house'),
  '121': house('Stately home'),
  '125': house('Off-plan'),
  '128': house('Semi-detached villa'),
  '131': house('Detached villa'),
  '134': commercial('Bar or nightclub'),
  '137': commercial('Shop'),
  '140': house('Riad'),
  '141': house('Houseboat'),
  '142': commercial('Hotel room'),
  '143': flat('Block of apartments'),
  '144': flat('Private halls'),
  '178': commercial('Office'),
  '181': commercial('Business park'),
  '184': commercial('Serviced office'),
  '187': commercial('Retail unit (high street)'),
  '190': commercial('Retail unit (out of town)'),
  '193': commercial('Convenience store'),
  '196': commercial('Garages'),
  '199': commercial('Hairdresser or barber shop'),
  '202': commercial('Hotel'),
  '205': commercial('Petrol station'),
  '208': commercial('Post office'),
  '211': commercial('Pub'),
  '214': commercial('Workshop and retail space'),
  '217': commercial('Distribution warehouse'),
  '220': commercial('Factory'),
  '223': commercial('Heavy industrial'),
  '226': commercial('Industrial park'),
  '229': commercial('Light industrial'),
  '232': commercial('Storage'),
  '235': commercial('Showroom'),
  '238': commercial('Warehouse'),
  '241': { type: 'land', style: 'Commercial land', tag: 'commercial' },
  '244': commercial('Commercial development'),
  '247': commercial('Industrial development'),
  '250': land('Residential development'),
  '253': commercial('Commercial property'),
  '256': commercial('Data centre'),
  '259': { type: 'house', style: 'Farm', tag: 'agricultural' },
  '262': commercial('Healthcare facility'),
  '265': commercial('Marine property'),
  '268': commercial('Mixed use'),
  '271': commercial('Research and development facility'),
  '274': commercial('Science park'),
  '277': commercial('Guest house'),
  '280': commercial('Hospitality'),
  '283': commercial('Leisure facility'),
  '298': commercial('Takeaway'),
  '301': commercial('Childcare facility'),
  '304': land('Smallholding', 'agricultural'),
  '307': commercial('Place of worship'),
  '310': commercial('Trade counter'),
  '511': house('Coach house'),
  '512': house('House in multiple occupation'),
  '535': commercial('Sports facilities'),
  '538': commercial('Spa'),
  '541': commercial('Campsite and holiday village'),
});

/** The default when PROP_SUB_ID is empty or unknown: Rightmove lists such a property as 'not specified'. */
export const UNKNOWN_PROPERTY_KIND: PropertyKind = house('Property');
