import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formPayload, parseForm } from '../../lib/http/form-submission.ts';
import {
  filtersQuery,
  formValuesOf,
  listingActionSchema,
  listingFormSchema,
  listingScopeFor,
  missingPartA,
  parseListingFilters,
  partAWarning,
  plainText,
} from './listing-editor-model.ts';

/** The smallest listing the form accepts: a sales house in Bath. */
const MINIMAL: Record<string, string> = {
  reference: 'BATH-001',
  channel: 'sales',
  branch_id: '1',
  property_type: 'house',
  property_style: 'Semi-detached house',
  display_address: 'Widcombe Hill, Bath',
  address_line_1: '12 Widcombe Hill',
  town: 'Bath',
  postcode: 'ba24ab',
  nation: 'england',
};

function parse(fields: Record<string, unknown>) {
  return parseForm(formPayload(fields), listingFormSchema);
}

function errorsOf(fields: Record<string, unknown>): Record<string, string[]> {
  const submission = parse(fields);
  return submission.status === 'success' ? {} : ((submission.error ?? {}) as Record<string, string[]>);
}

describe('listingScopeFor', () => {
  it('gives owners every branch, managers theirs, negotiators and editors no listings', () => {
    expect(listingScopeFor('owner', [3])).toEqual({ allBranches: true, branchIds: [] });
    expect(listingScopeFor('manager', [2, 2, 5])).toEqual({ allBranches: false, branchIds: [2, 5] });
    expect(listingScopeFor('negotiator', [2])).toBeNull();
    expect(listingScopeFor('editor', [2])).toBeNull();
  });
});

