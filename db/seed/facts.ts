import {
  propertyFactsSchema,
  type Nation,
  type OutsideSpaceKind,
  type ParkingKind,
  type PriceChange,
  type PropertyFacts,
  type StatusChange,
} from '../schema/property-facts.ts';
import type { PropertyRow } from './properties.ts';
import { createRandom, type Random } from './random.ts';

/**
 * Material information, lettings terms and price/status histories for the demo listings, drawn from their own
 * random stream so that adding facts leaves every other generated value unchanged. A few listings are chosen on
 * purpose so the demo always shows the harder cases: leasehold flats with ground rent, a thatched cottage, a
 * property in a flood zone, a shared-ownership new home and lettings with and without bills.
 */

const DAY_MS = 86_400_000;

export type LettingDraft = { furnished: string; availableFrom: Date };

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

function weeklyRent(pcm: number): number {
  return (pcm * 12) / 52;
}

function tenureFacts(random: Random, row: PropertyRow, isNewHome: boolean): PropertyFacts['tenure'] {
  const tenure = (row.tenure ?? '').toLowerCase();
  if (row.channel === 'lettings') return undefined;
  if (tenure === 'freehold') return { kind: 'freehold' };
  if (tenure === 'share of freehold') return { kind: 'share-of-freehold' };
  if (tenure === 'shared ownership')
    return {
      kind: 'shared-ownership',
      sharePercent: 40,
      rentOnRemainderMonthly: roundTo(((row.priceValue ?? 200_000) * 1.5 * 0.0275) / 12, 5),
      leaseYearsRemaining: 990,
      serviceCharge: { annual: random.int(9, 16) * 100, review: 'Reviewed every April by the housing association' },
      resaleConditions: 'The housing association may nominate a buyer for the first eight weeks of a resale',
    };
  if (tenure.includes('leasehold')) {
    const isFlat = row.propertyType === 'flat';
    const knowsLease = isNewHome || random.chance(0.9);
    return {
      kind: 'leasehold',
      ...(knowsLease
        ? { leaseYearsRemaining: isNewHome ? 999 : random.pick([84, 92, 105, 118, 125, 139, 150, 189, 960]) }
        : {}),
      ...(knowsLease
        ? {
            groundRent: isNewHome
              ? { annual: 0, review: 'Peppercorn (no ground rent is payable on new leases)' }
              : random.pick([
                  { annual: 250, review: 'Doubles every 25 years' },
                  { annual: 150, review: 'Fixed for the term of the lease' },
                  { annual: 350, review: 'Rises with RPI every 10 years' },
                  { annual: 100, review: 'Fixed for the term of the lease' },
                ]),
          }
        : {}),
      ...(knowsLease && isFlat
        ? {
            serviceCharge: {
              annual: random.int(9, 38) * 100,
              review: random.pick(['Reviewed yearly by the managing agent', 'Set each April from the building budget']),
            },
          }
        : {}),
    };
  }
  return { kind: 'unknown' };
}

function parkingFor(random: Random, row: PropertyRow): ParkingKind[] {
  const hasParking = (row.tags ?? []).includes('parking');
  if (row.propertyType === 'land') return ['none'];
  if (!hasParking) return [random.pick<ParkingKind>(['on-street', 'permit', 'on-street', 'none'])];
  if (row.propertyType === 'flat') return [random.pick<ParkingKind>(['allocated', 'gated', 'allocated'])];
  if (row.propertyType === 'commercial') return ['off-street'];
  return random.chance(0.5) ? ['garage', 'driveway'] : [random.pick<ParkingKind>(['driveway', 'double-garage'])];
}

