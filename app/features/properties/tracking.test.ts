import { describe, expect, it } from 'vitest';
import { readFields } from '../../lib/http/request-body.ts';
import { exposuresSchema, propertyViewSchema } from './tracking.ts';

/** The body's fields as the routes read them (the request layer's one reader). */
const fieldsOf = (contentType: string, body: string) =>
  readFields(new Request('http://x/', { method: 'POST', headers: { 'content-type': contentType }, body }));
const FORM = 'application/x-www-form-urlencoded';

describe('POST /property_views body', () => {
  it('accepts JSON and form-encoded bodies', async () => {
    const json = await fieldsOf('application/json', '{"property_id": 12, "domain": "www.agency.test"}');
    const form = await fieldsOf(FORM, 'property_id=12&domain=www.agency.test');
    expect(propertyViewSchema.parse(json)).toEqual({ property_id: 12, domain: 'www.agency.test' });
    expect(propertyViewSchema.parse(form)).toEqual({ property_id: 12, domain: 'www.agency.test' });
  });

  it('rejects a missing or non-numeric id, a bad domain and broken JSON', async () => {
    expect(propertyViewSchema.safeParse({ domain: 'a.test' }).success).toBe(false);
    expect(propertyViewSchema.safeParse({ property_id: 'abc', domain: 'a.test' }).success).toBe(false);
    expect(propertyViewSchema.safeParse({ property_id: 1, domain: 'a test/<script>' }).success).toBe(false);
    await expect(fieldsOf('application/json', '{nope')).rejects.toMatchObject({ status: 400 });
  });

  it('keeps a port in the domain (localhost:3000)', () => {
    expect(propertyViewSchema.parse({ property_id: '3', domain: 'localhost:3000' })).toEqual({
      property_id: 3,
      domain: 'localhost:3000',
    });
  });
});

describe('POST /exposures/create_many body', () => {
  it('accepts ids as a list, comma-separated text or repeated form fields', async () => {
    const expected = { property_ids: [1, 2, 3], domain: 'agency.test', event_type: 'search_results' };
    expect(
      exposuresSchema.parse({ property_ids: [1, 2, 3], domain: 'agency.test', event_type: 'search_results' }),
    ).toEqual(expected);
    expect(
      exposuresSchema.parse(await fieldsOf(FORM, 'property_ids=1,2,3&domain=agency.test&event_type=search_results')),
    ).toEqual(expected);
    expect(
      exposuresSchema.parse(
        await fieldsOf(
          FORM,
          'property_ids[]=1&property_ids[]=2&property_ids[]=3&domain=agency.test&event_type=search_results',
        ),
      ),
    ).toEqual(expected);
  });

  it('rejects an empty list, more than 200 ids and odd event types', () => {
    expect(exposuresSchema.safeParse({ property_ids: [], domain: 'a.test', event_type: 'x' }).success).toBe(false);
    const many = Array.from({ length: 201 }, (_, index) => index + 1);
    expect(exposuresSchema.safeParse({ property_ids: many, domain: 'a.test', event_type: 'x' }).success).toBe(false);
    expect(exposuresSchema.safeParse({ property_ids: [1], domain: 'a.test', event_type: 'drop table' }).success).toBe(
      false,
    );
  });
});
