import type {
  Channel,
  PropertyGallery,
  PropertyImage,
  PropertyStatus,
  PropertyType,
  PropertyVideo,
} from '../schema/index.ts';
import type { addresses, properties } from '../schema/index.ts';
import { AGENCY_NAME, branchPlans, type AgencyData, type BranchPlan, type StaffRow } from './agency.ts';
import { nearestTown, type Gazetteer, type GazetteerDistrict, type GazetteerTown } from './gazetteer.ts';
import {
  epcChartName,
  epcScores,
  exteriorPhotos,
  floorplans,
  interiorPhotos,
  mediaUrl,
  PHOTO_HEIGHT,
  PHOTO_WIDTH,
  type EpcRating,
  type ExteriorKind,
  type InteriorKind,
} from './images.ts';
import { addPropertyFacts, type LettingDraft } from './facts.ts';
import { createRandom, distanceKm, offsetPoint, slugify, type Random } from './random.ts';

/**
 * About 3,000 properties around the eight branches, plus the postal addresses the address lookup searches.
 * Everything is derived from seeded random streams and the `now` passed in, so two runs with the same `now`
 * produce identical rows.
 */

export type PropertyRow = typeof properties.$inferInsert & { id: number; slug: string; channel: Channel };
export type AddressRow = typeof addresses.$inferInsert;

const DAY_MS = 86_400_000;
const FRESH_LISTINGS = 60;
const EXTRA_ADDRESSES = 2000;

// ---------------------------------------------------------------------------------------------------------
// Styles

type StyleSpec = {
  style: string;
  type: PropertyType;
  beds: [number, number];
  exterior: ExteriorKind[];
  /** How the style reads in prose: "semi-detached house", "apartment". */
  noun: string;
  isPeriod?: boolean;
};

const styles = {
  detached: { style: 'Detached house', type: 'house', beds: [3, 6], exterior: ['detached'], noun: 'detached house' },
  semi: { style: 'Semi-detached house', type: 'house', beds: [2, 4], exterior: ['semi'], noun: 'semi-detached house' },
  terraced: {
    style: 'Terraced house',
    type: 'house',
    beds: [2, 4],
    exterior: ['terrace'],
    noun: 'terraced house',
    isPeriod: true,
  },
  endTerrace: {
    style: 'End of terrace house',
    type: 'house',
    beds: [2, 4],
    exterior: ['terrace'],
    noun: 'end of terrace house',
  },
  townHouse: {
    style: 'Town house',
    type: 'house',
    beds: [3, 5],
    exterior: ['townhouse'],
    noun: 'town house',
    isPeriod: true,
  },
  cottage: { style: 'Cottage', type: 'house', beds: [1, 4], exterior: ['cottage'], noun: 'cottage', isPeriod: true },
  barn: { style: 'Barn conversion', type: 'house', beds: [3, 5], exterior: ['barn'], noun: 'barn conversion' },
  countryHouse: {
    style: 'Country house',
    type: 'house',
    beds: [5, 7],
    exterior: ['detached'],
    noun: 'country house',
    isPeriod: true,
  },
  farm: { style: 'Farm', type: 'house', beds: [4, 6], exterior: ['barn', 'land'], noun: 'farm' },
  apartment: { style: 'Apartment', type: 'flat', beds: [1, 3], exterior: ['flat'], noun: 'apartment' },
  flat: { style: 'Flat', type: 'flat', beds: [1, 3], exterior: ['flat', 'townhouse'], noun: 'flat' },
  maisonette: { style: 'Maisonette', type: 'flat', beds: [2, 3], exterior: ['flat', 'terrace'], noun: 'maisonette' },
  penthouse: { style: 'Penthouse', type: 'flat', beds: [2, 4], exterior: ['flat'], noun: 'penthouse apartment' },
  studio: { style: 'Studio', type: 'flat', beds: [0, 0], exterior: ['flat'], noun: 'studio apartment' },
  bungalow: { style: 'Bungalow', type: 'bungalow', beds: [2, 4], exterior: ['bungalow'], noun: 'bungalow' },
  semiBungalow: {
    style: 'Semi-detached bungalow',
    type: 'bungalow',
    beds: [2, 3],
    exterior: ['bungalow'],
    noun: 'semi-detached bungalow',
  },
  plot: { style: 'Building plot', type: 'land', beds: [0, 0], exterior: ['land'], noun: 'building plot' },
  agriculturalLand: {
    style: 'Agricultural land',
    type: 'land',
    beds: [0, 0],
    exterior: ['land'],
    noun: 'agricultural land',
  },
  paddock: { style: 'Paddock', type: 'land', beds: [0, 0], exterior: ['land'], noun: 'paddock' },
  office: { style: 'Office', type: 'commercial', beds: [0, 0], exterior: ['commercial'], noun: 'office' },
  retail: { style: 'Retail unit', type: 'commercial', beds: [0, 0], exterior: ['commercial'], noun: 'retail unit' },
  industrial: {
    style: 'Industrial unit',
    type: 'commercial',
    beds: [0, 0],
    exterior: ['commercial'],
    noun: 'industrial unit',
  },
} satisfies Record<string, StyleSpec>;

type StyleKey = keyof typeof styles;

function styleWeights(channel: Channel, branch: BranchPlan, isRural: boolean): Array<[StyleKey, number]> {
  const flats = branch.flatShare * (isRural ? 0.35 : 1.25) * (channel === 'lettings' ? 1.6 : 1);
  const hasAgriculture = branch.extraDepartments.includes('agriculture');
  const hasCommercial = branch.extraDepartments.includes('commercial');
  const isGeorgianTown = ['bath', 'cheltenham', 'edinburgh', 'bristol-clifton', 'oxford'].includes(branch.slug);
  const weights: Array<[StyleKey, number]> = [
    ['apartment', flats * 0.42],
    ['flat', flats * (branch.slug === 'edinburgh' ? 0.45 : 0.28)],
    ['maisonette', flats * 0.08],
    ['studio', flats * (channel === 'lettings' ? 0.12 : 0.06)],
    ['penthouse', flats * 0.03],
    ['detached', isRural ? 0.2 : 0.09],
    ['semi', 0.15],
    ['terraced', isRural ? 0.08 : 0.16],
    ['endTerrace', 0.05],
    ['townHouse', isGeorgianTown ? 0.05 : 0.02],
    ['cottage', isRural ? 0.08 : 0.015],
    ['bungalow', isRural ? 0.06 : 0.03],
    ['semiBungalow', 0.015],
    ['office', hasCommercial ? 0.025 : 0.01],
    ['retail', hasCommercial ? 0.02 : 0.008],
    ['industrial', hasCommercial ? 0.012 : 0.004],
  ];
  if (channel === 'sales') {
    weights.push(
      ['barn', isRural ? 0.03 : 0],
      ['countryHouse', isRural ? 0.012 : 0],
      ['farm', isRural ? (hasAgriculture ? 0.05 : 0.008) : 0],
      ['plot', isRural ? 0.035 : 0.008],
      ['agriculturalLand', isRural ? (hasAgriculture ? 0.06 : 0.012) : 0],
      ['paddock', isRural ? 0.02 : 0],
    );
  } else {
    weights.push(['cottage', isRural ? 0.03 : 0.01]);
  }
  return weights.filter(([, weight]) => weight > 0);
}

// ---------------------------------------------------------------------------------------------------------
// Streets and postcodes

const streetRoots = [
  'Church',
  'Station',
  'Mill',
  'High',
  'Victoria',
  'Albert',
  'Queen',
  'King',
  'Park',
  'Manor',
  'Orchard',
  'Meadow',
  'Beech',
  'Oak',
  'Elm',
  'Ash',
  'Cedar',
  'Willow',
  'Chestnut',
  'Hawthorn',
  'Priory',
  'Abbey',
  'Castle',
  'Bridge',
  'Brook',
  'River',
  'Hill',
  'Vicarage',
  'Rectory',
  'School',
  'Market',
  'Chapel',
  'Farm',
  'Cherry',
  'Holly',
  'Laurel',
  'Lime',
  'Maple',
  'Sycamore',
  'Rowan',
  'Windsor',
  'Stanley',
  'Gladstone',
  'Wellington',
  'Nelson',
  'Marlborough',
  'Belmont',
  'Clarendon',
  'Cavendish',
  'Grosvenor',
  'Richmond',
  'Alexandra',
  'Cromwell',
  'Beaufort',
  'Portland',
  'Melbourne',
  'Springfield',
  'Fairfield',
  'Greenway',
  'Kingsley',
  'Westfield',
  'Highfield',
  'Woodland',
  'Heather',
  'Primrose',
  'Bluebell',
  'Foxglove',
  'Kestrel',
  'Mallard',
  'Heron',
  'Lark',
  'Osborne',
  'Tudor',
  'Regent',
  'Montague',
];
const streetSuffixes = [
  'Road',
  'Street',
  'Lane',
  'Avenue',
  'Close',
  'Crescent',
  'Gardens',
  'Terrace',
  'Place',
  'Way',
  'Drive',
  'Grove',
  'Rise',
  'Walk',
  'Mews',
  'Row',
  'Square',
  'View',
];
const scottishSuffixes = [
  'Street',
  'Road',
  'Place',
  'Terrace',
  'Crescent',
  'Gardens',
  'Avenue',
  'Drive',
  'Row',
  'Wynd',
  'Brae',
  'Loan',
  'Park',
  'Grove',
  'Court',
];
const welshStreets = [
  'Heol y Felin',
  'Heol y Parc',
  'Heol Isaf',
  'Heol Hir',
  'Heol y Cwrt',
  'Ffordd y Capel',
  'Heol Llanishen Fach',
  'Heol Tŷ Gwyn',
  'Heol y Coed',
  'Heol Pant y Deri',
];
const postcodeLetters = 'ABDEFGHJLNPQRSTUWXYZ';

type Street = { name: string; postcodes: string[]; usedNumbers: Set<number> };

const streetCache = new Map<string, Street[]>();

