/**
 * The 'Material information' of a listing, grouped as National Trading Standards' guidance groups it: Part A and
 * Part B items are always listed (a value, or 'Not yet known — ask us' with the reason), Part C items only where
 * they apply. Pure: the page, the brochure print and the tests all read the same rows.
 */
import type {
  CouncilTax,
  FactKey,
  Furnishing,
  LetType,
  Nation,
  PartC,
  PropertyFacts,
  Tenure,
  TenureKind,
} from '../../../db/schema/property-facts.ts';
import type { Channel, PropertyType } from '../../../db/schema/properties.ts';
import { formatFloorArea } from './floor-area.ts';
import { formatIsoDate } from './price-history.ts';

export const NOT_YET_KNOWN = 'Not yet known — ask us';

type FactRow = {
  key: string;
  label: string;
  /** null when the item is not yet known; `reason` then says why. */
  value: string | null;
  reason?: string;
};

export type FactGroup = { id: string; title: string; rows: FactRow[] };

export type MaterialInformationInput = {
  channel: Channel;
  country: Nation;
  propertyType: PropertyType;
  propertyStyle: string;
  bedrooms: number;
  bathrooms: number;
  receptionRooms: number;
  squareFeet: number | null;
  acreage: number | null;
  /** The price as shown beside the title ('Guide price £450,000', '£1,250 pcm'). */
  priceText: string;
  priceValue: number | null;
  epcRating: string | null;
  facts: PropertyFacts | null;
};

/** Why an item is usually missing, when the agency has not given a reason of its own. */
const DEFAULT_UNKNOWN_REASONS = {
  councilTax: 'The band has not been confirmed by the valuation office yet',
  tenure: 'We are waiting for the title documents from the seller’s solicitor',
  lease: 'We are waiting for the lease details from the managing agent',
  construction: 'The survey describing the construction has not been received yet',
  electricity: 'The seller has not completed the property information form yet',
  water: 'The seller has not completed the property information form yet',
  sewerage: 'The seller has not completed the property information form yet',
  heating: 'The seller has not completed the property information form yet',
  broadband: 'The broadband checker has not been run for this address yet',
  mobileCoverage: 'The mobile coverage checker has not been run for this address yet',
  parking: 'The seller has not confirmed the parking arrangements yet',
  outsideSpace: 'The seller has not confirmed the outside space yet',
  floorArea: 'The floor area will be measured when the floorplan is drawn',
  deposit: 'The deposit is agreed with the landlord before the tenancy is offered',
  availableFrom: 'The landlord has not confirmed the date yet',
  furnishing: 'The landlord has not confirmed the furnishing yet',
  minimumTerm: 'The landlord has not confirmed the minimum term yet',
  epc: 'The energy performance certificate has been commissioned',
} as const;

const TENURE_WORDS: Record<TenureKind, string> = {
  freehold: 'Freehold',
  leasehold: 'Leasehold',
  'share-of-freehold': 'Share of freehold',
  commonhold: 'Commonhold',
  'shared-ownership': 'Shared ownership',
  unknown: 'Unknown',
};

const FURNISHING_WORDS: Record<Furnishing, string> = {
  furnished: 'Furnished',
  'part-furnished': 'Part furnished',
  unfurnished: 'Unfurnished',
  'furnished-or-unfurnished': 'Furnished or unfurnished',
};

const LET_TYPE_WORDS: Record<LetType, string> = {
  long: 'Long let',
  short: 'Short let',
  student: 'Student let',
};