function outsideFor(random: Random, row: PropertyRow): OutsideSpaceKind[] {
  const hasGarden = (row.tags ?? []).includes('garden');
  if (row.propertyType === 'land') return ['land'];
  if (row.propertyType === 'commercial') return random.chance(0.3) ? ['courtyard'] : ['none'];
  if (row.propertyType === 'flat') {
    const spaces: OutsideSpaceKind[] = [];
    if (hasGarden) spaces.push('communal-garden');
    if (row.propertyStyle === 'Penthouse') spaces.push('roof-terrace');
    else if (random.chance(0.35)) spaces.push(random.pick<OutsideSpaceKind>(['balcony', 'terrace']));
    return spaces.length > 0 ? spaces : ['none'];
  }
  if (!hasGarden) return [random.pick<OutsideSpaceKind>(['courtyard', 'patio'])];
  return random.chance(0.4) ? ['private-garden', 'patio'] : ['private-garden'];
}

function isRural(row: PropertyRow): boolean {
  return ['Farm', 'Country house', 'Barn conversion', 'Agricultural land', 'Paddock', 'Cottage'].includes(
    row.propertyStyle ?? '',
  );
}

function servicesFor(random: Random, row: PropertyRow, isNewHome: boolean): Partial<PropertyFacts> {
  if (row.propertyType === 'land') {
    return {
      water: random.chance(0.5) ? 'mains' : 'private-spring',
      unknownReasons: {
        electricity: 'The seller is confirming whether a supply can be connected to the site',
        sewerage: 'No drainage is installed; buyers should ask about connection',
        heating: 'There are no buildings on the land',
      },
    };
  }
  const rural = isRural(row) && random.chance(0.6);
  const heating: NonNullable<PropertyFacts['heating']> = isNewHome
    ? ['air-source-heat-pump']
    : rural
      ? [random.pick(['oil', 'lpg', 'ground-source-heat-pump', 'biomass'] as const)]
      : row.propertyType === 'flat' && random.chance(0.25)
        ? [random.pick(['electric-storage', 'communal'] as const)]
        : ['gas-central'];
  const electricity: NonNullable<PropertyFacts['electricity']> =
    isNewHome || random.chance(0.12) ? ['mains', 'solar'] : ['mains'];
  return {
    electricity,
    water: rural && random.chance(0.3) ? 'private-well' : 'mains',
    sewerage: rural ? random.pick(['septic-tank', 'treatment-plant', 'mains'] as const) : 'mains',
    heating,
  };
}

function connectivityFor(random: Random, row: PropertyRow, isFresh: boolean): Partial<PropertyFacts> {
  // Freshly listed homes sometimes wait for the broadband and mobile checks: the page then gives the reason.
  if (isFresh && random.chance(0.35))
    return {
      unknownReasons: {
        broadband: 'The broadband checker has not been run for this new listing yet',
        mobileCoverage: 'The mobile coverage checker has not been run for this new listing yet',
      },
    };
  const rural = isRural(row);
  const kind = rural
    ? random.pick(['adsl', 'fttc', 'fixed-wireless', 'fttp'] as const)
    : random.pick(['fttp', 'fttp', 'fttc', 'cable'] as const);
  const speeds = { fttp: [900, 110], cable: [1000, 100], fttc: [80, 20], adsl: [17, 1], 'fixed-wireless': [50, 10] }[
    kind
  ];
  return {
    broadband: { kind, downloadMbps: speeds[0], uploadMbps: speeds[1] },
    mobileCoverage: rural
      ? { indoor: random.pick(['limited', 'variable'] as const), outdoor: random.pick(['variable', 'good'] as const) }
      : { indoor: random.pick(['good', 'variable'] as const), outdoor: 'good' },
  };
}