function streetsFor(district: GazetteerDistrict): Street[] {
  const cached = streetCache.get(district.outcode);
  if (cached) return cached;
  const random = createRandom(`streets/${district.outcode}`);
  const suffixes = district.country === 'scotland' ? scottishSuffixes : streetSuffixes;
  const names = new Set<string>();
  for (const locality of district.localities.slice(0, 2)) {
    if (!/centre/i.test(locality))
      names.add(`${locality.replace(/^The /, '')} ${random.pick(['Road', 'Lane', 'Street'])}`);
  }
  if (district.country === 'wales') for (const name of random.sample(welshStreets, 3)) names.add(name);
  while (names.size < 24) names.add(`${random.pick(streetRoots)} ${random.pick(suffixes)}`);
  const usedUnits = new Set<string>();
  const unit = () => {
    let code: string;
    do code = `${random.int(1, 9)}${random.chars(2, postcodeLetters)}`;
    while (usedUnits.has(code));
    usedUnits.add(code);
    return `${district.outcode} ${code}`;
  };
  const streets = [...names].sort().map((name) => ({
    name,
    postcodes: random.chance(0.4) ? [unit(), unit()] : [unit()],
    usedNumbers: new Set<number>(),
  }));
  streetCache.set(district.outcode, streets);
  return streets;
}

const houseNames = [
  'Rose Cottage',
  'The Old Rectory',
  'Orchard House',
  'Ivy Cottage',
  'The Coach House',
  'Holly Lodge',
  'Wisteria House',
  'The Old School House',
  'Meadow View',
  'Little Acre',
  'The Granary',
  'Hillside',
  'Fern Cottage',
  'The Old Forge',
  'Brook House',
  'Stable Cottage',
  'Woodlands',
  'The Barn',
  'Church Cottage',
  'Mill House',
  'The Laurels',
  'Pear Tree Cottage',
];
const buildingNames = [
  'Albert Court',
  'Regent House',
  'Marlborough House',
  'Victoria Mansions',
  'The Maltings',
  'Kingsley Court',
  'St John’s Court',
  'Clarendon Place',
  'Riverside House',
  'The Old Brewery',
  'Cavendish Lodge',
  'Belmont House',
  'Priory Court',
  'Wharf House',
];

// ---------------------------------------------------------------------------------------------------------
// Words

const numberWords = [
  'no',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];

function numberWord(value: number): string {
  return numberWords[value] ?? String(value);
}

function withArticle(phrase: string): string {
  if (/^one\b|^one-/.test(phrase) || /^eu/.test(phrase)) return `a ${phrase}`;
  return /^[aeiou]/i.test(phrase) || /^eight|^eleven/.test(phrase) ? `an ${phrase}` : `a ${phrase}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function listPhrase(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function formatDate(date: Date): string {
  return `${date.getUTCDate()} ${monthNames[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

function formatPounds(value: number): string {
  return `£${value.toLocaleString('en-GB')}`;
}

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

// ---------------------------------------------------------------------------------------------------------
// The draft a property is built from

type Draft = {
  id: number;
  channel: Channel;
  branch: BranchPlan;
  district: GazetteerDistrict;
  town: GazetteerTown;
  spec: StyleSpec;
  location: { lat: number; lng: number };
  street: Street;
  locality: string;
  buildingNumber: string | null;
  buildingName: string | null;
  flatName: string | null;
  postcode: string;
  beds: number;
  baths: number;
  receptions: number;
  squareFeet: number | null;
  acreage: number | null;
  tags: string[];
  price: number;
  priceQualifier: string;
  status: PropertyStatus;
  createdAt: Date;
  epcRating: EpcRating | null;
  epcPotential: EpcRating | null;
  councilTaxBand: string | null;
  tenure: string | null;
  furnished: string;
  availableFrom: Date;
  auctionDate: Date | null;
  isNewBuild: boolean;
};

type BranchArea = {
  plan: BranchPlan;
  districts: Array<{ district: GazetteerDistrict; weight: number }>;
  towns: GazetteerTown[];
  staff: StaffRow[];
};

function branchAreas(gazetteer: Gazetteer, agency: AgencyData): BranchArea[] {
  return branchPlans.map((plan) => {
    const districts = gazetteer.districts
      .filter((district) => district.country === plan.country)
      .map((district) => ({ district, distance: distanceKm(plan.location, district) }))
      .filter(({ distance }) => distance <= 16)
      .map(({ district, distance }) => ({
        district,
        // Dense city districts hold more homes than rural ones; nearer districts more than far ones.
        weight: (district.spreadKm <= 1.6 ? 3 : 1.4) * (1.15 - distance / 20),
      }));
    const towns = gazetteer.towns.filter(
      (town) =>
        town.country === plan.country &&
        !plan.excludedCounties.includes(town.countyName) &&
        distanceKm(plan.location, town) <= 30,
    );
    return { plan, districts, towns, staff: agency.staff.filter((member) => member.branchId === plan.id) };
  });
}

/** A point within `spreadKm` of the district centre, mirrored away from the coast. */
function scatter(random: Random, district: GazetteerDistrict, scale = 1): { lat: number; lng: number } {
  const radius = district.spreadKm * 1000 * scale * Math.sqrt(random.next());
  const angle = random.next() * Math.PI * 2;
  let east = Math.cos(angle) * radius;
  let north = Math.sin(angle) * radius;
  if (district.seaward.includes('n') && north > 0) north = -north;
  if (district.seaward.includes('s') && north < 0) north = -north;
  if (district.seaward.includes('e') && east > 0) east = -east;
  if (district.seaward.includes('w') && east < 0) east = -east;
  return offsetPoint(district, east, north);
}

function pickBeds(random: Random, [min, max]: [number, number]): number {
  if (min === max) return min;
  // Middle sizes are commonest.
  const span = max - min;
  const roll = (random.next() + random.next()) / 2;
  return min + Math.min(span, Math.floor(roll * (span + 1)));
}

function basePrice(key: StyleKey, beds: number, acreage: number | null, random: Random): number {
  switch (key) {
    case 'detached':
      return 190_000 + 95_000 * beds;
    case 'semi':
      return 115_000 + 62_000 * beds;
    case 'terraced':
      return 100_000 + 58_000 * beds;
    case 'endTerrace':
      return 105_000 + 60_000 * beds;
    case 'townHouse':
      return 170_000 + 105_000 * beds;
    case 'cottage':
      return 130_000 + 80_000 * beds;
    case 'barn':
      return 260_000 + 115_000 * beds;
    case 'countryHouse':
      return 550_000 + 160_000 * beds + 18_000 * (acreage ?? 0);
    case 'farm':
      return 450_000 + 70_000 * beds + 9_500 * (acreage ?? 0);
    case 'apartment':
    case 'flat':
      return 85_000 + 78_000 * beds;
    case 'maisonette':
      return 95_000 + 70_000 * beds;
    case 'penthouse':
      return 260_000 + 150_000 * beds;
    case 'studio':
      return random.int(95_000, 140_000);
    case 'bungalow':
      return 140_000 + 78_000 * beds;
    case 'semiBungalow':
      return 120_000 + 65_000 * beds;
    case 'plot':
      return random.int(90_000, 420_000);
    case 'agriculturalLand':
      return (acreage ?? 10) * random.int(8_500, 12_500);
    case 'paddock':
      return (acreage ?? 2) * random.int(14_000, 25_000);
    case 'office':
      return random.int(180_000, 1_400_000);
    case 'retail':
      return random.int(120_000, 850_000);
    case 'industrial':
      return random.int(240_000, 1_700_000);
  }
}

function monthlyRent(key: StyleKey, beds: number, branch: BranchPlan, random: Random): number {
  const commercial = key === 'office' || key === 'retail' || key === 'industrial';
  let rent: number;
  if (commercial) rent = random.int(900, 3_500);
  else if (key === 'studio') rent = random.int(600, 760) * branch.rentFactor;
  else if (styles[key].type === 'flat') rent = (430 + 310 * beds) * branch.rentFactor;
  else rent = (470 + 300 * beds) * branch.rentFactor * (key === 'detached' ? 1.15 : 1);
  rent *= Math.exp(random.normalish() * 0.12);
  return Math.min(3_500, Math.max(650, roundTo(rent, 25)));
}

function councilTaxBandFor(value: number, country: BranchPlan['country']): string {
  // Bands rest on 1991 (England, Scotland) or 2003 (Wales) values; these are rough present-day equivalents.
  const bands: Array<[number, string]> = [
    [120_000, 'A'],
    [160_000, 'B'],
    [210_000, 'C'],
    [280_000, 'D'],
    [380_000, 'E'],
    [500_000, 'F'],
    [900_000, 'G'],
  ];
  const band = bands.find(([limit]) => value < limit)?.[1] ?? 'H';
  return country === 'wales' && value > 1_200_000 ? 'I' : band;
}

function pickEpc(random: Random, isNewBuild: boolean, isPeriod: boolean): [EpcRating, EpcRating] {
  const ratings: EpcRating[] = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
  const current: EpcRating = isNewBuild
    ? random.weighted<EpcRating>([
        ['A', 1],
        ['B', 4],
      ])
    : random.weighted<EpcRating>([
        ['B', isPeriod ? 0.02 : 0.1],
        ['C', isPeriod ? 0.2 : 0.34],
        ['D', 0.35],
        ['E', isPeriod ? 0.28 : 0.15],
        ['F', isPeriod ? 0.1 : 0.05],
        ['G', isPeriod ? 0.05 : 0.01],
      ]);
  const index = ratings.indexOf(current);
  const potential = ratings[Math.max(0, index - random.int(index <= 1 ? 0 : 1, 2))] ?? current;
  return [current, potential];
}

// ---------------------------------------------------------------------------------------------------------
// Building the rows

export function buildProperties(input: { now: Date; gazetteer: Gazetteer; agency: AgencyData }): {
  properties: PropertyRow[];
  addresses: AddressRow[];
} {
  const { now, gazetteer, agency } = input;
  streetCache.clear();
  const random = createRandom('properties');
  const areas = branchAreas(gazetteer, agency);
  const plans = developmentPlans;

  const regularSlots: BranchArea[] = [];
  for (const area of areas) {
    const inDevelopments = plans
      .filter((plan) => plan.branch === area.plan.slug)
      .reduce((sum, plan) => sum + 1 + plan.plots.length, 0);
    for (let index = 0; index < area.plan.propertyCount - inDevelopments; index += 1) regularSlots.push(area);
  }
  const slots = random.shuffle(regularSlots);
  const freshIndexes = new Set(
    random.sample(
      slots.map((_, index) => index),
      FRESH_LISTINGS,
    ),
  );
  const auctionDates = upcomingAuctionDates(now);

  const rows: PropertyRow[] = [];
  const drafts: Draft[] = [];
  slots.forEach((area, index) => {
    const propertyRandom = random.fork(`property-${index + 1}`);
    const draft = draftProperty(propertyRandom, {
      id: index + 1,
      area,
      now,
      isFresh: freshIndexes.has(index),
      auctionDates,
    });
    drafts.push(draft);
    rows.push(finishProperty(propertyRandom, draft, area, now));
  });

  let nextId = rows.length + 1;
  for (const plan of plans) {
    const area = areas.find((candidate) => candidate.plan.slug === plan.branch);
    if (!area) throw new Error(`unknown branch ${plan.branch}`);
    const built = buildDevelopment(random.fork(`development-${plan.name}`), plan, area, nextId, now);
    rows.push(...built);
    nextId += built.length;
  }
  addPropertyFacts(
    rows,
    new Map<number, LettingDraft>(
      drafts.map((draft) => [draft.id, { furnished: draft.furnished, availableFrom: draft.availableFrom }]),
    ),
    now,
  );

  return { properties: rows, addresses: buildAddresses(random.fork('addresses'), drafts) };
}

function upcomingAuctionDates(now: Date): Date[] {
  // The auction room sits on the second Thursday of each of the next three months.
  const dates: Date[] = [];
  for (let monthOffset = 1; monthOffset <= 3; monthOffset += 1) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthOffset, 1));
    const firstThursday = 1 + ((4 - first.getUTCDay() + 7) % 7);
    dates.push(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), firstThursday + 7)));
  }
  return dates;
}

