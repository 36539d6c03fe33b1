/**
 * Reapit Foundations as a feed (docs/import.md, "Reapit Foundations"): properties are read a page at a time, each
 * page's images in one paged read beside it, and every property is mapped as it arrives, so memory holds a page,
 * never the agency's whole stock. A full pull is a snapshot (what it does not list is withdrawn); an incremental
 * pull lists only what changed since a time, so it names the listings to withdraw itself (`offMarketRefs`).
 */
import { FeedRefused, type Feed, type MappedRecord } from '../feed.ts';
import { ReapitApiError, ReapitAuthError, type ReapitClient, type ReapitQuery } from './client.server.ts';
import { mapReapitProperty, type ReapitProperty, type ReapitPropertyImage } from './mapping.ts';

export type ReapitPull = { kind: 'full' } | { kind: 'incremental'; modifiedFrom: Date };

export type ReapitFeed = Feed & {
  /** Refs of listings Reapit says are off the market, known once the records have been read. */
  offMarketRefs(): string[];
};

const MARKETING_MODES = ['selling', 'letting', 'sellingAndLetting'];
/** Ids per request when properties are fetched by id (an image changed, the property did not). */
const ID_CHUNK = 50;

export function createReapitFeed(client: ReapitClient, pull: ReapitPull): ReapitFeed {
  const offMarket = new Set<string>();
  const notes =
    pull.kind === 'full'
      ? ['Reapit Foundations: every property marketed for sale or to let (a full pull)']
      : [`Reapit Foundations: the properties changed since ${pull.modifiedFrom.toISOString()} (an incremental pull)`];

  async function imagesOf(ids: string[]): Promise<Map<string, ReapitPropertyImage[]>> {
    const byProperty = new Map<string, ReapitPropertyImage[]>();
    if (ids.length === 0) return byProperty;
    for await (const page of client.pages<ReapitPropertyImage>('/propertyImages', {
      propertyId: ids,
      fromArchive: false,
    })) {
      for (const image of page) {
        const owner = typeof image.propertyId === 'string' ? image.propertyId : '';
        const list = byProperty.get(owner) ?? [];
        list.push(image);
        byProperty.set(owner, list);
      }
    }
    return byProperty;
  }

  async function* mapPages(query: ReapitQuery, seen: Set<string>): AsyncGenerator<MappedRecord> {
    for await (const page of client.pages<ReapitProperty>('/properties', query)) {
      const fresh = page.filter((property) => typeof property.id !== 'string' || !seen.has(property.id));
      const images = await imagesOf(
        fresh.flatMap((property) => (typeof property.id === 'string' ? [property.id] : [])),
      );
      for (const property of fresh) {
        if (typeof property.id === 'string') seen.add(property.id);
        const mapped = mapReapitProperty(property, images.get(property.id ?? '') ?? []);
        for (const ref of mapped.offMarketRefs) offMarket.add(ref);
        yield* mapped.records;
      }
    }
  }

  async function* read(): AsyncGenerator<MappedRecord> {
    const seen = new Set<string>();
    if (pull.kind === 'full') {
      // Archived properties are left out, so the listings they had are withdrawn as missing from the snapshot.
      yield* mapPages({ marketingMode: MARKETING_MODES, fromArchive: false, sortBy: 'created' }, seen);
      return;
    }
    const modifiedFrom = pull.modifiedFrom.toISOString();
    // A new or re-ordered photo does not change the property's own modified time: find those properties first.
    const imageChanged = new Set<string>();
    for await (const page of client.pages<ReapitPropertyImage>('/propertyImages', { modifiedFrom })) {
      for (const image of page) if (typeof image.propertyId === 'string') imageChanged.add(image.propertyId);
    }
    // Archived ones included: an archived property is off the market, and its listings are withdrawn.
    yield* mapPages({ marketingMode: MARKETING_MODES, modifiedFrom, sortBy: 'modified' }, seen);
    const rest = [...imageChanged].filter((id) => !seen.has(id));
    for (let start = 0; start < rest.length; start += ID_CHUNK) {
      yield* mapPages({ id: rest.slice(start, start + ID_CHUNK), marketingMode: MARKETING_MODES }, seen);
    }
  }

  return {
    notes,
    records: (async function* () {
      try {
        yield* read();
      } catch (error) {
        if (error instanceof ReapitAuthError || error instanceof ReapitApiError) {
          throw new FeedRefused(`${error.message}. Nothing was changed; the next pull will try again.`);
        }
        throw error;
      }
      const stats = client.stats;
      notes.push(`${stats.requests} requests to Reapit (${stats.retries} retried), ${stats.tokens} access tokens`);
    })(),
    offMarketRefs: () => [...offMarket],
    // Reapit's media are web addresses, which the pipeline downloads itself.
    openMedia: async () => null,
    close: async () => undefined,
  };
}