function partCFor(random: Random, row: PropertyRow, index: number): PropertyFacts['partC'] {
  const partC: NonNullable<PropertyFacts['partC']> = {};
  const style = row.propertyStyle ?? '';
  // Every fortieth listing lies in a flood zone; the rest rarely have Part C items.
  if (index % 40 === 7)
    partC.floodRisk = {
      zone: random.pick(['2', '3'] as const),
      floodedInLastFiveYears: index % 80 === 7,
      sources: ['Rivers'],
      defences: 'Environment Agency flood wall and demountable barriers on the riverside',
    };
  if (['Cottage', 'Town house', 'Country house'].includes(style) && random.chance(0.35))
    partC.restrictions = random.pick([
      'Grade II listed; listed building consent is needed for alterations',
      'Within a conservation area',
      'A tree preservation order covers the oak in the rear garden',
    ]);
  if (['Farm', 'Barn conversion', 'Agricultural land', 'Paddock'].includes(style) && random.chance(0.5))
    partC.rightsAndEasements = 'A public footpath crosses the land; a neighbour has a right of way over the drive';
  if (row.propertyType === 'flat' && random.chance(0.04))
    partC.buildingSafety = 'An EWS1 form (B1) is held; cladding remediation is funded by the developer';
  if (row.propertyType === 'bungalow' && random.chance(0.3))
    partC.accessibility = ['Step-free access', 'Level-access shower', 'Lateral living'];
  if (row.country === 'wales' && random.chance(0.1))
    partC.miningArea = 'Within a former coalfield area; a mining report is available';
  if (random.chance(0.02))
    partC.planning = 'Outline planning permission has been granted for ten homes on the adjoining field';
  return Object.keys(partC).length > 0 ? partC : undefined;
}

function lettingsFor(
  random: Random,
  row: PropertyRow,
  draft: LettingDraft | undefined,
  index: number,
): PropertyFacts['lettings'] {
  const rent = row.priceValue ?? 1000;
  const isShort = (row.tags ?? []).includes('short let');
  const isStudent = !isShort && row.propertyType === 'flat' && random.chance(0.08);
  const weeks = random.chance(0.8) ? 5 : 4;
  const furnished = (draft?.furnished ?? 'unfurnished').replace(' ', '-');
  // Every fifth letting and every short or studio let includes bills, so the demo always has both kinds.
  const billsIncluded = isShort || row.propertyStyle === 'Studio' || index % 5 === 0;
  return {
    rentFrequency: 'pcm',
    deposit: Math.floor(weeklyRent(rent) * weeks),
    ...(random.chance(0.85) ? { holdingDeposit: Math.floor(weeklyRent(rent)) } : {}),
    ...(draft ? { availableFrom: isoDate(draft.availableFrom) } : {}),
    furnishing:
      (['furnished', 'part-furnished', 'unfurnished'] as const).find((value) => value === furnished) ?? 'unfurnished',
    minimumTermMonths: isShort ? 1 : isStudent ? 11 : random.pick([6, 12, 12]),
    billsIncluded,
    petsConsidered: row.petsAllowed ?? false,
    studentsConsidered: isStudent || random.chance(0.3),
    housingBenefitConsidered: random.chance(0.35),
    letType: isShort ? 'short' : isStudent ? 'student' : 'long',
  };
}

function histories(
  random: Random,
  row: PropertyRow,
  now: Date,
): { priceHistory: PriceChange[]; statusHistory: StatusChange[] } {
  const createdAt = row.createdAt instanceof Date ? row.createdAt : now;
  const added = isoDate(createdAt);
  const price = row.priceValue ?? 0;
  const ageDays = (now.getTime() - createdAt.getTime()) / DAY_MS;
  const priceHistory: PriceChange[] = [];
  if (price > 0) {
    const reduced = ageDays > 30 && random.chance(row.channel === 'sales' ? 0.28 : 0.12);
    if (reduced) {
      const step = row.channel === 'sales' ? 5_000 : 25;
      const original = roundTo(price * random.float(1.03, 1.1), step);
      const reducedOn = new Date(createdAt.getTime() + Math.floor(ageDays * random.float(0.3, 0.95)) * DAY_MS);
      priceHistory.push(
        { date: added, price: original === price ? price + step : original },
        { date: isoDate(reducedOn), price },
      );
    } else {
      priceHistory.push({ date: added, price });
    }
  }
  const statusHistory: StatusChange[] = [{ date: added, status: 'added' }];
  const status = row.status ?? 'available';
  const steps: StatusChange['status'][] =
    status === 'under-offer'
      ? ['under-offer']
      : status === 'sstc'
        ? ['under-offer', 'sstc']
        : status === 'sold'
          ? ['under-offer', 'sstc', 'sold']
          : status === 'let-agreed'
            ? ['let-agreed']
            : status === 'let'
              ? ['let-agreed', 'let']
              : [];
  const lastPrice = priceHistory[priceHistory.length - 1]?.date ?? added;
  let at = Math.max(Date.parse(`${lastPrice}T12:00:00Z`), createdAt.getTime());
  const span = Math.max(1, now.getTime() - at);
  for (const step of steps) {
    at = Math.min(now.getTime(), at + Math.max(DAY_MS, Math.floor(span * random.float(0.1, 0.4))));
    statusHistory.push({ date: isoDate(new Date(at)), status: step });
  }
  return { priceHistory, statusHistory };
}