function draftProperty(
  random: Random,
  context: { id: number; area: BranchArea; now: Date; isFresh: boolean; auctionDates: Date[] },
): Draft {
  const { id, area, now, isFresh, auctionDates } = context;
  const branch = area.plan;
  const channel: Channel = random.chance(0.65) ? 'sales' : 'lettings';
  const district = random.weighted(area.districts.map(({ district, weight }) => [district, weight] as const));
  const isRural = district.spreadKm >= 2.2;
  const styleKey = random.weighted(styleWeights(channel, branch, isRural));
  const spec: StyleSpec = styles[styleKey];
  const location = scatter(random, district);
  const town = nearestTown(area.towns, location);
  const streets = streetsFor(district);
  const street = random.pick(streets);
  const locality = town.name === district.postTown ? random.pick(district.localities) : town.name;

  let buildingNumber: string | null = null;
  let buildingName: string | null = null;
  let flatName: string | null = null;
  const wantsName =
    ['cottage', 'barn', 'countryHouse', 'farm'].includes(styleKey) || (styleKey === 'detached' && random.chance(0.4));
  if (wantsName) {
    buildingName =
      styleKey === 'farm'
        ? `${random.pick(['Manor', 'Home', 'Lower', 'Upper', 'Grange', 'Hill', 'Brook'])} Farm`
        : random.pick(houseNames);
  } else if (spec.type !== 'land') {
    let number = random.int(1, 140);
    while (street.usedNumbers.has(number)) number += 1;
    street.usedNumbers.add(number);
    buildingNumber = String(number);
    if (spec.type === 'flat') {
      flatName = random.chance(0.5)
        ? `Flat ${random.int(1, 24)}, ${random.pick(buildingNames)}`
        : branch.country === 'scotland'
          ? `Flat ${random.int(1, 3)}F${random.int(1, 2)}`
          : `Flat ${random.pick(['A', 'B', 'C', 'D', '1', '2', '3', '4', '5'])}`;
    }
  }

  const beds = pickBeds(random, spec.beds);
  const baths =
    spec.type === 'land'
      ? 0
      : spec.type === 'commercial'
        ? random.int(1, 3)
        : Math.max(1, Math.min(beds || 1, Math.round(beds * 0.55 + random.float(-0.3, 0.7))));
  const receptions =
    spec.type === 'house'
      ? Math.min(4, Math.max(1, Math.round(beds / 2 + random.float(-0.6, 0.6))))
      : spec.type === 'land' || spec.type === 'commercial'
        ? 0
        : 1;

  let acreage: number | null = null;
  if (styleKey === 'farm') acreage = Math.round(random.float(25, 260));
  else if (styleKey === 'agriculturalLand') acreage = Math.round(random.float(4, 120) * 10) / 10;
  else if (styleKey === 'paddock') acreage = Math.round(random.float(0.8, 8) * 100) / 100;
  else if (styleKey === 'plot') acreage = Math.round(random.float(0.1, 0.9) * 100) / 100;
  else if (styleKey === 'countryHouse') acreage = Math.round(random.float(2, 25) * 10) / 10;
  else if (styleKey === 'barn' && random.chance(0.5)) acreage = Math.round(random.float(0.5, 4) * 10) / 10;
  else if (styleKey === 'detached' && beds >= 5 && random.chance(0.4))
    acreage = Math.round(random.float(0.5, 3.5) * 10) / 10;

  let squareFeet: number | null = null;
  if (spec.type !== 'land' && random.chance(0.88)) {
    const perBed = spec.type === 'flat' ? 260 : spec.type === 'bungalow' ? 290 : 330;
    const base =
      spec.type === 'commercial'
        ? random.int(900, 9_000)
        : 420 + perBed * beds + (styleKey === 'detached' || styleKey === 'countryHouse' ? 350 : 0);
    squareFeet = roundTo(base * Math.exp(random.normalish() * 0.12), 5);
  }

  const isNewBuild =
    channel === 'sales' && (spec.type === 'flat' || spec.type === 'house') && !spec.isPeriod && random.chance(0.025);
  const tags = new Set<string>();
  const gardenChance: Partial<Record<PropertyType, number>> = { house: 0.9, bungalow: 0.95, flat: 0.15 };
  if (random.chance(gardenChance[spec.type] ?? 0)) tags.add('garden');
  const parkingChance = {
    house: styleKey === 'terraced' ? 0.3 : 0.75,
    bungalow: 0.85,
    flat: 0.4,
    commercial: 0.5,
    land: 0,
  }[spec.type];
  if (random.chance(parkingChance)) tags.add('parking');
  if (isNewBuild) tags.add('new home');
  if (spec.type === 'commercial') {
    tags.add('commercial');
    // Branches without their own commercial team pass these to a neighbour's (spec point 9, contact routing).
    if (!branch.extraDepartments.includes('commercial')) tags.add('gth commercial');
  }
  if (styleKey === 'farm' || styleKey === 'agriculturalLand') tags.add('agricultural');
  let auctionDate: Date | null = null;
  if (channel === 'sales') {
    if (!isNewBuild && random.chance(0.12)) tags.add('chain free');
    const auctionChance = spec.type === 'land' ? 0.15 : spec.type === 'commercial' ? 0.08 : 0.02;
    if (random.chance(auctionChance)) {
      tags.add('auction');
      auctionDate = random.pick(auctionDates);
    }
  } else {
    if (spec.type !== 'commercial' && random.chance(spec.type === 'flat' ? 0.25 : 0.4)) tags.add('pets');
    if (spec.type === 'flat' && random.chance(0.12)) tags.add('short let');
    else if (spec.type === 'house' && random.chance(0.03)) tags.add('short let');
  }

  let price =
    channel === 'sales'
      ? roundTo(
          basePrice(styleKey, beds, acreage, random) * branch.priceFactor * Math.exp(random.normalish() * 0.2),
          5_000,
        )
      : monthlyRent(styleKey, beds, branch, random);
  if (channel === 'sales' && isNewBuild) price = roundTo(price * 1.08, 5_000);

  let priceQualifier = '';
  if (channel === 'sales') {
    if (tags.has('auction')) priceQualifier = 'Guide price';
    else if (branch.country === 'scotland')
      priceQualifier = random.weighted([
        ['Offers over', 0.55],
        ['Fixed price', 0.15],
        ['', 0.2],
        ['Offers in the region of', 0.1],
      ]);
    else
      priceQualifier = random.weighted([
        ['', 0.52],
        ['Guide price', 0.14],
        ['Offers over', 0.08],
        ['Offers in excess of', 0.1],
        ['Offers in the region of', 0.11],
        ['Fixed price', 0.05],
      ]);
  }

  const ageDays = isFresh ? random.float(0, 6.9) : 7 + (540 - 7) * Math.pow(random.next(), 1.7);
  const createdAt = new Date(now.getTime() - Math.round(ageDays * DAY_MS));
  let status: PropertyStatus;
  if (channel === 'sales') {
    if (tags.has('auction') || isFresh) status = random.chance(0.95) ? 'available' : 'under-offer';
    else if (ageDays > 240)
      status = random.weighted([
        ['available', 0.5],
        ['under-offer', 0.08],
        ['sstc', 0.2],
        ['sold', 0.22],
      ]);
    else if (ageDays > 60)
      status = random.weighted([
        ['available', 0.68],
        ['under-offer', 0.12],
        ['sstc', 0.15],
        ['sold', 0.05],
      ]);
    else
      status = random.weighted([
        ['available', 0.86],
        ['under-offer', 0.08],
        ['sstc', 0.06],
      ]);
  } else if (ageDays > 120) {
    status = random.weighted([
      ['available', 0.55],
      ['let-agreed', 0.15],
      ['let', 0.3],
    ]);
  } else {
    status = random.weighted([
      ['available', 0.8],
      ['let-agreed', 0.15],
      ['let', 0.05],
    ]);
  }

  const isResidential = spec.type === 'house' || spec.type === 'flat' || spec.type === 'bungalow';
  let epcRating: EpcRating | null = null;
  let epcPotential: EpcRating | null = null;
  if (isResidential && (isNewBuild || random.chance(0.88)))
    [epcRating, epcPotential] = pickEpc(random, isNewBuild, spec.isPeriod === true);

  // A rent implies a capital value at a gross yield of about 6%.
  const valueForBand = channel === 'sales' ? price : price * 200;
  const councilTaxBand = isResidential ? councilTaxBandFor(valueForBand, branch.country) : null;
  const tenure =
    channel === 'lettings'
      ? null
      : spec.type === 'flat'
        ? branch.country === 'scotland'
          ? 'Freehold'
          : random.weighted([
              ['Leasehold', 0.78],
              ['Share of freehold', 0.22],
            ])
        : spec.type === 'commercial'
          ? random.weighted([
              ['Freehold', 0.6],
              ['Long leasehold', 0.4],
            ])
          : 'Freehold';

  const postcode = random.pick(street.postcodes);
  return {
    id,
    channel,
    branch,
    district,
    town,
    spec,
    location,
    street,
    locality,
    buildingNumber,
    buildingName,
    flatName,
    postcode,
    beds,
    baths,
    receptions,
    squareFeet,
    acreage,
    tags: orderTags(tags),
    price,
    priceQualifier,
    status,
    createdAt,
    epcRating,
    epcPotential,
    councilTaxBand,
    tenure,
    furnished:
      channel === 'lettings'
        ? random.weighted([
            ['unfurnished', 0.6],
            ['furnished', 0.3],
            ['part furnished', 0.1],
          ])
        : '',
    availableFrom: new Date(Math.max(now.getTime(), createdAt.getTime() + random.int(7, 50) * DAY_MS)),
    auctionDate,
    isNewBuild,
  };
}