const WORDS: Record<string, string> = {
  mains: 'Mains',
  solar: 'Solar panels',
  wind: 'Wind turbine',
  generator: 'Generator',
  other: 'Other',
  'private-well': 'Private (well)',
  'private-spring': 'Private (spring)',
  'septic-tank': 'Septic tank',
  'treatment-plant': 'Sewage treatment plant',
  cesspit: 'Cesspit',
  'gas-central': 'Gas central heating',
  electric: 'Electric heating',
  'electric-storage': 'Electric storage heaters',
  oil: 'Oil-fired central heating',
  lpg: 'LPG central heating',
  'air-source-heat-pump': 'Air source heat pump',
  'ground-source-heat-pump': 'Ground source heat pump',
  biomass: 'Biomass boiler',
  'solid-fuel': 'Solid fuel',
  communal: 'Communal heating',
  none: 'None',
  fttp: 'Full fibre (FTTP)',
  fttc: 'Superfast fibre to the cabinet (FTTC)',
  cable: 'Cable',
  adsl: 'Standard (ADSL)',
  'fixed-wireless': 'Fixed wireless',
  good: 'Good',
  variable: 'Variable',
  limited: 'Limited',
  garage: 'Garage',
  'double-garage': 'Double garage',
  driveway: 'Driveway',
  allocated: 'Allocated space',
  'off-street': 'Off-street',
  'on-street': 'On-street',
  permit: 'Residents’ permit',
  gated: 'Gated parking',
  'private-garden': 'Private garden',
  'communal-garden': 'Communal garden',
  balcony: 'Balcony',
  terrace: 'Terrace',
  'roof-terrace': 'Roof terrace',
  patio: 'Patio',
  courtyard: 'Courtyard',
  land: 'Land',
};

function words(values: readonly string[]): string {
  return values.map((value) => WORDS[value] ?? value).join(', ');
}

function pounds(value: number): string {
  return `£${value.toLocaleString('en-GB')}`;
}

function count(value: number, singular: string, plural: string): string {
  return value === 0 ? 'None' : `${value} ${value === 1 ? singular : plural}`;
}

function known(key: string, label: string, value: string): FactRow {
  return { key, label, value };
}

function unknown(key: string, label: string, reason: string): FactRow {
  return { key, label, value: null, reason };
}

function reasonFor(facts: PropertyFacts | null, key: FactKey, fallback: string): string {
  return facts?.unknownReasons?.[key] ?? fallback;
}

/** 'Band D', 'Not yet banded', 'Domestic rates: £1,250 a year'. */
function councilTaxText(councilTax: CouncilTax): string {
  switch (councilTax.kind) {
    case 'band':
      return `Band ${councilTax.band}`;
    case 'not-yet-banded':
      return 'Not yet banded (new build)';
    case 'domestic-rates':
      return councilTax.annualRates !== undefined
        ? `Domestic rates: ${pounds(councilTax.annualRates)} a year`
        : 'Domestic rates (Northern Ireland)';
    case 'exempt':
      return `Exempt: ${councilTax.reason}`;
  }
}

function tenureText(tenure: Tenure): string {
  return TENURE_WORDS[tenure.kind];
}

function tenureRows(input: MaterialInformationInput): FactRow[] {
  const { facts } = input;
  const tenure = facts?.tenure;
  if (!tenure || tenure.kind === 'unknown')
    return [unknown('tenure', 'Tenure', reasonFor(facts, 'tenure', DEFAULT_UNKNOWN_REASONS.tenure))];
  const rows: FactRow[] = [known('tenure', 'Tenure', tenureText(tenure))];
  const leaseReason = DEFAULT_UNKNOWN_REASONS.lease;
  if (tenure.kind === 'leasehold' || tenure.kind === 'shared-ownership') {
    rows.push(
      tenure.leaseYearsRemaining !== undefined
        ? known('leaseYears', 'Lease', `${tenure.leaseYearsRemaining} years remaining`)
        : unknown('leaseYears', 'Lease', leaseReason),
      tenure.groundRent
        ? known('groundRent', 'Ground rent', `${pounds(tenure.groundRent.annual)} a year; ${tenure.groundRent.review}`)
        : unknown('groundRent', 'Ground rent', leaseReason),
      tenure.serviceCharge
        ? known(
            'serviceCharge',
            'Service charge',
            `${pounds(tenure.serviceCharge.annual)} a year; ${tenure.serviceCharge.review}`,
          )
        : unknown('serviceCharge', 'Service charge', leaseReason),
    );
  }
  if (tenure.kind === 'shared-ownership') {
    rows.push(
      tenure.sharePercent !== undefined
        ? known('share', 'Share for sale', `${tenure.sharePercent}%`)
        : unknown('share', 'Share for sale', leaseReason),
      tenure.rentOnRemainderMonthly !== undefined
        ? known('shareRent', 'Rent on the remaining share', `${pounds(tenure.rentOnRemainderMonthly)} a month`)
        : unknown('shareRent', 'Rent on the remaining share', leaseReason),
      known('resale', 'Resale conditions', tenure.resaleConditions ?? 'None'),
    );
  }
  return rows;
}

