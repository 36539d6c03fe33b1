/**
 * What a listing feed (a BLM file today; Reapit, Alto or Jupix by adapters) hands to the import pipeline: one
 * mapped record per listing, and the media files that came with it. Parsing and mapping a source's format ends
 * here; identity, places, media storage, withdrawal and alerts are the pipeline's (docs/import.md).
 */
import type { properties } from '../../../db/schema/index.ts';

/** A problem with one field of one record, in words a negotiator understands, naming the field and the value. */
export type ImportIssue = { field: string; message: string };

export type ImportedMediaRef = {
  kind: 'photo' | 'floorplan' | 'epc' | 'brochure' | 'document';
  /** A file name inside the feed's zip or folder, or an http(s) URL. */
  source: string;
  caption: string | null;
  /** Position within its kind (the nn of MEDIA_IMAGE_nn). */
  order: number;
};

export type ImportedVideo = { url: string; kind: 'video' | 'tour'; description: string | null };

type PropertyRow = typeof properties.$inferInsert;

/**
 * The listing columns a feed sets. The pipeline adds the rest: slug, location, place and county, branch, photos,
 * floorplans, EPC charts, videos, price and status history.
 */
export type ImportedListingFields = Pick<
  PropertyRow,
  | 'channel'
  | 'status'
  | 'isPublished'
  | 'priceValue'
  | 'priceQualifier'
  | 'displayAddress'
  | 'addressLine1'
  | 'town'
  | 'postcode'
  | 'bedrooms'
  | 'bathrooms'
  | 'receptionRooms'
  | 'propertyType'
  | 'propertyStyle'
  | 'squareFeet'
  | 'acreage'
  | 'tags'
  | 'shortLet'
  | 'petsAllowed'
  | 'auctionDate'
  | 'summary'
  | 'description'
  | 'features'
  | 'epcRating'
  | 'councilTaxBand'
  | 'tenure'
  | 'facts'
  | 'lettingsFeeText'
>;

export type ImportedListing = {
  /** The source's key for the listing (AGENT_REF for BLM); listings are keyed by (source, ref). */
  ref: string;
  /** The source's branch code (BRANCH_ID for BLM), matched to a Doorstep branch by the pipeline. */
  branchCode: string;
  fields: ImportedListingFields;
  coordinates: { latitude: number; longitude: number } | null;
  media: ImportedMediaRef[];
  videos: ImportedVideo[];
  /**
   * When the source first listed it (CREATE_DATE for BLM), if known, so 'Added on' and the 'New' mark keep the
   * agency's own dates instead of the day of the first import.
   */
  listedAt?: Date;
};

/** One record of a feed: the listing when it can be published, else null and at least one error. */
export type MappedRecord = {
  ref: string;
  listing: ImportedListing | null;
  errors: ImportIssue[];
  warnings: ImportIssue[];
};

/** A file-level problem: the whole file is refused and nothing changes (no #END#, a bad header, counts that differ). */
export class FeedRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'FeedRefused';
  }
}

/**
 * An opened feed. `records` streams in file order and throws FeedRefused when the file turns out to be unusable
 * (possibly after some records were read: the pipeline applies a file in one transaction, so nothing is kept).
 */
export type Feed = {
  /** What the file was, for the report ("UTF-8", "Windows-1252 converted to UTF-8", the BLM version…). */
  notes: string[];
  records: AsyncIterable<MappedRecord>;
  /** A media file that came with the feed, by the name a record gave; null when there is none by that name. */
  openMedia(name: string): Promise<NodeJS.ReadableStream | null>;
  /**
   * Refs the source itself says are off the market (an API reports a sold or withdrawn property), read once the
   * records have been: the pipeline withdraws them even from a feed that is not a full snapshot.
   */
  offMarketRefs?(): string[];
  close(): Promise<void>;
};

export type OpenFeed = (path: string) => Promise<Feed>;