const tagOrder = [
  'new home',
  'auction',
  'short let',
  'pets',
  'garden',
  'parking',
  'chain free',
  'commercial',
  'agricultural',
  'gth commercial',
  'gth development',
];

function orderTags(tags: Iterable<string>): string[] {
  return [...tags].sort((a, b) => tagOrder.indexOf(a) - tagOrder.indexOf(b));
}

function describeStyle(draft: Pick<Draft, 'spec' | 'beds' | 'acreage'>): string {
  const { spec, beds, acreage } = draft;
  if (spec.style === 'Farm')
    return `farm with ${withArticle(`${numberWord(beds)}-bedroom farmhouse`)} and ${acreage ?? 0} acres`;
  if (spec.style === 'Agricultural land') return `${acreage ?? 0} acres of agricultural land`;
  if (spec.style === 'Paddock') return `${acreage ?? 0}-acre paddock`;
  if (spec.type === 'land' || spec.type === 'commercial' || spec.style === 'Studio') return spec.noun;
  return `${numberWord(beds)}-bedroom ${spec.noun}`;
}

function aStyle(draft: Pick<Draft, 'spec' | 'beds' | 'acreage'>): string {
  const described = describeStyle(draft);
  return draft.spec.style === 'Agricultural land' ? described : withArticle(described);
}

function slugFor(draft: Draft, id: number): string {
  const what =
    draft.spec.type === 'land' || draft.spec.type === 'commercial' || draft.spec.style === 'Studio'
      ? slugify(draft.spec.style)
      : `${draft.beds}-bedroom-${slugify(draft.spec.noun)}`;
  const where =
    draft.locality === draft.town.name
      ? slugify(draft.town.name)
      : `${slugify(draft.locality)}-${slugify(draft.town.name)}`;
  return `${what}-${draft.channel === 'sales' ? 'for-sale' : 'to-rent'}-in-${where}-${draft.district.slug}-${id}`;
}

function displayAddressFor(draft: Draft): string {
  const hidesLocality = /centre/i.test(draft.locality) || draft.locality === draft.town.name;
  return hidesLocality
    ? `${draft.street.name}, ${draft.town.name}`
    : `${draft.street.name}, ${draft.locality}, ${draft.town.name}`;
}

function addressLine1For(draft: Draft): string {
  const streetLine = draft.buildingNumber ? `${draft.buildingNumber} ${draft.street.name}` : draft.street.name;
  if (draft.flatName) return `${draft.flatName}, ${streetLine}`;
  if (draft.buildingName) return `${draft.buildingName}, ${streetLine}`;
  return streetLine;
}

function finishProperty(random: Random, draft: Draft, area: BranchArea, now: Date): PropertyRow {
  const copy = writeCopy(random, draft, now);
  const updatedAt = new Date(
    Math.min(now.getTime(), draft.createdAt.getTime() + random.int(0, 40) * DAY_MS + random.int(0, DAY_MS)),
  );
  const launchedAt = new Date(Math.min(now.getTime(), draft.createdAt.getTime() + random.int(0, 2) * DAY_MS));
  const media = buildMedia(random, draft);
  const isSold = draft.status === 'sold';
  return {
    id: draft.id,
    slug: slugFor(draft, draft.id),
    reference: `HV-${draft.branch.code}-${String(draft.id).padStart(5, '0')}`,
    channel: draft.channel,
    status: draft.status,
    isPublished: true,
    priceValue: draft.price,
    priceQualifier: draft.priceQualifier,
    exchangedPrice: isSold ? roundTo(draft.price * random.float(0.95, 1.03), 1_000) : null,
    disposal:
      draft.channel === 'lettings'
        ? null
        : draft.tags.includes('auction')
          ? 'Auction'
          : draft.spec.style === 'Farm' && random.chance(0.5)
            ? 'Informal tender'
            : 'Private treaty',
    displayAddress: displayAddressFor(draft),
    addressLine1: addressLine1For(draft),
    town: draft.town.name,
    county: draft.town.countyName,
    countySlug: draft.town.countySlug,
    country: draft.branch.country,
    postcode: draft.postcode,
    postcodeDistrict: draft.district.outcode,
    placeId: draft.town.id,
    location: draft.location,
    bedrooms: draft.beds,
    bathrooms: draft.baths,
    receptionRooms: draft.receptions,
    propertyType: draft.spec.type,
    propertyStyle: draft.spec.style,
    squareFeet: draft.squareFeet,
    acreage: draft.acreage,
    tags: draft.tags,
    shortLet: draft.tags.includes('short let'),
    petsAllowed: draft.tags.includes('pets'),
    auctionDate: draft.auctionDate ? draft.auctionDate.toISOString().slice(0, 10) : null,
    branchId: draft.branch.id,
    staffMemberId: pickStaff(random, area.staff, draft),
    parentId: null,
    isDevelopment: false,
    summary: copy.summary,
    description: copy.description,
    features: copy.features,
    ...media,
    lettingsFeeText:
      draft.channel === 'lettings' && draft.spec.type !== 'commercial' && random.chance(0.9)
        ? lettingsFeeText(draft)
        : null,
    epcRating: draft.epcRating,
    councilTaxBand: draft.councilTaxBand,
    tenure: draft.tenure,
    createdAt: draft.createdAt,
    updatedAt: updatedAt < draft.createdAt ? draft.createdAt : updatedAt,
    launchedAt,
  };
}

function pickStaff(
  random: Random,
  staff: StaffRow[],
  draft: Pick<Draft, 'channel' | 'tags' | 'isNewBuild'>,
): number | null {
  const specialistJob = draft.tags.includes('agricultural')
    ? /agricultural/i
    : draft.tags.includes('auction')
      ? /auction/i
      : draft.tags.includes('commercial') && !draft.tags.includes('gth commercial')
        ? /commercial/i
        : draft.isNewBuild
          ? /new homes/i
          : null;
  const specialist = specialistJob ? staff.find((member) => specialistJob.test(member.jobTitle)) : undefined;
  if (specialist) return specialist.id;
  const team = staff.filter((member) =>
    draft.channel === 'sales' ? member.contactableForSales : member.contactableForLettings,
  );
  return team.length > 0 ? random.pick(team).id : (staff[0]?.id ?? null);
}

// ---------------------------------------------------------------------------------------------------------
// Photos, floorplans, EPC charts, videos and galleries

function photo(folder: 'photos' | 'interiors', name: string, imageAlt: string, caption: string): PropertyImage {
  return { url: mediaUrl(folder, name), imageAlt, caption, width: PHOTO_WIDTH, height: PHOTO_HEIGHT };
}

const interiorCaptions: Record<InteriorKind, string[]> = {
  kitchen: ['Kitchen', 'Kitchen/breakfast room', 'Kitchen/dining room', 'Open-plan kitchen'],
  'living-room': ['Sitting room', 'Living room', 'Drawing room', 'Reception room'],
  bedroom: ['Principal bedroom', 'Bedroom two', 'Guest bedroom', 'Bedroom'],
  bathroom: ['Bathroom', 'Shower room', 'En suite', 'Family bathroom'],
  garden: ['Rear garden', 'Garden', 'Patio and garden', 'Terrace'],
};

function interiorAlt(kind: InteriorKind, caption: string): string {
  switch (kind) {
    case 'kitchen':
      return `${caption} with fitted units, a range cooker and a window over the sink`;
    case 'living-room':
      return `${caption} with a sofa, a large window and a feature wall`;
    case 'bedroom':
      return `${caption} with a double bed, bedside tables and a window`;
    case 'bathroom':
      return `${caption} with a bath, a wash basin and tiled walls`;
    case 'garden':
      return `${caption} with a paved terrace, a lawn and planted borders`;
  }
}