/** Adds facts and histories to every row in place; `drafts` holds the lettings terms the description already states. */
export function addPropertyFacts(rows: PropertyRow[], drafts: Map<number, LettingDraft>, now: Date): void {
  const random = createRandom('facts');
  let thatchedCottageDone = false;
  let sharedOwnershipDone = false;
  rows.forEach((row, index) => {
    const propertyRandom = random.fork(`facts-${row.id}`);
    const isNewHome = (row.tags ?? []).includes('new home');
    const isFresh = row.createdAt instanceof Date && now.getTime() - row.createdAt.getTime() < 7 * DAY_MS;
    if (!sharedOwnershipDone && isNewHome && row.propertyType === 'flat' && row.parentId !== null) {
      row.tenure = 'Shared ownership';
      sharedOwnershipDone = true;
    }
    const nation: Nation = row.country ?? 'england';
    const facts: PropertyFacts = { nation };
    const isResidential =
      row.propertyType === 'house' || row.propertyType === 'flat' || row.propertyType === 'bungalow';
    if (row.councilTaxBand) facts.councilTax = { kind: 'band', band: row.councilTaxBand };
    else if (isResidential && isNewHome) facts.councilTax = { kind: 'not-yet-banded' };
    else if (row.propertyType === 'commercial')
      facts.councilTax = { kind: 'exempt', reason: 'Business rates apply instead' };
    else if (row.propertyType === 'land')
      facts.councilTax = { kind: 'exempt', reason: 'Land without a dwelling is not banded' };
    const tenure = tenureFacts(propertyRandom, row, isNewHome);
    if (tenure) facts.tenure = tenure;
    if (row.channel === 'lettings') facts.lettings = lettingsFor(propertyRandom, row, drafts.get(row.id), index);
    if (row.propertyStyle === 'Cottage' && (!thatchedCottageDone || propertyRandom.chance(0.25))) {
      facts.construction = 'Cob and stone walls under a thatched roof';
      thatchedCottageDone = true;
    } else if (row.propertyStyle === 'Barn conversion' && propertyRandom.chance(0.4)) {
      facts.construction = 'Timber frame with stone infill under a slate roof';
    } else if (row.propertyType === 'bungalow' && propertyRandom.chance(0.05)) {
      facts.construction = 'Non-standard concrete panel construction (PRC)';
    }
    if (
      (row.propertyType === 'flat' || row.propertyType === 'bungalow') &&
      row.channel === 'sales' &&
      propertyRandom.chance(0.04)
    )
      facts.isRetirement = true;
    const services = servicesFor(propertyRandom, row, isNewHome);
    const connectivity = connectivityFor(propertyRandom, row, isFresh);
    Object.assign(facts, services, connectivity);
    const reasons = { ...services.unknownReasons, ...connectivity.unknownReasons };
    if (Object.keys(reasons).length > 0) facts.unknownReasons = reasons;
    else delete facts.unknownReasons;
    facts.parking = parkingFor(propertyRandom, row);
    facts.outsideSpace = outsideFor(propertyRandom, row);
    const partC = partCFor(propertyRandom, row, index);
    if (partC) facts.partC = partC;
    row.facts = propertyFactsSchema.parse(facts);
    Object.assign(row, histories(propertyRandom, row, now));
  });
}