describe('the listing form schema', () => {
  it('accepts the minimal listing and normalises the postcode', () => {
    const submission = parse(MINIMAL);
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value.listing.postcode).toBe('BA2 4AB');
    expect(submission.value.listing.facts).toEqual({ nation: 'england' });
    expect(submission.value.listing.bedrooms).toBe(0);
  });

  it('names every missing required field in words', () => {
    const errors = errorsOf({});
    expect(errors.reference).toEqual(['Enter the listing’s reference']);
    expect(errors.display_address).toEqual(['Enter the address as the site shows it']);
    expect(errors.postcode).toEqual(['Enter the postcode']);
    expect(errors.branch_id).toEqual(['Choose a branch from the list']);
    expect(errors.channel).toEqual(['Choose sales or lettings']);
  });

  it('reads prices as staff type them and refuses what is not a whole number of pounds', () => {
    const ok = parse({ ...MINIMAL, price_value: '£350,000' });
    expect(ok.status === 'success' && ok.value.listing.priceValue).toBe(350_000);
    expect(errorsOf({ ...MINIMAL, price_value: '350k' }).price_value).toEqual(['Enter the price in whole pounds']);
    expect(errorsOf({ ...MINIMAL, price_value: '-5' }).price_value).toEqual(['Enter the price in whole pounds']);
    expect(errorsOf({ ...MINIMAL, bedrooms: '1e3' }).bedrooms).toBeDefined();
  });

  it('checks the material information with the site’s own facts schema', () => {
    // Band I exists only in Wales.
    expect(errorsOf({ ...MINIMAL, council_tax: 'band', council_tax_band: 'I' }).council_tax_band).toEqual([
      'Enter a council tax band from A to H',
    ]);
    expect(
      parse({ ...MINIMAL, nation: 'wales', council_tax: 'band', council_tax_band: 'I' }).status,
      'band I in Wales',
    ).toBe('success');
    expect(errorsOf({ ...MINIMAL, tenure: 'freehold', lease_years: '90' }).tenure).toEqual([
      'Only a lease has years left and ground rent',
    ]);
    expect(errorsOf({ ...MINIMAL, tenure: 'leasehold', ground_rent: '250' }).ground_rent_review).toEqual([
      'Enter how the ground rent is reviewed, for example Fixed',
    ]);
  });

  it('builds the facts document of a lettings listing, ticks and all', () => {
    const submission = parse({
      ...MINIMAL,
      channel: 'lettings',
      price_value: '1250',
      deposit: '1442',
      council_tax: 'band',
      council_tax_band: 'C',
      furnishing: 'unfurnished',
      bills_included: 'on',
      heating: ['gas-central', 'electric'],
      parking: 'driveway',
      flood_sources: 'Rivers and sea, Surface water',
    });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    const facts = submission.value.listing.facts;
    expect(facts.lettings).toMatchObject({ deposit: 1442, furnishing: 'unfurnished', billsIncluded: true });
    expect(facts.heating).toEqual(['gas-central', 'electric']);
    expect(facts.parking).toEqual(['driveway']);
    expect(facts.partC?.floodRisk?.sources).toEqual(['Rivers and sea', 'Surface water']);
    expect(submission.value.listing.councilTaxBand).toBe('C');
  });

  it('refuses a tick that is not on the list', () => {
    expect(errorsOf({ ...MINIMAL, parking: ['driveway', 'helipad'] }).parking).toBeDefined();
  });

  it('gives back the same listing from the values it fills the form with', () => {
    const first = parse({
      ...MINIMAL,
      price_value: '425000',
      price_qualifier: 'Guide price',
      tenure: 'leasehold',
      lease_years: '120',
      ground_rent: '250',
      ground_rent_review: 'Fixed',
      service_charge: '1200',
      service_charge_review: 'Reviewed yearly',
      council_tax: 'band',
      council_tax_band: 'D',
      electricity: ['mains', 'solar'],
      features: 'South-facing garden\nNew kitchen',
      tags: 'Garden, parking, garden',
      disposal: 'Private treaty',
      exchanged_price: '410000',
      staff_member_id: '7',
      description: 'First paragraph.\n\nSecond paragraph.',
    });
    expect(first.status).toBe('success');
    if (first.status !== 'success') return;
    const values = formValuesOf({ ...first.value.listing, version: 3 });
    const second = parse(values);
    expect(second.status).toBe('success');
    if (second.status !== 'success') return;
    expect(second.value.listing).toEqual(first.value.listing);
    expect(first.value.listing).toMatchObject({
      tags: ['garden', 'parking'],
      staffMemberId: 7,
      exchangedPrice: 410_000,
    });
    expect(second.value.version).toBe(3);
  });

  it('never throws, whatever is posted', () => {
    const minimal = parse(MINIMAL);
    if (minimal.status !== 'success') throw new Error('the minimal listing is refused');
    const names = Object.keys(formValuesOf({ ...minimal.value.listing, version: 1 }));
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...names), fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 }))),
        (fields) => {
          const submission = parse({ ...MINIMAL, ...fields });
          expect(['success', 'error']).toContain(submission.status);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('plainText', () => {
  it('removes control and invisible characters, keeping lines only where lines belong', () => {
    expect(plainText(' Flat\u0000 1\u202e ')).toBe('Flat 1');
    expect(plainText('a\r\nb')).toBe('a b');
    expect(plainText('a\r\nb\u0007', { isMultiline: true })).toBe('a\nb');
    expect(plainText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });
});

describe('missingPartA', () => {
  it('asks a sales listing for its price, council tax and tenure', () => {
    expect(missingPartA({ channel: 'sales', priceValue: null, facts: { nation: 'england' } })).toEqual([
      'the price',
      'the council tax band',
      'the tenure',
    ]);
  });

  it('accepts "not yet known" with a reason, as the guidance does', () => {
    expect(
      missingPartA({
        channel: 'sales',
        priceValue: 300_000,
        facts: { nation: 'england', unknownReasons: { councilTax: 'Awaiting banding', tenure: 'Awaiting title' } },
      }),
    ).toEqual([]);
  });

  it('asks a lease for its years, ground rent and service charge, and shared ownership for the share and rent', () => {
    expect(
      missingPartA({
        channel: 'sales',
        priceValue: 300_000,
        facts: { nation: 'england', councilTax: { kind: 'not-yet-banded' }, tenure: { kind: 'shared-ownership' } },
      }),
    ).toEqual([
      'the years left on the lease',
      'the ground rent',
      'the service charge',
      'the share for sale',
      'the rent on the remaining share',
    ]);
  });

  it('asks a letting for its rent, deposit and council tax', () => {
    expect(missingPartA({ channel: 'lettings', priceValue: 0, facts: null })).toEqual([
      'the rent',
      'the council tax band',
      'the deposit',
    ]);
    expect(partAWarning(['the rent', 'the deposit'])).toBe(
      'Part A information is missing: the rent and the deposit. The law says every listing must show it (or say why it is not yet known).',
    );
  });
});

describe('the list filters', () => {
  it('round-trips through the query string', () => {
    const parsed = parseListingFilters(
      new URLSearchParams({
        channel: 'lettings',
        status: 'withdrawn',
        branch: '2',
        source: 'manual',
        q: 'Bath',
        page: '3',
      }),
    );
    expect(parsed.success).toBe(true);
    if (!parsed.success) return;
    expect(parsed.page).toBe(3);
    expect(parseListingFilters(new URLSearchParams(filtersQuery(parsed.filters, 3).slice(1)))).toEqual(parsed);
  });

  it('answers bad values with messages, never an exception', () => {
    const parsed = parseListingFilters(new URLSearchParams('channel=boats&branch=0&page=x&channel=sales'));
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(parsed.errors.map((error) => error.field)).toEqual(expect.arrayContaining(['channel', 'branch', 'page']));
  });
});

describe('the small forms', () => {
  it('need the version the page was loaded at', () => {
    expect(listingActionSchema.safeParse({ intent: 'status', status: 'sstc' }).success).toBe(false);
    expect(listingActionSchema.safeParse({ intent: 'status', status: 'sstc', version: '4' }).data).toEqual({
      intent: 'status',
      status: 'sstc',
      version: 4,
    });
    expect(listingActionSchema.safeParse({ intent: 'price', price_value: '£0', version: '1' }).success).toBe(false);
    expect(
      listingActionSchema.safeParse({ intent: 'publish', version: '1', confirm_missing_part_a: 'yes' }).data,
    ).toMatchObject({ confirm_missing_part_a: true });
  });
});