function buildMedia(
  random: Random,
  draft: Pick<
    Draft,
    'id' | 'spec' | 'beds' | 'acreage' | 'tags' | 'locality' | 'epcRating' | 'epcPotential' | 'channel' | 'branch'
  >,
): Pick<PropertyRow, 'photos' | 'floorplans' | 'epcCharts' | 'videos' | 'galleries'> {
  const { spec } = draft;
  const description = describeStyle(draft);
  const exteriorKinds = spec.exterior;
  const exteriors = exteriorPhotos.filter((candidate) => exteriorKinds.includes(candidate.kind));
  const firstExterior = random.pick(exteriors.filter((candidate) => candidate.kind === exteriorKinds[0]));
  const photos: PropertyImage[] = [];
  if (spec.type === 'land') {
    photos.push(photo('photos', firstExterior.name, `View across the land at ${draft.locality}`, 'The land'));
  } else if (spec.type === 'commercial') {
    photos.push(photo('photos', firstExterior.name, `Street frontage of the ${spec.noun}`, 'Frontage'));
  } else if (spec.type === 'flat') {
    photos.push(
      photo(
        'photos',
        firstExterior.name,
        `Exterior of the building containing ${withArticle(description)}`,
        'Exterior',
      ),
    );
  } else {
    photos.push(
      photo('photos', firstExterior.name, `Front elevation of ${withArticle(description)}`, 'Front elevation'),
    );
  }
  const target = random.int(4, 14);
  if (spec.type === 'land' || spec.type === 'commercial' || spec.style === 'Farm') {
    const pool = random.shuffle(exteriors.filter((candidate) => candidate.name !== firstExterior.name));
    for (const extra of pool.slice(0, Math.max(3, Math.min(target, pool.length) - 1))) {
      const caption =
        extra.kind === 'land'
          ? random.pick(['The land', 'Pasture', 'Boundary hedging', 'Access'])
          : random.pick(['Exterior', 'Outbuildings', 'Rear elevation', 'Yard']);
      photos.push(photo('photos', extra.name, `${caption} at the ${spec.noun} in ${draft.locality}`, caption));
    }
    if (spec.style === 'Farm') {
      for (const kind of ['kitchen', 'living-room', 'bedroom'] as const) {
        const interior = random.pick(interiorPhotos.filter((candidate) => candidate.kind === kind));
        const caption = random.pick(interiorCaptions[kind]);
        photos.push(photo('interiors', interior.name, `${interiorAlt(kind, caption)} in the farmhouse`, caption));
      }
    }
  } else {
    const sequence: InteriorKind[] = ['living-room', 'kitchen', 'bedroom', 'bathroom'];
    if (draft.tags.includes('garden')) sequence.push('garden');
    const extras: InteriorKind[] = [
      'bedroom',
      'living-room',
      'kitchen',
      'bedroom',
      'bathroom',
      'garden',
      'living-room',
      'bedroom',
      'kitchen',
    ];
    while (sequence.length + 1 < target && extras.length > 0) {
      const next = extras.shift()!;
      if (next === 'garden' && !draft.tags.includes('garden')) continue;
      if (next === 'bedroom' && sequence.filter((kind) => kind === 'bedroom').length >= Math.max(1, draft.beds))
        continue;
      sequence.push(next);
    }
    const used = new Set<string>();
    let bedroomCount = 0;
    for (const kind of sequence.slice(0, target - 1)) {
      const options = interiorPhotos.filter((candidate) => candidate.kind === kind && !used.has(candidate.name));
      const interior =
        options.length > 0
          ? random.pick(options)
          : random.pick(interiorPhotos.filter((candidate) => candidate.kind === kind));
      used.add(interior.name);
      let caption = random.pick(
        interiorCaptions[kind].filter((option) => spec.type !== 'flat' || option !== 'Drawing room'),
      );
      if (kind === 'bedroom') {
        bedroomCount += 1;
        caption =
          draft.beds === 0
            ? 'Sleeping area'
            : bedroomCount === 1
              ? 'Principal bedroom'
              : `Bedroom ${numberWord(bedroomCount)}`;
      }
      photos.push(photo('interiors', interior.name, interiorAlt(kind, caption), caption));
    }
    if (photos.length < target && exteriors.length > 1) {
      const rear = random.pick(exteriors.filter((candidate) => candidate.name !== firstExterior.name));
      photos.push(photo('photos', rear.name, `Another view of the ${spec.noun} from the street`, 'Exterior'));
    }
  }

  const floorplanList: PropertyImage[] = [];
  if (spec.type !== 'land' && random.chance(0.62)) {
    const plan =
      spec.type === 'commercial'
        ? floorplans[7]
        : spec.type === 'bungalow'
          ? floorplans[6]
          : spec.type === 'flat'
            ? floorplans[Math.min(2, draft.beds)]
            : floorplans[draft.beds <= 2 ? 3 : draft.beds === 3 ? 4 : 5];
    if (plan) {
      floorplanList.push({
        url: mediaUrl('floorplans', plan.name),
        imageAlt: `Floorplan of ${withArticle(description)}`,
        caption: 'Floorplan',
        width: PHOTO_WIDTH,
        height: PHOTO_HEIGHT,
      });
    }
  }

  const epcCharts: PropertyImage[] = [];
  if (draft.epcRating && draft.epcPotential && random.chance(0.8)) {
    const scores = epcScores(draft.epcRating, draft.epcPotential);
    epcCharts.push({
      url: mediaUrl('epc', epcChartName(draft.epcRating, draft.epcPotential)),
      imageAlt: `Energy performance chart: current rating ${draft.epcRating} (${scores.current}), potential rating ${draft.epcPotential} (${scores.potential})`,
      caption: `EPC rating ${draft.epcRating}`,
      width: 1200,
      height: 1000,
    });
  }

  const videos: PropertyVideo[] = [];
  if (spec.type !== 'land' && random.chance(0.1)) {
    const isYoutube = random.chance(0.7);
    videos.push({
      id: `video-${draft.id}-1`,
      url: isYoutube
        ? `https://www.youtube.com/watch?v=${random.chars(11, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-')}`
        : `https://vimeo.com/${random.int(100_000_000, 999_999_999)}`,
      description: random.chance(0.3)
        ? null
        : random.pick([
            'Video walkthrough',
            'Property video tour',
            'Drone footage of the property and surroundings',
            'Agent’s guided tour',
          ]),
      kind: 'video',
    });
  }
  if (spec.type !== 'land' && random.chance(0.1)) {
    videos.push({
      id: `tour-${draft.id}-1`,
      url: `https://my.matterport.com/show/?m=${random.chars(11, 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789')}`,
      description: random.chance(0.3)
        ? null
        : random.pick(['Virtual tour', '3D virtual walkthrough', 'Interactive 360° tour']),
      kind: 'tour',
    });
  }

  const galleries: PropertyGallery[] = [];
  const galleryImages = (kind: 'land' | 'interior' | 'mixed', count: number, title: string): PropertyImage[] => {
    const pool: Array<readonly ['photos' | 'interiors', string]> =
      kind === 'land'
        ? exteriorPhotos
            .filter((candidate) => candidate.kind === 'land' || candidate.kind === 'barn')
            .map((candidate) => ['photos', candidate.name] as const)
        : kind === 'interior'
          ? interiorPhotos
              .filter((candidate) => candidate.kind !== 'garden')
              .map((candidate) => ['interiors', candidate.name] as const)
          : [...exteriorPhotos.map((candidate) => ['photos', candidate.name] as const)];
    return random.sample(pool, count).map(([folder, name], index) => ({
      url: mediaUrl(folder, name),
      imageAlt: `${title}, image ${index + 1}`,
      caption: `${title} (${index + 1} of ${count})`,
      width: PHOTO_WIDTH,
      height: PHOTO_HEIGHT,
    }));
  };
  if (draft.tags.includes('agricultural') && random.chance(0.6)) {
    galleries.push({
      id: `agricultural-${draft.id}`,
      kind: 'agricultural-sales-event',
      title: 'Farm sale: machinery and livestock',
      images: galleryImages('land', 6, 'Farm sale'),
    });
  }
  if (draft.tags.includes('auction')) {
    galleries.push({
      id: `auction-${draft.id}`,
      kind: 'property-auction-sales-event',
      title: 'Auction day at the Harbour & Vale saleroom',
      images: galleryImages('mixed', 5, 'Auction day'),
    });
  }
  if (spec.isPeriod && draft.channel === 'sales' && random.chance(0.06)) {
    galleries.push({
      id: `history-${draft.id}`,
      kind: 'history-images',
      title: 'The house through the years',
      images: galleryImages('mixed', 4, 'Historic photograph'),
    });
  }
  if (
    draft.branch.extraDepartments.includes('antiques') &&
    (spec.style === 'Country house' || spec.style === 'Town house') &&
    draft.channel === 'sales' &&
    random.chance(0.5)
  ) {
    galleries.push({
      id: `antiques-${draft.id}`,
      kind: 'antiques-sales-event',
      title: 'Contents sale: antiques and collectables',
      images: galleryImages('interior', 6, 'Contents sale'),
    });
  }

  return { photos, floorplans: floorplanList, epcCharts, videos, galleries };
}

// ---------------------------------------------------------------------------------------------------------
// Copy: summaries, descriptions and features, from phrase banks

type Copy = { summary: string; description: string; features: string[] };

const adjectives = {
  house: [
    'well-presented',
    'beautifully presented',
    'spacious',
    'handsome',
    'light-filled',
    'thoughtfully extended',
    'immaculate',
    'characterful',
  ],
  flat: [
    'bright',
    'stylish',
    'well-proportioned',
    'beautifully presented',
    'light-filled',
    'immaculate',
    'contemporary',
  ],
  cottage: ['charming', 'characterful', 'pretty', 'delightful', 'beautifully kept'],
};

function adjectiveFor(random: Random, spec: StyleSpec): string {
  if (spec.style === 'Cottage') return random.pick(adjectives.cottage);
  return random.pick(spec.type === 'flat' ? adjectives.flat : adjectives.house);
}

function highlights(draft: Draft, random: Random): string[] {
  const options: string[] = [];
  if (draft.tags.includes('garden'))
    options.push(
      random.pick([
        'a south-facing garden',
        'a private rear garden',
        'a mature, well-stocked garden',
        'a sunny walled garden',
      ]),
    );
  if (draft.tags.includes('parking'))
    options.push(random.pick(['off-street parking', 'a driveway and garage', 'allocated parking']));
  if (draft.spec.type === 'flat')
    options.push(
      random.pick([
        'far-reaching views',
        'a lift to all floors',
        'a private balcony',
        'high ceilings and large sash windows',
      ]),
    );
  else
    options.push(
      random.pick([
        'a bright open-plan kitchen',
        'a wealth of period features',
        'a home office',
        'a utility room',
        'a log burner in the sitting room',
      ]),
    );
  if (draft.squareFeet) options.push(`around ${draft.squareFeet.toLocaleString('en-GB')} sq ft of accommodation`);
  return random.shuffle(options).slice(0, 2);
}

function roomsParagraph(draft: Draft, random: Random): string {
  const { spec, beds, baths, receptions } = draft;
  const sitting = random.pick([
    'a sitting room with a bay window',
    'a generous sitting room',
    'a sitting room with an open fireplace',
    'a living room opening onto the garden',
    'a dual-aspect sitting room',
  ]);
  const kitchen = random.pick([
    'a kitchen/dining room',
    'a refitted kitchen/breakfast room',
    'an open-plan kitchen, dining and family room',
    'a kitchen with a separate dining area',
  ]);
  const detail = draft.isNewBuild
    ? random.pick([
        'The kitchen has quartz worktops and integrated appliances, and the bathrooms are fitted with contemporary sanitaryware.',
        'High levels of insulation, triple glazing and an air source heat pump keep running costs low.',
        'There is underfloor heating on the ground floor and fitted wardrobes in the principal bedroom.',
      ])
    : random.pick([
        `The kitchen was refitted in ${random.int(2016, 2024)} with ${random.pick(['quartz', 'oak', 'granite', 'composite'])} worktops and integrated appliances.`,
        'Gas central heating and double glazing are installed throughout.',
        'There is underfloor heating in the kitchen and bathroom, and the windows are double glazed.',
        spec.isPeriod || spec.style === 'Flat'
          ? 'Original features include high ceilings, deep skirting boards and ornate cornicing.'
          : 'The rooms are well proportioned, with plenty of built-in storage.',
        'The bedrooms are all good doubles, with fitted wardrobes in the principal bedroom.',
        'The property has been rewired and replumbed in recent years and is ready to move straight into.',
        'Solar panels and a recently replaced boiler help keep running costs down.',
      ]);
  if (spec.style === 'Studio') {
    return `The accommodation comprises an entrance hall, a studio room with a kitchen area and space for a double bed, and a shower room. ${detail}`;
  }
  const bedroomPhrase =
    baths >= 2
      ? `the principal bedroom with an en suite shower room, ${beds > 1 ? `${numberWord(beds - 1)} further bedroom${beds > 2 ? 's' : ''}` : ''}`
      : `${numberWord(beds)} bedroom${beds === 1 ? '' : 's'}`;
  const bathroomPhrase = baths >= 3 ? 'a family bathroom and a further shower room' : 'a bathroom';
  if (spec.type === 'flat' || spec.type === 'bungalow') {
    const rooms = ['an entrance hall', sitting, kitchen, bedroomPhrase.replace(/, $/, ''), bathroomPhrase];
    const lead =
      spec.type === 'bungalow' ? 'All on one level, the accommodation comprises' : 'The accommodation comprises';
    return `${lead} ${listPhrase(rooms.filter(Boolean))}. ${detail}`;
  }
  const ground = ['an entrance hall', sitting, kitchen];
  if (receptions >= 2) ground.push('a separate dining room');
  if (receptions >= 3) ground.push('a study');
  if (beds >= 3) ground.push('a cloakroom');
  if (beds >= 4 && random.chance(0.6)) ground.push('a utility room');
  const upstairsBeds = beds >= 5 ? beds - 2 : beds;
  const first =
    baths >= 2
      ? [
          `the principal bedroom with an en suite shower room`,
          upstairsBeds > 1 ? `${numberWord(upstairsBeds - 1)} further bedroom${upstairsBeds > 2 ? 's' : ''}` : '',
          'a family bathroom',
        ].filter(Boolean)
      : [`${numberWord(upstairsBeds)} bedroom${upstairsBeds === 1 ? '' : 's'}`, 'a family bathroom'];
  const second = beds >= 5 ? ' Two further bedrooms and a shower room occupy the second floor.' : '';
  return `On the ground floor there is ${listPhrase(ground)}. Upstairs, the first floor has ${listPhrase(first)}.${second} ${detail}`;
}

