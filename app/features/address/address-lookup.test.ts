import { describe, expect, it } from 'vitest';
import {
  addressFieldsFromDetail,
  formatAddressDetail,
  normaliseLookupText,
  type AddressDetail,
} from './address-lookup.ts';

const blank: AddressDetail = {
  building_number: '',
  building_name: '',
  line_1: '',
  line_2: '',
  line_3: '',
  line_4: '',
  town_or_city: '',
  county: '',
  postcode: '',
};

describe('address lookup helpers', () => {
  it('splits a numbered address into number and street', () => {
    const detail = {
      ...blank,
      building_number: '12',
      line_1: '12 Orchard Road',
      line_2: 'Widcombe',
      town_or_city: 'Bath',
      county: 'Somerset',
      postcode: 'BA2 4AB',
    };
    expect(addressFieldsFromDetail(detail)).toEqual({
      houseNumber: '12',
      houseName: '',
      street: 'Orchard Road',
      town: 'Bath',
      county: 'Somerset',
      postcode: 'BA2 4AB',
    });
    expect(formatAddressDetail(detail)).toBe('12 Orchard Road, Widcombe, Bath, BA2 4AB');
  });

  it('keeps a named building apart from its street', () => {
    const detail = {
      ...blank,
      building_name: 'Rose Cottage',
      line_1: 'Rose Cottage',
      line_2: 'Mill Lane',
      town_or_city: 'Bath',
      postcode: 'BA2 9XY',
    };
    expect(addressFieldsFromDetail(detail)).toMatchObject({
      houseName: 'Rose Cottage',
      houseNumber: '',
      street: 'Mill Lane',
    });
  });

  it('handles a flat with a name and a number', () => {
    const detail = {
      ...blank,
      building_name: 'Flat 2, Mill House',
      building_number: '4',
      line_1: 'Flat 2, Mill House',
      line_2: '4 Quay Street',
      town_or_city: 'Bristol',
      postcode: 'BS1 4DJ',
    };
    expect(addressFieldsFromDetail(detail)).toMatchObject({
      houseName: 'Flat 2, Mill House',
      houseNumber: '4',
      street: 'Quay Street',
    });
  });

  it('normalises the typed text', () => {
    expect(normaliseLookupText('  12   orchard\troad ')).toBe('12 orchard road');
    expect(normaliseLookupText('x'.repeat(300))).toHaveLength(100);
  });
});