function councilTaxRow(input: MaterialInformationInput): FactRow {
  const { facts } = input;
  const label = input.country === 'northern-ireland' ? 'Domestic rates' : 'Council tax';
  return facts?.councilTax
    ? known('councilTax', label, councilTaxText(facts.councilTax))
    : unknown('councilTax', label, reasonFor(facts, 'councilTax', DEFAULT_UNKNOWN_REASONS.councilTax));
}

function partA(input: MaterialInformationInput): FactGroup {
  const { facts } = input;
  const rows: FactRow[] = [];
  if (input.channel === 'lettings') {
    const lettings = facts?.lettings;
    rows.push(known('rent', 'Rent', input.priceText));
    rows.push(
      lettings?.deposit !== undefined
        ? known('deposit', 'Deposit', pounds(lettings.deposit))
        : unknown('deposit', 'Deposit', DEFAULT_UNKNOWN_REASONS.deposit),
      known(
        'holdingDeposit',
        'Holding deposit',
        lettings?.holdingDeposit !== undefined ? pounds(lettings.holdingDeposit) : 'None taken',
      ),
    );
    rows.push(councilTaxRow(input));
    if (facts?.tenure) rows.push(...tenureRows(input));
  } else {
    rows.push(known('price', 'Price', input.priceText));
    rows.push(councilTaxRow(input));
    rows.push(...tenureRows(input));
  }
  return { id: 'part-a', title: 'Price, tenure and council tax', rows };
}

function partB(input: MaterialInformationInput): FactGroup {
  const { facts } = input;
  const isBuilding = input.propertyType !== 'land';
  const rows: FactRow[] = [known('propertyType', 'Property type', input.propertyStyle)];
  rows.push(
    known(
      'construction',
      'Construction',
      facts?.construction ?? (isBuilding ? 'Standard (brick or block under a tiled or slate roof)' : 'No buildings'),
    ),
    known('bedrooms', 'Bedrooms', count(input.bedrooms, 'bedroom', 'bedrooms')),
    known('bathrooms', 'Bathrooms', count(input.bathrooms, 'bathroom', 'bathrooms')),
    known('receptions', 'Reception rooms', count(input.receptionRooms, 'reception room', 'reception rooms')),
  );
  if (input.squareFeet) rows.push(known('floorArea', 'Floor area', formatFloorArea(input.squareFeet)));
  else if (!isBuilding && input.acreage)
    rows.push(known('floorArea', 'Land area', `${input.acreage.toLocaleString('en-GB')} acres`));
  else rows.push(unknown('floorArea', 'Floor area', reasonFor(facts, 'floorArea', DEFAULT_UNKNOWN_REASONS.floorArea)));

  const optional = <K extends 'electricity' | 'water' | 'sewerage' | 'heating' | 'parking' | 'outsideSpace'>(
    key: K,
    label: string,
  ): FactRow => {
    const value = facts?.[key];
    if (value === undefined) return unknown(key, label, reasonFor(facts, key, DEFAULT_UNKNOWN_REASONS[key]));
    return known(key, label, typeof value === 'string' ? words([value]) : words(value));
  };
  rows.push(
    optional('electricity', 'Electricity'),
    optional('water', 'Water'),
    optional('sewerage', 'Sewerage'),
    optional('heating', 'Heating'),
  );
  const broadband = facts?.broadband;
  rows.push(
    broadband
      ? known(
          'broadband',
          'Broadband',
          broadband.kind === 'none'
            ? 'None available'
            : `${words([broadband.kind])}${broadband.downloadMbps !== undefined ? `, up to ${broadband.downloadMbps} Mbps download` : ''}${broadband.uploadMbps !== undefined ? ` and ${broadband.uploadMbps} Mbps upload` : ''}`,
        )
      : unknown('broadband', 'Broadband', reasonFor(facts, 'broadband', DEFAULT_UNKNOWN_REASONS.broadband)),
  );
  const coverage = facts?.mobileCoverage;
  rows.push(
    coverage
      ? known(
          'mobileCoverage',
          'Mobile coverage',
          `Indoors: ${words([coverage.indoor])}; outdoors: ${words([coverage.outdoor])}`,
        )
      : unknown(
          'mobileCoverage',
          'Mobile coverage',
          reasonFor(facts, 'mobileCoverage', DEFAULT_UNKNOWN_REASONS.mobileCoverage),
        ),
  );
  rows.push(optional('parking', 'Parking'), optional('outsideSpace', 'Outside space'));
  rows.push(
    input.epcRating
      ? known('epc', 'EPC rating', input.epcRating)
      : isBuilding && input.propertyType !== 'commercial'
        ? unknown('epc', 'EPC rating', DEFAULT_UNKNOWN_REASONS.epc)
        : known('epc', 'EPC rating', 'Not required'),
  );
  return { id: 'part-b', title: 'The property and its services', rows };
}