function outsideParagraph(draft: Draft, random: Random): string | null {
  const parts: string[] = [];
  if (draft.tags.includes('garden')) {
    parts.push(
      draft.spec.type === 'flat'
        ? 'Residents share well-kept communal gardens.'
        : random.pick([
            'Outside, the rear garden is mainly laid to lawn with well-stocked borders and a paved terrace, ideal for entertaining.',
            'Outside, the south-facing garden catches the sun for most of the day and backs onto open fields.',
            'Outside, the enclosed rear garden has a patio, a lawn and a timber shed.',
            'Outside, there are gardens to the front and rear, the rear garden enjoying a good degree of privacy.',
          ]),
    );
  }
  if (draft.tags.includes('parking')) {
    parts.push(
      draft.spec.type === 'flat'
        ? random.pick([
            'An allocated parking space is included.',
            'There is secure underground parking with a space for one car.',
          ])
        : random.pick([
            'A driveway provides off-street parking for two cars.',
            'There is a single garage with power and light, and parking in front.',
            'A gravelled drive offers parking for several cars.',
          ]),
    );
  } else if (draft.spec.type !== 'land') {
    parts.push(
      random.pick(['On-street parking is available nearby.', 'Residents’ permit parking is available on the street.']),
    );
  }
  if (draft.acreage && draft.spec.type === 'house')
    parts.push(`In all, the grounds extend to about ${draft.acreage} acres.`);
  return parts.length > 0 ? parts.join(' ') : null;
}

function locationParagraph(draft: Pick<Draft, 'locality' | 'town' | 'branch'>, random: Random): string {
  const area = draft.locality;
  const town = draft.town.name;
  const opening =
    area === town
      ? random.pick([
          `${town} has a good range of shops, pubs, cafés and everyday services, with well-regarded schools nearby.`,
          `The property is within walking distance of the centre of ${town}, with its independent shops, restaurants and parks.`,
        ])
      : random.pick([
          `${area} is one of the most popular parts of ${town}, with independent shops, cafés and well-regarded schools all within walking distance.`,
          `${area} has a village feel, with a good range of everyday shops, pubs and green spaces, and the centre of ${town} is easily reached.`,
          `From ${area} it is a short journey into ${town}, known for ${draft.branch.character}.`,
          `${area} is well placed for commuters, with regular buses into ${town} and good road links.`,
        ]);
  return `${opening} ${draft.branch.transport}`;
}

function lettingsFeeText(draft: Pick<Draft, 'price' | 'branch'>): string {
  const weekly = Math.round((draft.price * 12) / 52);
  const holding = formatPounds(weekly);
  const security = formatPounds(weekly * 5);
  if (draft.branch.country === 'scotland') {
    return [
      `Tenant fees: none. Under the Rent (Scotland) Act 1984 letting agents in Scotland may not charge tenants any fee or premium for arranging a tenancy.`,
      `Deposit: ${formatPounds(draft.price)} (one month's rent), lodged with SafeDeposits Scotland, an approved tenancy deposit scheme, within 30 working days of the tenancy starting.`,
      `Rent is payable monthly in advance. Council tax, utilities, broadband and the TV licence are the tenant's responsibility unless stated otherwise.`,
      `${AGENCY_NAME} is registered with the Scottish Letting Agent Register and is a member of Propertymark Client Money Protection.`,
    ].join('\n\n');
  }
  const act =
    draft.branch.country === 'wales' ? 'the Renting Homes (Fees etc.) (Wales) Act 2019' : 'the Tenant Fees Act 2019';
  return [
    `Holding deposit: ${holding} (one week's rent), payable to reserve the property. It is refundable unless you provide false or misleading information, fail a right-to-rent check, withdraw, or fail to take all reasonable steps to enter into the tenancy agreement by the agreed deadline.`,
    `Security deposit: ${security} (five weeks' rent), protected in a government-approved tenancy deposit scheme.`,
    `Other permitted payments under ${act}: the rent; a change to the tenancy at your request (up to £50 including VAT); early termination at your request (the landlord's loss and our reasonable costs); utilities, communication services, TV licence and council tax; interest on rent paid more than 14 days late (3% above the Bank of England base rate); and the reasonable cost of replacing lost keys or security devices.`,
    `${AGENCY_NAME} is a member of Propertymark Client Money Protection and of The Property Ombudsman redress scheme${draft.branch.country === 'wales' ? ', and is licensed by Rent Smart Wales' : ''}.`,
  ].join('\n\n');
}

function writeCopy(random: Random, draft: Draft, now: Date): Copy {
  const { spec, channel } = draft;
  const article = aStyle(draft);
  const adjective = adjectiveFor(random, spec);
  const noun =
    spec.style === 'Farm' || spec.style === 'Agricultural land' || spec.style === 'Paddock'
      ? spec.noun
      : describeStyle(draft);
  const area = draft.locality;
  const street = draft.street.name;
  const [highlightA = 'generous accommodation', highlightB = 'good access to local amenities'] = highlights(
    draft,
    random,
  );
  const availability =
    draft.availableFrom.getTime() - now.getTime() < 7 * DAY_MS ? 'now' : `from ${formatDate(draft.availableFrom)}`;
  const paragraphs: string[] = [];
  let summary: string;

  if (spec.type === 'land') {
    const use =
      spec.style === 'Building plot'
        ? `with ${random.pick(['outline', 'full', 'detailed'])} planning permission for ${withArticle(`${numberWord(random.int(2, 5))}-bedroom detached house`)}`
        : spec.style === 'Paddock'
          ? 'suitable for grazing or equestrian use, subject to any necessary consents'
          : 'in a ring fence, currently down to a mix of arable and permanent pasture';
    summary = `${capitalise(article)} off ${street}, ${area}, ${use}.`;
    paragraphs.push(`${AGENCY_NAME} are pleased to offer ${article} off ${street} on the edge of ${area}, ${use}.`);
    paragraphs.push(
      random.pick([
        'The land is gently sloping, with mature hedgerows and post-and-rail fencing to most boundaries and a water supply to a trough.',
        'Access is directly from the lane through a field gate, and mains services are understood to be available nearby.',
        'The land is classified as Grade 3 on the agricultural land classification map and has been well farmed in recent years.',
      ]),
    );
    paragraphs.push(locationParagraph(draft, random));
    paragraphs.push(
      `${draft.tags.includes('auction') ? `The land is offered for sale by public auction on ${formatDate(draft.auctionDate ?? now)}, unless sold prior.` : 'The land is offered for sale by private treaty as a whole.'} Viewing is strictly by appointment, on foot and during daylight hours, with a copy of these particulars to hand.`,
    );
  } else if (spec.type === 'commercial') {
    const size = draft.squareFeet
      ? `approximately ${draft.squareFeet.toLocaleString('en-GB')} sq ft`
      : 'a generous floor area';
    const useClass =
      spec.style === 'Retail unit'
        ? 'Class E (commercial, business and service)'
        : spec.style === 'Office'
          ? 'Class E(g)(i) (offices)'
          : 'Class B2/B8 (general industrial and storage)';
    summary = `${capitalise(withArticle(spec.noun))} ${channel === 'sales' ? 'for sale' : 'to let'} on ${street}, ${area}, extending to ${size}.`;
    paragraphs.push(
      `${capitalise(withArticle(spec.noun))} ${channel === 'sales' ? 'for sale' : 'to let'} on ${street} in ${area}, extending to ${size} and benefiting from ${useClass} use.`,
    );
    paragraphs.push(
      spec.style === 'Retail unit'
        ? 'The premises have a full-height glazed frontage with a prominent fascia, an open sales area, a rear store, a kitchenette and a WC.'
        : spec.style === 'Office'
          ? 'The suites are fitted with raised floors, LED lighting, air conditioning and perimeter trunking, with a passenger lift, shower facilities and secure cycle storage.'
          : 'The unit is of steel portal frame construction with an eaves height of about 7 metres, two electric roller shutter doors, a three-phase power supply and a yard with parking.',
    );
    paragraphs.push(locationParagraph(draft, random));
    paragraphs.push(
      `${channel === 'sales' ? `The ${draft.tenure?.toLowerCase() ?? 'freehold'} interest is offered with vacant possession.` : 'A new full repairing and insuring lease is available on terms to be agreed.'} Business rates and VAT may be payable; interested parties should make their own enquiries of the local authority. Viewing is by appointment with our commercial team.`,
    );
  } else if (channel === 'sales') {
    const opening = random.pick([
      `${AGENCY_NAME} are delighted to offer ${article} on ${street}, one of the most sought-after roads in ${area}.`,
      `Rarely available, this ${adjective} ${noun} sits on a quiet stretch of ${street} in ${area}, within easy reach of local shops, schools and transport links.`,
      `We are pleased to bring to the market ${article} which has been ${random.pick(['lovingly maintained', 'carefully modernised', 'thoughtfully extended', 'comprehensively refurbished', 'well cared for'])} by the current owners.`,
      `A ${adjective} ${noun} in the heart of ${area}, with ${highlightA} and ${highlightB}.`,
      spec.type === 'flat'
        ? `Occupying the ${random.pick(['ground', 'first', 'second', 'top'])} floor of ${random.pick(['a handsome period building', 'a modern block', 'an elegant converted villa', 'a popular purpose-built development'])}, this ${adjective} ${noun} enjoys ${random.pick(['plenty of natural light', 'views over the rooftops', 'a quiet outlook to the rear'])}.`
        : `Set back from ${street} behind ${random.pick(['a low stone wall and a neat front garden', 'a gravelled driveway', 'established hedging', 'wrought-iron railings'])}, this ${adjective} ${noun} combines character with modern comforts.`,
    ]);
    const buyer =
      draft.beds <= 1
        ? 'first-time buyers and investors alike'
        : draft.beds === 2
          ? 'first-time buyers, downsizers or investors'
          : draft.beds <= 4
            ? 'a growing family'
            : 'a large family looking for space inside and out';
    const second = draft.tags.includes('chain free')
      ? 'It is offered with no onward chain.'
      : draft.isNewBuild
        ? 'As a new home it comes with the balance of a ten-year build warranty.'
        : `It would suit ${buyer}.`;
    paragraphs.push(`${opening} ${second}`);
    paragraphs.push(roomsParagraph(draft, random));
    const outside = outsideParagraph(draft, random);
    if (outside) paragraphs.push(outside);
    if (random.chance(0.85)) paragraphs.push(locationParagraph(draft, random));
    const scottish = draft.branch.country === 'scotland' ? ' A Home Report is available on request.' : '';
    const auction = draft.tags.includes('auction')
      ? ` The property is offered for sale by public auction on ${formatDate(draft.auctionDate ?? now)}, unless sold prior; a legal pack will be available from our auction team.`
      : '';
    paragraphs.push(
      `Council tax band ${draft.councilTaxBand ?? 'to be confirmed'}. Tenure: ${draft.tenure ?? 'freehold'}.${scottish}${auction} Viewing is strictly by appointment with our ${draft.branch.name} office.`,
    );
    summary = `${capitalise(article)} ${random.pick(['in a popular residential road in', 'in a sought-after position in', 'close to the centre of', 'in a quiet corner of'])} ${area}, with ${highlightA} and ${highlightB}.`;
  } else {
    const furnishedPhrase =
      draft.furnished === 'furnished'
        ? 'offered furnished'
        : draft.furnished === 'part furnished'
          ? 'offered part furnished'
          : 'offered unfurnished';
    paragraphs.push(
      random.pick([
        `Available ${availability}, ${article} ${furnishedPhrase} on ${street} in ${area}.`,
        `This ${adjective} ${noun} on ${street} is available to rent ${availability}, ${furnishedPhrase}, and is ideally placed for ${random.pick(['the city centre', 'local schools', 'the station', 'the hospitals and universities', 'shops and cafés'])}.`,
        `${AGENCY_NAME} are pleased to offer ${article} to let in ${area}, ${furnishedPhrase}, with ${highlightA}.`,
      ]),
    );
    paragraphs.push(roomsParagraph(draft, random));
    const outside = outsideParagraph(draft, random);
    if (outside && random.chance(0.7)) paragraphs.push(outside);
    if (random.chance(0.6)) paragraphs.push(locationParagraph(draft, random));
    const pets = draft.tags.includes('pets') ? 'Pets will be considered by the landlord.' : 'Sorry, no pets.';
    const shortLet = draft.tags.includes('short let')
      ? ' Short lets of three to six months are available by arrangement.'
      : '';
    paragraphs.push(
      `${pets}${shortLet} Council tax band ${draft.councilTaxBand ?? 'to be confirmed'}. Viewing is by appointment with our lettings team.`,
    );
    summary = `${capitalise(article)} to rent in ${area}, available ${availability}, ${furnishedPhrase.replace('offered ', '')}, with ${highlightA}.`;
  }

  return {
    summary,
    description: paragraphs.slice(0, 5).join('\n\n'),
    features: writeFeatures(random, draft, availability, now),
  };
}

