import { describe, expect, it } from 'vitest';
import { addressesFromCsv, parseCsv } from './address-csv.ts';

describe('address CSV import', () => {
  it('parses quoted fields, doubled quotes and CRLF line ends', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n\n1,\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['1', ''],
    ]);
  });

  it('turns rows into addresses, normalising postcodes and building the search text', () => {
    const csv = [
      '\uFEFFbuilding_number,building_name,line_1,line_2,town_or_city,county,postcode,latitude,longitude,extra',
      '12,,12 Orchard Road,Widcombe,Bath,Somerset,ba24ab,51.375,-2.355,ignored',
      ',"Rose Cottage","Rose Cottage","Mill Lane",Bath,Somerset,BA2 9XY,,,',
      '1,,1 Nowhere,,Bath,Somerset,NOT A POSTCODE,,,',
      '2,,,,Bath,Somerset,BA2 4AB,,,',
    ].join('\n');
    const { rows, skipped } = addressesFromCsv(csv);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      buildingNumber: '12',
      buildingName: null,
      line1: '12 Orchard Road',
      line2: 'Widcombe',
      line3: '',
      line4: '',
      townOrCity: 'Bath',
      county: 'Somerset',
      postcode: 'BA2 4AB',
      searchText: '12 orchard road, widcombe, bath, ba2 4ab',
      location: { lat: 51.375, lng: -2.355 },
    });
    expect(rows[1]).toMatchObject({ buildingName: 'Rose Cottage', line2: 'Mill Lane', location: null });
    expect(skipped).toEqual([
      { line: 4, reason: 'not a UK postcode' },
      { line: 5, reason: 'line_1 or town_or_city is empty' },
    ]);
  });

  it('refuses a file without the required columns', () => {
    expect(() => addressesFromCsv('street,town\nHigh Street,Bath')).toThrow('line_1');
    expect(addressesFromCsv('')).toEqual({ rows: [], skipped: [] });
  });
});
