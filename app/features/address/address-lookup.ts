/**
 * Address lookup shared by client and server (spec points 3, 4, 5 and 7): GET /address_lookup?autocomplete= answers
 * `{ suggestions: [{ address, id }] }` (debounced 500 ms in the browser), ?id= answers the address detail.
 */
export const ADDRESS_LOOKUP_PATH = '/address_lookup';
export const ADDRESS_LOOKUP_DEBOUNCE_MS = 500;
export const ADDRESS_NOT_FOUND_MESSAGE = "Sorry we couldn't find that address";
export const ADDRESS_LOADING_MESSAGE = 'Loading...';
/** Fewer characters than this are not worth a request. */
export const MIN_LOOKUP_CHARACTERS = 3;
const MAX_LOOKUP_CHARACTERS = 100;
export const MAX_SUGGESTIONS = 10;

export type AddressSuggestion = { address: string; id: string };

export type AddressDetail = {
  building_number: string;
  building_name: string;
  line_1: string;
  line_2: string;
  line_3: string;
  line_4: string;
  town_or_city: string;
  county: string;
  postcode: string;
};

/** The manual-entry fields of a form (spec point 3: house_number, house_name, street, town, county, postcode). */
export type AddressFields = {
  houseNumber: string;
  houseName: string;
  street: string;
  town: string;
  county: string;
  postcode: string;
};

export const EMPTY_ADDRESS_FIELDS: AddressFields = {
  houseNumber: '',
  houseName: '',
  street: '',
  town: '',
  county: '',
  postcode: '',
};

/** The autocomplete text as the server accepts it: trimmed, single spaces, at most 100 characters. */
export function normaliseLookupText(value: string): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, MAX_LOOKUP_CHARACTERS);
}

/**
 * Turns a lookup detail into form fields. The street is the first line that is not the building name, without the
 * building number in front ('12 High Street' → 'High Street'); localities in later lines are left to the town.
 */
export function addressFieldsFromDetail(detail: AddressDetail): AddressFields {
  const number = detail.building_number.trim();
  const name = detail.building_name.trim();
  const lines = [detail.line_1, detail.line_2, detail.line_3, detail.line_4].map((line) => line.trim()).filter(Boolean);
  const streetLine = lines.find((line) => line !== name && !(name && line.startsWith(`${name},`))) ?? '';
  const street = number && streetLine.startsWith(`${number} `) ? streetLine.slice(number.length + 1) : streetLine;
  return {
    houseNumber: number,
    houseName: name,
    street: street.trim(),
    town: detail.town_or_city.trim(),
    county: detail.county.trim(),
    postcode: detail.postcode.trim(),
  };
}

/** One line for a suggestion list or a summary: '12 Orchard Road, Widcombe, Bath, BA2 4AB'. */
export function formatAddressDetail(detail: AddressDetail): string {
  return [detail.line_1, detail.line_2, detail.line_3, detail.line_4, detail.town_or_city, detail.postcode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}