function writeFeatures(random: Random, draft: Draft, availability: string, now: Date): string[] {
  const { spec, channel } = draft;
  const key: string[] = [];
  if (spec.type === 'land') {
    key.push(
      `${draft.acreage ?? 0} acres`,
      spec.style === 'Building plot' ? 'Planning permission granted' : 'Road frontage and gated access',
    );
  } else if (spec.type === 'commercial') {
    if (draft.squareFeet) key.push(`Approximately ${draft.squareFeet.toLocaleString('en-GB')} sq ft`);
    key.push(
      spec.style === 'Office'
        ? 'Air conditioning'
        : spec.style === 'Retail unit'
          ? 'Prominent glazed frontage'
          : 'Electric roller shutter doors',
    );
  } else {
    if (draft.beds > 0) key.push(`${capitalise(numberWord(draft.beds))} bedroom${draft.beds === 1 ? '' : 's'}`);
    else key.push('Studio layout');
    if (draft.baths > 1) key.push(`${capitalise(numberWord(draft.baths))} bathrooms`);
    if (draft.receptions > 1) key.push(`${capitalise(numberWord(draft.receptions))} reception rooms`);
  }
  if (draft.tags.includes('garden'))
    key.push(
      spec.type === 'flat'
        ? 'Communal gardens'
        : random.pick(['South-facing garden', 'Private rear garden', 'Landscaped garden']),
    );
  if (draft.tags.includes('parking'))
    key.push(random.pick(['Off-street parking', 'Allocated parking', 'Garage and driveway']));
  if (draft.tags.includes('chain free')) key.push('No onward chain');
  if (draft.tags.includes('auction')) key.push(`For sale by auction on ${formatDate(draft.auctionDate ?? now)}`);
  if (draft.isNewBuild) key.push('Ten-year build warranty');
  if (channel === 'lettings') {
    key.push(`Available ${availability}`);
    if (draft.furnished) key.push(capitalise(draft.furnished));
    if (draft.tags.includes('pets')) key.push('Pets considered');
    if (draft.tags.includes('short let')) key.push('Short let available');
  }
  const extras = random.shuffle([
    'Gas central heating',
    'Double glazing throughout',
    'Close to well-regarded schools',
    'Walking distance of the station',
    spec.isPeriod ? 'Period features' : 'Modern fixtures and fittings',
    'Popular residential area',
    draft.squareFeet && spec.type !== 'commercial'
      ? `Approximately ${draft.squareFeet.toLocaleString('en-GB')} sq ft`
      : 'Convenient for local shops',
    draft.epcRating ? `EPC rating ${draft.epcRating}` : 'EPC available on request',
    draft.councilTaxBand ? `Council tax band ${draft.councilTaxBand}` : 'Business rates apply',
  ]);
  const count = random.int(5, 8);
  return [...key, ...extras].filter((feature, index, all) => all.indexOf(feature) === index).slice(0, count);
}

// ---------------------------------------------------------------------------------------------------------
// New-homes developments

type DevelopmentPlan = {
  name: string;
  branch: string;
  outcode: string;
  locality: string;
  developer: string;
  plots: StyleKey[];
};

const developmentPlans: DevelopmentPlan[] = [
  {
    name: 'Kingsmead Quarter',
    branch: 'bath',
    outcode: 'BA2',
    locality: 'Odd Down',
    developer: 'Avonvale Homes',
    plots: ['terraced', 'terraced', 'semi', 'semi', 'semi', 'detached', 'detached', 'endTerrace', 'detached'],
  },
  {
    name: 'Harbour Walk',
    branch: 'bristol-clifton',
    outcode: 'BS1',
    locality: 'Harbourside',
    developer: 'Redcliffe Living',
    plots: [
      'apartment',
      'apartment',
      'apartment',
      'apartment',
      'apartment',
      'apartment',
      'apartment',
      'apartment',
      'apartment',
      'apartment',
      'penthouse',
      'penthouse',
    ],
  },
  {
    name: 'Orchard Rise',
    branch: 'bristol-clifton',
    outcode: 'BS36',
    locality: 'Frampton Cotterell',
    developer: 'Cotswold Edge Homes',
    plots: ['semi', 'semi', 'detached', 'detached', 'detached', 'semi', 'terraced', 'terraced'],
  },
  {
    name: 'Cherwell Fields',
    branch: 'oxford',
    outcode: 'OX5',
    locality: 'Kidlington',
    developer: 'Isis Park Developments',
    plots: ['semi', 'semi', 'semi', 'detached', 'detached', 'terraced', 'terraced', 'terraced', 'detached', 'semi'],
  },
  {
    name: 'St Clement’s Yard',
    branch: 'oxford',
    outcode: 'OX4',
    locality: 'East Oxford',
    developer: 'Isis Park Developments',
    plots: ['apartment', 'apartment', 'apartment', 'apartment', 'penthouse', 'apartment'],
  },
  {
    name: 'Stray Gardens',
    branch: 'harrogate',
    outcode: 'HG2',
    locality: 'Oatlands',
    developer: 'Nidd Valley Homes',
    plots: ['detached', 'detached', 'semi', 'semi', 'detached', 'semi', 'detached'],
  },
  {
    name: 'Ocean Wharf',
    branch: 'edinburgh',
    outcode: 'EH6',
    locality: 'Leith',
    developer: 'Forth Quay Homes',
    plots: [
      'apartment',
      'apartment',
      'apartment',
      'apartment',
      'apartment',
      'apartment',
      'apartment',
      'apartment',
      'apartment',
      'penthouse',
      'penthouse',
    ],
  },
  {
    name: 'Cramond Brig Park',
    branch: 'edinburgh',
    outcode: 'EH4',
    locality: 'Cramond',
    developer: 'Lothian Heritage Homes',
    plots: ['detached', 'detached', 'semi', 'semi', 'detached'],
  },
];

