import type { Nation, PropertyFacts } from '../../../db/schema/property-facts.ts';
import { isCouncilTaxBandValid, propertyFactsSchema } from '../../../db/schema/property-facts.ts';
import type { ImportIssue } from './feed.ts';

/**
 * What every feed adapter (BLM, Reapit) maps the same way: the problems of one record, the nation a postcode is in,
 * the council-tax bands that nation has, and the facts document checked against the schema the property page reads.
 */
export class Issues {
  readonly errors: ImportIssue[] = [];
  readonly warnings: ImportIssue[] = [];
  error(field: string, message: string): void {
    this.errors.push({ field, message });
  }
  warn(field: string, message: string): void {
    this.warnings.push({ field, message });
  }
}

/** Postcode areas of Scotland, Wales and Northern Ireland; the few areas that straddle a border count as England. */
const SCOTTISH_AREAS = new Set([
  'AB',
  'DD',
  'DG',
  'EH',
  'FK',
  'G',
  'HS',
  'IV',
  'KA',
  'KW',
  'KY',
  'ML',
  'PA',
  'PH',
  'TD',
  'ZE',
]);
const WELSH_AREAS = new Set(['CF', 'LD', 'LL', 'NP', 'SA']);

export function nationOf(outward: string): Nation {
  const area = /^[A-Z]{1,2}/.exec(outward)?.[0] ?? '';
  if (area === 'BT') return 'northern-ireland';
  if (SCOTTISH_AREAS.has(area)) return 'scotland';
  if (WELSH_AREAS.has(area)) return 'wales';
  return 'england';
}

function nationName(nation: Nation): string {
  return nation === 'northern-ireland' ? 'Northern Ireland' : nation[0]?.toUpperCase() + nation.slice(1);
}

/**
 * The council-tax band as the feed gave it, when that nation has such a band: Northern Ireland has domestic rates,
 * not bands, and only Wales has a band I. Otherwise a warning names the field and the band is not shown.
 */
export function councilTaxBandIn(
  issues: Issues,
  field: string,
  given: string,
  band: string,
  facts: PropertyFacts,
): string | null {
  const { nation } = facts;
  if (isCouncilTaxBandValid(band, nation)) {
    facts.councilTax = { kind: 'band', band };
    return band;
  }
  issues.warn(field, `${field} '${given}' is not a band in ${nationName(nation)}: not shown`);
  return null;
}

/** The facts as mapped when the schema accepts them; otherwise only the nation, with a warning saying why. */
export function checkedFacts(issues: Issues, facts: PropertyFacts): PropertyFacts {
  const checked = propertyFactsSchema.safeParse(facts);
  if (checked.success) return facts;
  issues.warn(
    'facts',
    `Some listing facts could not be used (${checked.error.issues.map((issue) => issue.message).join('; ')})`,
  );
  return { nation: facts.nation };
}