const PART_C_LABELS: Record<keyof PartC, string> = {
  buildingSafety: 'Building safety',
  restrictions: 'Restrictions',
  rightsAndEasements: 'Rights and easements',
  floodRisk: 'Flood risk',
  coastalErosion: 'Coastal erosion',
  planning: 'Planning',
  accessibility: 'Accessibility and adaptations',
  miningArea: 'Coalfield or mining area',
};

function partC(facts: PropertyFacts | null): FactGroup | null {
  const partCFacts = facts?.partC;
  if (!partCFacts) return null;
  const rows: FactRow[] = [];
  for (const key of Object.keys(PART_C_LABELS) as (keyof PartC)[]) {
    const label = PART_C_LABELS[key];
    if (key === 'floodRisk') {
      const flood = partCFacts.floodRisk;
      if (!flood) continue;
      const parts = [
        flood.zone ? `Flood zone ${flood.zone}` : null,
        flood.floodedInLastFiveYears ? 'Flooded in the last five years' : 'Not flooded in the last five years',
        flood.sources.length > 0 ? `Sources: ${flood.sources.join(', ')}` : null,
        flood.defences ? `Defences: ${flood.defences}` : null,
      ].filter(Boolean);
      rows.push(known(key, label, parts.join('. ')));
    } else if (key === 'accessibility') {
      const adaptations = partCFacts.accessibility;
      if (adaptations && adaptations.length > 0) rows.push(known(key, label, adaptations.join(', ')));
    } else {
      const text = partCFacts[key];
      if (text) rows.push(known(key, label, text));
    }
  }
  return rows.length > 0 ? { id: 'part-c', title: 'Other matters', rows } : null;
}

function lettingsGroup(facts: PropertyFacts | null): FactGroup {
  const lettings = facts?.lettings;
  const yesNo = (value: boolean | undefined) => (value === undefined ? 'Ask us' : value ? 'Yes' : 'No');
  const rows: FactRow[] = [
    lettings?.availableFrom
      ? known('availableFrom', 'Available from', formatIsoDate(lettings.availableFrom))
      : unknown('availableFrom', 'Available from', DEFAULT_UNKNOWN_REASONS.availableFrom),
    lettings?.furnishing
      ? known('furnishing', 'Furnishing', FURNISHING_WORDS[lettings.furnishing])
      : unknown('furnishing', 'Furnishing', DEFAULT_UNKNOWN_REASONS.furnishing),
    lettings?.minimumTermMonths
      ? known('minimumTerm', 'Minimum term', `${lettings.minimumTermMonths} months`)
      : unknown('minimumTerm', 'Minimum term', DEFAULT_UNKNOWN_REASONS.minimumTerm),
    known('billsIncluded', 'Bills included', yesNo(lettings?.billsIncluded)),
    known('pets', 'Pets considered', yesNo(lettings?.petsConsidered)),
    known('students', 'Students considered', yesNo(lettings?.studentsConsidered)),
    known('housingBenefit', 'Housing benefit (DSS) considered', yesNo(lettings?.housingBenefitConsidered)),
    known('letType', 'Let type', lettings ? LET_TYPE_WORDS[lettings.letType] : 'Long let'),
  ];
  return { id: 'lettings', title: 'Tenancy', rows };
}

