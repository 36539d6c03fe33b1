/** UK postcodes, shared by the valuation form and the address lookup import. */

/** UK postcode, with or without the space, any case. */
const POSTCODE_PATTERN = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/i;

/** 'bs84dr' and ' BS8  4DR ' both become 'BS8 4DR'; null when it is not a UK postcode. */
export function normalisePostcode(value: string): string | null {
  const match = POSTCODE_PATTERN.exec(value.trim());
  if (!match) return null;
  return `${match[1]} ${match[2]}`.toUpperCase();
}