function buildDevelopment(
  random: Random,
  plan: DevelopmentPlan,
  area: BranchArea,
  firstId: number,
  now: Date,
): PropertyRow[] {
  const district = area.districts.find((candidate) => candidate.district.outcode === plan.outcode)?.district;
  if (!district) throw new Error(`${plan.outcode} is not in the ${plan.branch} area`);
  const centre = scatter(random, district, 0.5);
  const town = nearestTown(area.towns, centre);
  const street = random.pick(streetsFor(district));
  const developmentId = firstId;
  const createdAt = new Date(now.getTime() - random.int(20, 200) * DAY_MS);
  const isApartments = plan.plots.every((key) => styles[key].type === 'flat');
  const plotRows: PropertyRow[] = [];

  plan.plots.forEach((styleKey, index) => {
    const id = firstId + 1 + index;
    const plotNumber = index + 1;
    const spec: StyleSpec = styles[styleKey];
    const beds = pickBeds(random, spec.beds);
    const baths = Math.max(1, Math.min(beds, Math.round(beds * 0.6)));
    const location = offsetPoint(centre, random.int(-150, 150), random.int(-150, 150));
    const tags = orderTags(['new home', 'chain free', ...(spec.type === 'flat' ? [] : ['garden']), 'parking']);
    const price = roundTo(
      basePrice(styleKey, beds, null, random) * area.plan.priceFactor * 1.1 * Math.exp(random.normalish() * 0.08),
      5_000,
    );
    const [epcRating, epcPotential] = pickEpc(random, true, false);
    const status: PropertyStatus = random.weighted([
      ['available', 0.6],
      ['under-offer', 0.2],
      ['sstc', 0.15],
      ['sold', 0.05],
    ]);
    const draft: Draft = {
      id,
      channel: 'sales',
      branch: area.plan,
      district,
      town,
      spec,
      location,
      street,
      locality: plan.locality,
      buildingNumber: null,
      buildingName: `Plot ${plotNumber}`,
      flatName: null,
      postcode: street.postcodes[0] ?? `${district.outcode} 1AA`,
      beds,
      baths,
      receptions: spec.type === 'flat' ? 1 : Math.max(1, Math.round(beds / 2)),
      squareFeet: roundTo((spec.type === 'flat' ? 450 + 250 * beds : 520 + 300 * beds) * random.float(0.95, 1.08), 5),
      acreage: null,
      tags,
      price,
      priceQualifier: '',
      status,
      createdAt: new Date(createdAt.getTime() + random.int(0, 3) * DAY_MS),
      epcRating,
      epcPotential,
      councilTaxBand: null,
      tenure: spec.type === 'flat' ? 'Leasehold' : 'Freehold',
      furnished: '',
      availableFrom: now,
      auctionDate: null,
      isNewBuild: true,
    };
    const row = finishProperty(random, draft, area, now);
    const described = describeStyle(draft);
    row.slug = `plot-${plotNumber}-${row.slug}`;
    row.parentId = developmentId;
    row.displayAddress = `Plot ${plotNumber}, ${plan.name}, ${plan.locality}, ${town.name}`;
    row.addressLine1 = `Plot ${plotNumber}, ${plan.name}, ${street.name}`;
    row.councilTaxBand = null;
    row.summary = `Plot ${plotNumber} at ${plan.name}: ${withArticle(described)} built by ${plan.developer}, ready to reserve now with a ten-year build warranty.`;
    row.description = [
      `Plot ${plotNumber} is ${withArticle(described)} at ${plan.name}, ${plan.developer}'s new development in ${plan.locality}.`,
      roomsParagraph(draft, random),
      `Every home at ${plan.name} is built to a high specification, with an air source heat pump, underfloor heating on the ground floor, an electric vehicle charging point and a ten-year build warranty. EPC rating ${epcRating} (predicted).`,
      `Reservations are now being taken. Council tax band to be confirmed on completion. Contact our New Homes team to book a visit to the show home.`,
    ].join('\n\n');
    row.features = [
      `${capitalise(numberWord(beds))}-bedroom ${spec.noun}`,
      'Ten-year build warranty',
      'Air source heat pump',
      'Electric vehicle charging point',
      spec.type === 'flat' ? 'Lift to all floors' : 'Turfed rear garden',
      `Predicted EPC rating ${epcRating}`,
    ];
    row.staffMemberId = area.staff.find((member) => /new homes/i.test(member.jobTitle))?.id ?? row.staffMemberId;
    row.lettingsFeeText = null;
    plotRows.push(row);
  });

  const prices = plotRows.map((row) => row.priceValue ?? 0);
  const beds = plotRows.map((row) => row.bedrooms ?? 0);
  const minBeds = Math.min(...beds);
  const maxBeds = Math.max(...beds);
  const bedsRange =
    minBeds === maxBeds
      ? `${numberWord(minBeds)}-bedroom`
      : `${numberWord(minBeds)}- to ${numberWord(maxBeds)}-bedroom`;
  const homesNoun = isApartments ? 'apartments' : 'homes';
  const exteriorKinds = new Set(plan.plots.flatMap((key) => styles[key].exterior));
  const sitePhotos = exteriorPhotos
    .filter((candidate) => exteriorKinds.has(candidate.kind))
    .slice(0, 6)
    .map((candidate, index) =>
      photo(
        'photos',
        candidate.name,
        index === 0 ? `Street scene at ${plan.name}, ${plan.locality}` : `${capitalise(homesNoun)} at ${plan.name}`,
        index === 0 ? plan.name : 'Computer-generated image',
      ),
    );
  const showHome = interiorPhotos
    .filter((candidate) => candidate.kind !== 'garden')
    .slice(0, 4)
    .map((candidate) =>
      photo(
        'interiors',
        candidate.name,
        `Show home ${interiorCaptions[candidate.kind][0]!.toLowerCase()} at ${plan.name}`,
        `Show home: ${interiorCaptions[candidate.kind][0]!}`,
      ),
    );
  const updatedAt = new Date(Math.min(now.getTime(), createdAt.getTime() + random.int(1, 30) * DAY_MS));
  const development: PropertyRow = {
    id: developmentId,
    slug: `${slugify(plan.name)}-new-homes-in-${slugify(plan.locality)}-${slugify(town.name)}-${district.slug}-${developmentId}`,
    reference: `HV-${area.plan.code}-${String(developmentId).padStart(5, '0')}`,
    channel: 'sales',
    status: 'available',
    isPublished: true,
    priceValue: Math.min(...prices),
    priceQualifier: '',
    exchangedPrice: null,
    disposal: 'Private treaty',
    displayAddress: `${plan.name}, ${plan.locality}, ${town.name}`,
    addressLine1: `${plan.name}, ${street.name}`,
    town: town.name,
    county: town.countyName,
    countySlug: town.countySlug,
    country: area.plan.country,
    postcode: street.postcodes[0] ?? `${district.outcode} 1AA`,
    postcodeDistrict: district.outcode,
    placeId: town.id,
    location: centre,
    bedrooms: maxBeds,
    bathrooms: Math.max(...plotRows.map((row) => row.bathrooms ?? 1)),
    receptionRooms: Math.max(...plotRows.map((row) => row.receptionRooms ?? 1)),
    propertyType: isApartments ? 'flat' : 'house',
    propertyStyle: 'New homes development',
    squareFeet: null,
    acreage: null,
    tags: orderTags(['new home', 'parking', 'gth development']),
    shortLet: false,
    petsAllowed: false,
    auctionDate: null,
    branchId: area.plan.id,
    staffMemberId: area.staff.find((member) => /new homes/i.test(member.jobTitle))?.id ?? area.staff[0]?.id ?? null,
    parentId: null,
    isDevelopment: true,
    summary: `${plan.name}: ${plan.plots.length} new ${bedsRange} ${homesNoun} by ${plan.developer} in ${plan.locality}, priced from ${formatPounds(Math.min(...prices))}.`,
    description: [
      `${plan.name} is a collection of ${numberWord(plan.plots.length)} ${bedsRange} ${homesNoun} by ${plan.developer}, set around ${isApartments ? 'a landscaped courtyard' : 'a new green with a play area'} in ${plan.locality}.`,
      `Each ${isApartments ? 'apartment' : 'home'} has an open-plan kitchen with integrated appliances, ${isApartments ? 'a private balcony or terrace' : 'a turfed rear garden and allocated parking'}, and is designed to a high energy standard, with air source heat pumps, solar panels and electric vehicle charging.`,
      locationParagraph({ branch: area.plan, town, locality: plan.locality }, random),
      `The show home is open Thursday to Monday, 10am to 5pm. Register your interest with our New Homes team to hear first about new releases and incentives.`,
    ].join('\n\n'),
    features: [
      `${plan.plots.length} ${homesNoun} in total`,
      `${capitalise(bedsRange)} ${homesNoun}`,
      'Ten-year build warranty',
      'Air source heat pumps and solar panels',
      'Electric vehicle charging',
      'Show home open Thursday to Monday',
    ],
    photos: [...sitePhotos, ...showHome],
    floorplans: [],
    epcCharts: [],
    videos: random.chance(0.6)
      ? [
          {
            id: `video-${developmentId}-1`,
            url: `https://www.youtube.com/watch?v=${random.chars(11, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-')}`,
            description: `${plan.name} development film`,
            kind: 'video',
          },
        ]
      : [],
    galleries: [],
    lettingsFeeText: null,
    epcRating: null,
    councilTaxBand: null,
    tenure: null,
    createdAt,
    updatedAt,
    launchedAt: createdAt,
  };
  return [development, ...plotRows];
}

// ---------------------------------------------------------------------------------------------------------
// Addresses for the local address lookup

function buildAddresses(random: Random, drafts: Draft[]): AddressRow[] {
  const rows: AddressRow[] = [];
  const toRow = (draft: Draft, override?: { number: number }): AddressRow => {
    const number = override ? String(override.number) : draft.buildingNumber;
    const name = override ? null : (draft.flatName ?? draft.buildingName);
    const streetLine = number ? `${number} ${draft.street.name}` : draft.street.name;
    const lines = name ? [name, streetLine] : [streetLine];
    const locality = draft.locality === draft.district.postTown || /centre/i.test(draft.locality) ? '' : draft.locality;
    if (locality) lines.push(locality);
    const postcode = override ? random.pick(draft.street.postcodes) : draft.postcode;
    const [line1 = '', line2 = '', line3 = '', line4 = ''] = lines;
    return {
      buildingNumber: number,
      buildingName: name,
      line1,
      line2,
      line3,
      line4,
      townOrCity: draft.district.postTown,
      county: draft.town.countyName,
      postcode,
      searchText: [...lines, draft.district.postTown, postcode].join(', ').toLowerCase(),
      location: override ? offsetPoint(draft.location, random.int(-60, 60), random.int(-60, 60)) : draft.location,
    };
  };
  for (const draft of drafts) rows.push(toRow(draft));
  const neighbours = random.shuffle(drafts.filter((draft) => draft.buildingNumber !== null));
  for (let index = 0; index < EXTRA_ADDRESSES && neighbours.length > 0; index += 1) {
    const draft = neighbours[index % neighbours.length]!;
    let number = Number(draft.buildingNumber) + random.int(1, 12) * (random.chance(0.5) ? 1 : -1);
    if (number < 1) number = Number(draft.buildingNumber) + random.int(1, 20);
    while (draft.street.usedNumbers.has(number)) number += 2;
    draft.street.usedNumbers.add(number);
    rows.push(toRow(draft, { number }));
  }
  return rows;
}
