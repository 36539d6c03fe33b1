import { writeBlm } from './writer.ts';

/** Test helpers: a realistic BLM record and ways to feed text to the reader in awkward pieces. */

export const COLUMNS = [
  'AGENT_REF',
  'ADDRESS_1',
  'ADDRESS_2',
  'TOWN',
  'POSTCODE1',
  'POSTCODE2',
  'FEATURE1',
  'FEATURE2',
  'FEATURE3',
  'SUMMARY',
  'DESCRIPTION',
  'BRANCH_ID',
  'STATUS_ID',
  'BEDROOMS',
  'PRICE',
  'PRICE_QUALIFIER',
  'PROP_SUB_ID',
  'CREATE_DATE',
  'UPDATE_DATE',
  'DISPLAY_ADDRESS',
  'PUBLISHED_FLAG',
  'LET_RENT_FREQUENCY',
  'LET_FURN_ID',
  'TRANS_TYPE_ID',
  'NEW_HOME_FLAG',
  'TENURE_TYPE_ID',
  'MEDIA_IMAGE_00',
  'MEDIA_IMAGE_TEXT_00',
  'MEDIA_FLOOR_PLAN_00',
  'MEDIA_FLOOR_PLAN_TEXT_00',
] as const;

export type Record_ = Partial<Record<string, string>>;

export function saleRecord(overrides: Record_ = {}): Record_ {
  return {
    AGENT_REF: '1_HV00042',
    ADDRESS_1: '12',
    ADDRESS_2: 'Milsom Street',
    TOWN: 'Bath',
    POSTCODE1: 'BA1',
    POSTCODE2: '1DE',
    FEATURE1: 'Three bedrooms',
    FEATURE2: 'Garden',
    FEATURE3: 'Parking',
    SUMMARY: 'A Georgian town house in the heart of Bath.',
    DESCRIPTION: 'A fine house.\n\nWith a garden.',
    BRANCH_ID: '1',
    STATUS_ID: '0',
    BEDROOMS: '3',
    PRICE: '450000',
    PRICE_QUALIFIER: '2',
    PROP_SUB_ID: '22',
    CREATE_DATE: '2026-10-01 09:00:00',
    UPDATE_DATE: '2026-11-01 10:30:00',
    DISPLAY_ADDRESS: 'Milsom Street, Bath',
    PUBLISHED_FLAG: '1',
    LET_RENT_FREQUENCY: '',
    LET_FURN_ID: '',
    TRANS_TYPE_ID: '1',
    NEW_HOME_FLAG: 'N',
    TENURE_TYPE_ID: '1',
    MEDIA_IMAGE_00: '1_HV00042_IMG_00.jpg',
    MEDIA_IMAGE_TEXT_00: 'Front',
    MEDIA_FLOOR_PLAN_00: '1_HV00042_FLP_00.jpg',
    MEDIA_FLOOR_PLAN_TEXT_00: 'Floorplan',
    ...overrides,
  };
}

export function blmText(
  records: Record_[],
  options: { columns?: readonly string[]; propertyCount?: number; eof?: string; eor?: string } = {},
): string {
  return writeBlm(
    {
      columns: options.columns ?? COLUMNS,
      eof: options.eof,
      eor: options.eor,
      propertyCount: options.propertyCount,
      generatedDate: '2026-11-25 09:00:00',
    },
    records,
  );
}

/** Feeds text to a reader in pieces of `size` characters, so every boundary case is crossed. */
export async function* inPieces(text: string, size: number): AsyncGenerator<string> {
  for (let index = 0; index < text.length; index += size) yield text.slice(index, index + size);
}

export async function* bytesInPieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let index = 0; index < bytes.length; index += size) yield bytes.subarray(index, index + size);
}
