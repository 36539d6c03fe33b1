import { z } from 'zod';

/**
 * The material information of a listing (NTSELAT Parts A, B and C) and its lettings terms, stored as one typed
 * JSON document beside the listing's searchable columns. One zod schema validates it wherever it is written
 * (seed, import, back office); the page reads it back through the same type.
 */

export const nations = ['england', 'scotland', 'wales', 'northern-ireland'] as const;
export type Nation = (typeof nations)[number];

export const tenureKinds = [
  'freehold',
  'leasehold',
  'share-of-freehold',
  'commonhold',
  'shared-ownership',
  'unknown',
] as const;
export type TenureKind = (typeof tenureKinds)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD');
const pounds = z.number().int().min(0).max(100_000_000);

const reviewedCharge = z.object({
  /** Pounds a year. */
  annual: pounds,
  /** How and when it is reviewed, in words ('Doubles every 25 years', 'Fixed', 'Reviewed yearly'). */
  review: z.string().trim().min(1).max(200),
});

export const tenureSchema = z.object({
  kind: z.enum(tenureKinds),
  leaseYearsRemaining: z.number().int().min(0).max(999).optional(),
  groundRent: reviewedCharge.optional(),
  serviceCharge: reviewedCharge.optional(),
  /** Shared ownership: the share offered (%), the rent on the rest (pounds a month) and any resale conditions. */
  sharePercent: z.number().min(10).max(99).optional(),
  rentOnRemainderMonthly: pounds.optional(),
  resaleConditions: z.string().trim().max(500).optional(),
});
export type Tenure = z.infer<typeof tenureSchema>;

export const councilTaxSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('band'), band: z.string().regex(/^[A-I]$/, 'Enter a band from A to I') }),
  z.object({ kind: z.literal('not-yet-banded') }),
  /** Northern Ireland charges domestic rates on the capital value instead of council tax. */
  z.object({ kind: z.literal('domestic-rates'), annualRates: pounds.optional() }),
  z.object({ kind: z.literal('exempt'), reason: z.string().trim().min(1).max(200) }),
]);
export type CouncilTax = z.infer<typeof councilTaxSchema>;

export const furnishings = ['furnished', 'part-furnished', 'unfurnished', 'furnished-or-unfurnished'] as const;
export type Furnishing = (typeof furnishings)[number];
export const letTypes = ['long', 'short', 'student'] as const;
export type LetType = (typeof letTypes)[number];
export const rentFrequencies = ['pcm', 'pw', 'pa'] as const;
export type RentFrequency = (typeof rentFrequencies)[number];

export const lettingTermsSchema = z.object({
  rentFrequency: z.enum(rentFrequencies),
  deposit: pounds.optional(),
  holdingDeposit: pounds.optional(),
  availableFrom: isoDate.optional(),
  furnishing: z.enum(furnishings).optional(),
  minimumTermMonths: z.number().int().min(1).max(60).optional(),
  billsIncluded: z.boolean(),
  petsConsidered: z.boolean(),
  studentsConsidered: z.boolean(),
  housingBenefitConsidered: z.boolean(),
  letType: z.enum(letTypes),
});
export type LettingTerms = z.infer<typeof lettingTermsSchema>;

export const electricitySupplies = ['mains', 'solar', 'wind', 'generator', 'other'] as const;
export const waterSupplies = ['mains', 'private-well', 'private-spring', 'other'] as const;
export const sewerageKinds = ['mains', 'septic-tank', 'treatment-plant', 'cesspit', 'other'] as const;
export const heatingKinds = [
  'gas-central',
  'electric',
  'electric-storage',
  'oil',
  'lpg',
  'air-source-heat-pump',
  'ground-source-heat-pump',
  'biomass',
  'solid-fuel',
  'communal',
  'none',
] as const;
export const broadbandKinds = ['fttp', 'fttc', 'cable', 'adsl', 'fixed-wireless', 'none'] as const;
export const coverageLevels = ['good', 'variable', 'limited', 'none'] as const;
export const parkingKinds = [
  'garage',
  'double-garage',
  'driveway',
  'allocated',
  'off-street',
  'on-street',
  'permit',
  'gated',
  'none',
] as const;
export type ParkingKind = (typeof parkingKinds)[number];
export const outsideSpaceKinds = [
  'private-garden',
  'communal-garden',
  'balcony',
  'terrace',
  'roof-terrace',
  'patio',
  'courtyard',
  'land',
  'none',
] as const;
export type OutsideSpaceKind = (typeof outsideSpaceKinds)[number];

const note = z.string().trim().min(1).max(1000);

export const floodRiskSchema = z.object({
  floodedInLastFiveYears: z.boolean(),
  /** Rivers and sea, surface water, groundwater (the Environment Agency's sources). */
  sources: z.array(z.string().trim().min(1).max(80)).max(6),
  defences: z.string().trim().max(500).optional(),
  zone: z.enum(['1', '2', '3']).optional(),
});