export function materialInformation(input: MaterialInformationInput): FactGroup[] {
  const groups: FactGroup[] = [partA(input)];
  if (input.channel === 'lettings') groups.push(lettingsGroup(input.facts));
  groups.push(partB(input));
  const other = partC(input.facts);
  if (other) groups.push(other);
  return groups;
}

/** Part B rows, the same for both channels. */
const PART_B_KEYS = [
  'propertyType',
  'construction',
  'bedrooms',
  'bathrooms',
  'receptions',
  'floorArea',
  'electricity',
  'water',
  'sewerage',
  'heating',
  'broadband',
  'mobileCoverage',
  'parking',
  'outsideSpace',
];

/** The keys of the Part A and Part B rows every listing of a channel must show. */
export function requiredFactKeys(channel: Channel): string[] {
  return channel === 'lettings'
    ? ['rent', 'deposit', 'holdingDeposit', 'councilTax', ...PART_B_KEYS]
    : ['price', 'councilTax', 'tenure', ...PART_B_KEYS];
}

export type KeyFact = { key: string; label: string; value: string };

/** The summary at the top of the page: type, rooms, area, tenure, council tax and EPC (or lettings terms). */
export function keyFacts(input: MaterialInformationInput, pppw: number | null): KeyFact[] {
  const { facts } = input;
  const facts_: KeyFact[] = [{ key: 'type', label: 'Type', value: input.propertyStyle }];
  if (input.propertyType !== 'land') {
    facts_.push(
      { key: 'bedrooms', label: 'Bedrooms', value: String(input.bedrooms) },
      { key: 'bathrooms', label: 'Bathrooms', value: String(input.bathrooms) },
      { key: 'receptions', label: 'Receptions', value: String(input.receptionRooms) },
    );
  }
  facts_.push({
    key: 'floorArea',
    label: input.squareFeet || !input.acreage ? 'Floor area' : 'Land area',
    value: input.squareFeet
      ? formatFloorArea(input.squareFeet)
      : input.acreage
        ? `${input.acreage.toLocaleString('en-GB')} acres`
        : 'Not yet known',
  });
  if (input.channel === 'lettings') {
    const lettings = facts?.lettings;
    if (input.priceValue) {
      facts_.push({ key: 'rent', label: 'Rent', value: `${pounds(input.priceValue)} pcm` });
      if (pppw !== null) facts_.push({ key: 'rentWeekly', label: 'Rent per week', value: `${pounds(pppw)} pw` });
    }
    facts_.push(
      {
        key: 'deposit',
        label: 'Deposit',
        value: lettings?.deposit !== undefined ? pounds(lettings.deposit) : 'Not yet known',
      },
      {
        key: 'availableFrom',
        label: 'Available from',
        value: lettings?.availableFrom ? formatIsoDate(lettings.availableFrom) : 'Not yet known',
      },
      {
        key: 'furnishing',
        label: 'Furnishing',
        value: lettings?.furnishing ? FURNISHING_WORDS[lettings.furnishing] : 'Not yet known',
      },
      {
        key: 'minimumTerm',
        label: 'Minimum term',
        value: lettings?.minimumTermMonths ? `${lettings.minimumTermMonths} months` : 'Not yet known',
      },
      { key: 'bills', label: 'Bills', value: lettings?.billsIncluded ? 'Included' : 'Not included' },
    );
  } else {
    facts_.push({
      key: 'tenure',
      label: 'Tenure',
      value: facts?.tenure && facts.tenure.kind !== 'unknown' ? tenureText(facts.tenure) : 'Not yet known',
    });
  }
  facts_.push(
    {
      key: 'councilTax',
      label: input.country === 'northern-ireland' ? 'Domestic rates' : 'Council tax',
      value: facts?.councilTax ? councilTaxText(facts.councilTax) : 'Not yet known',
    },
    {
      key: 'epc',
      label: 'EPC rating',
      value: input.epcRating ?? (input.propertyType === 'land' ? 'Not required' : 'Not yet known'),
    },
  );
  return facts_;
}
