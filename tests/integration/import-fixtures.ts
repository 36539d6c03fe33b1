/** In-memory feeds for the import pipeline tests: what a parser would hand over, without a file. */
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { branches, places } from '../../db/schema/index.ts';
import type { Database } from '../../app/lib/db.server.ts';
import {
  FeedRefused,
  type Feed,
  type ImportedListing,
  type ImportedListingFields,
  type MappedRecord,
} from '../../app/features/import/feed.ts';

export function listingFields(overrides: Partial<ImportedListingFields> = {}): ImportedListingFields {
  return {
    channel: 'sales',
    status: 'available',
    isPublished: true,
    priceValue: 350_000,
    priceQualifier: '',
    displayAddress: 'Orchard Road, Bath',
    addressLine1: '12 Orchard Road',
    town: 'Bath',
    postcode: 'BA1 2AB',
    bedrooms: 3,
    bathrooms: 1,
    receptionRooms: 1,
    propertyType: 'house',
    propertyStyle: 'Semi-detached house',
    summary: 'A semi-detached house near the park.',
    description: 'A semi-detached house near the park, with a garden.',
    features: ['Garden', 'Parking'],
    ...overrides,
  };
}

export function listing(ref: string, overrides: Partial<ImportedListing> = {}): ImportedListing {
  return {
    ref,
    branchCode: 'BAT',
    fields: listingFields(),
    coordinates: { latitude: 51.385, longitude: -2.361 },
    media: [],
    videos: [],
    ...overrides,
  };
}

export function record(entry: ImportedListing): MappedRecord {
  return { ref: entry.ref, listing: entry, errors: [], warnings: [] };
}

/** A feed of these records and media files; `refuseAfter` throws FeedRefused once that many records were read. */
export function feedOf(
  records: MappedRecord[],
  options: { media?: Record<string, Buffer>; refuseAfter?: number; reason?: string } = {},
): Feed & { isClosed: () => boolean } {
  let closed = false;
  return {
    notes: ['UTF-8'],
    records: (async function* () {
      let count = 0;
      for (const entry of records) {
        if (options.refuseAfter !== undefined && count >= options.refuseAfter) break;
        count++;
        yield entry;
      }
      if (options.refuseAfter !== undefined) throw new FeedRefused(options.reason ?? 'The file has no #END# line');
    })(),
    openMedia: async (name) => {
      const bytes = options.media?.[name];
      return bytes ? Readable.from([bytes]) : null;
    },
    close: async () => {
      closed = true;
    },
    isClosed: () => closed,
  };
}

export async function jpeg(width = 64, height = 48, colour = { r: 200, g: 120, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/** A branch with feed code BAT, and Bath and the BA1 district in the gazetteer. */
export async function insertImportWorld(db: Database): Promise<{ branchId: number }> {
  const [branch] = await db
    .insert(branches)
    .values({
      slug: 'bath',
      name: 'Bath',
      addressLine1: '1 Milsom Street',
      town: 'Bath',
      county: 'Somerset',
      country: 'england',
      postcode: 'BA1 1DE',
      location: { lng: -2.36, lat: 51.38 },
      contactNumber: '01225 000000',
      email: 'bath@agency.example',
      feedCode: 'BAT',
    })
    .returning({ id: branches.id });
  await db.insert(places).values([
    {
      kind: 'town',
      slug: 'bath',
      name: 'Bath',
      nameLower: 'bath',
      countySlug: 'somerset',
      countyName: 'Somerset',
      country: 'england',
      location: { lng: -2.359, lat: 51.3751 },
      population: 90_000,
    },
    {
      kind: 'postcode-district',
      slug: 'ba1',
      name: 'BA1',
      nameLower: 'ba1',
      countySlug: 'somerset',
      countyName: 'Somerset',
      country: 'england',
      location: { lng: -2.37, lat: 51.39 },
    },
  ]);
  return { branchId: branch!.id };
}