/** Part C items: present only where they apply. */
export const partCSchema = z.object({
  buildingSafety: note.optional(),
  restrictions: note.optional(),
  rightsAndEasements: note.optional(),
  floodRisk: floodRiskSchema.optional(),
  coastalErosion: note.optional(),
  planning: note.optional(),
  accessibility: z.array(z.string().trim().min(1).max(80)).max(12).optional(),
  miningArea: note.optional(),
});
export type PartC = z.infer<typeof partCSchema>;

export const factKeys = [
  'councilTax',
  'tenure',
  'construction',
  'electricity',
  'water',
  'sewerage',
  'heating',
  'broadband',
  'mobileCoverage',
  'parking',
  'outsideSpace',
  'floorArea',
] as const;
export type FactKey = (typeof factKeys)[number];

export const propertyFactsSchema = z
  .object({
    nation: z.enum(nations),
    councilTax: councilTaxSchema.optional(),
    tenure: tenureSchema.optional(),
    lettings: lettingTermsSchema.optional(),
    /** Absent means standard construction (brick or block walls under a tiled or slate roof). */
    construction: z.string().trim().min(1).max(200).optional(),
    isRetirement: z.boolean().optional(),
    electricity: z.array(z.enum(electricitySupplies)).min(1).optional(),
    water: z.enum(waterSupplies).optional(),
    sewerage: z.enum(sewerageKinds).optional(),
    heating: z.array(z.enum(heatingKinds)).min(1).optional(),
    broadband: z
      .object({
        kind: z.enum(broadbandKinds),
        downloadMbps: z.number().min(0).max(10_000).optional(),
        uploadMbps: z.number().min(0).max(10_000).optional(),
      })
      .optional(),
    mobileCoverage: z.object({ indoor: z.enum(coverageLevels), outdoor: z.enum(coverageLevels) }).optional(),
    parking: z.array(z.enum(parkingKinds)).min(1).optional(),
    outsideSpace: z.array(z.enum(outsideSpaceKinds)).min(1).optional(),
    partC: partCSchema.optional(),
    /** Why an item is not yet known ('Awaiting the Ofcom check'), shown beside 'Not yet known — ask us'. */
    unknownReasons: z.partialRecord(z.enum(factKeys), z.string().trim().min(1).max(200)).optional(),
  })
  .superRefine((facts, context) => {
    const tax = facts.councilTax;
    if (tax?.kind === 'band' && !isCouncilTaxBandValid(tax.band, facts.nation)) {
      context.addIssue({
        code: 'custom',
        path: ['councilTax', 'band'],
        message: councilTaxBandMessage(facts.nation),
      });
    }
    if (tax?.kind === 'domestic-rates' && facts.nation !== 'northern-ireland') {
      context.addIssue({
        code: 'custom',
        path: ['councilTax', 'kind'],
        message: 'Domestic rates apply only in Northern Ireland',
      });
    }
    if (tax?.kind === 'band' && facts.nation === 'northern-ireland') {
      context.addIssue({
        code: 'custom',
        path: ['councilTax', 'kind'],
        message: 'Northern Ireland has domestic rates, not council tax bands',
      });
    }
    const tenure = facts.tenure;
    if (tenure && tenure.kind !== 'leasehold' && tenure.kind !== 'shared-ownership') {
      if (tenure.groundRent || tenure.leaseYearsRemaining !== undefined) {
        context.addIssue({ code: 'custom', path: ['tenure'], message: 'Only a lease has years left and ground rent' });
      }
    }
    if (tenure && tenure.kind !== 'shared-ownership' && tenure.sharePercent !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['tenure', 'sharePercent'],
        message: 'Only shared ownership has a share',
      });
    }
  });
export type PropertyFacts = z.infer<typeof propertyFactsSchema>;

/** Council tax bands: A–H in England and Scotland, A–I in Wales; Northern Ireland has domestic rates instead. */
export const COUNCIL_TAX_BANDS: Record<Nation, readonly string[]> = {
  england: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'],
  scotland: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'],
  wales: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'],
  'northern-ireland': [],
};

export function isCouncilTaxBandValid(band: string, nation: Nation): boolean {
  return COUNCIL_TAX_BANDS[nation].includes(band);
}

export function councilTaxBandMessage(nation: Nation): string {
  if (nation === 'northern-ireland') return 'Northern Ireland has domestic rates, not council tax bands';
  const bands = COUNCIL_TAX_BANDS[nation];
  return `Enter a council tax band from ${bands[0]} to ${bands[bands.length - 1]}`;
}

export const priceChangeSchema = z.object({ date: isoDate, price: pounds });
export type PriceChange = z.infer<typeof priceChangeSchema>;
export const statusChangeSchema = z.object({
  date: isoDate,
  status: z.enum(['added', 'under-offer', 'sstc', 'sold', 'let-agreed', 'let', 'available']),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;
