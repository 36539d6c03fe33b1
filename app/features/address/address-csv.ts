/**
 * CSV import of addresses for the local lookup (`npm run addresses:import -- file.csv`). The first row names the
 * columns; recognised: building_number, building_name, line_1 (required), line_2, line_3, line_4,
 * town_or_city (required), county, postcode (required), latitude, longitude (both or neither). Other columns are
 * ignored, so a getAddress.io or PAF-style export with these headings imports as it is.
 */
import { normalisePostcode } from '../../lib/postcode.ts';

type AddressCsvRow = {
  buildingNumber: string | null;
  buildingName: string | null;
  line1: string;
  line2: string;
  line3: string;
  line4: string;
  townOrCity: string;
  county: string;
  postcode: string;
  searchText: string;
  location: { lat: number; lng: number } | null;
};

/** RFC 4180 records: commas, quoted fields with doubled quotes, CRLF or LF line ends. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (isQuoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') isQuoted = false;
      else field += char;
    } else if (char === '"' && field === '') isQuoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((row) => row.some((cell) => cell.trim() !== ''));
}

export type AddressCsvResult = { rows: AddressCsvRow[]; skipped: { line: number; reason: string }[] };

export function addressesFromCsv(text: string): AddressCsvResult {
  const [header, ...records] = parseCsv(text.replace(/^\uFEFF/, ''));
  if (!header) return { rows: [], skipped: [] };
  const columns = header.map((name) => name.trim().toLowerCase());
  for (const required of ['line_1', 'town_or_city', 'postcode']) {
    if (!columns.includes(required)) throw new Error(`The CSV has no ${required} column.`);
  }
  const rows: AddressCsvRow[] = [];
  const skipped: AddressCsvResult['skipped'] = [];
  records.forEach((record, index) => {
    const cell = (name: string) => (record[columns.indexOf(name)] ?? '').trim();
    const line = index + 2;
    const postcode = normalisePostcode(cell('postcode'));
    if (!postcode) return skipped.push({ line, reason: 'not a UK postcode' });
    if (!cell('line_1') || !cell('town_or_city'))
      return skipped.push({ line, reason: 'line_1 or town_or_city is empty' });
    const lat = Number.parseFloat(cell('latitude'));
    const lng = Number.parseFloat(cell('longitude'));
    const hasPoint = Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
    const lines = [cell('line_1'), cell('line_2'), cell('line_3'), cell('line_4')];
    rows.push({
      buildingNumber: cell('building_number') || null,
      buildingName: cell('building_name') || null,
      line1: lines[0] ?? '',
      line2: lines[1] ?? '',
      line3: lines[2] ?? '',
      line4: lines[3] ?? '',
      townOrCity: cell('town_or_city'),
      county: cell('county'),
      postcode,
      searchText: [...lines.filter(Boolean), cell('town_or_city'), postcode].join(', ').toLowerCase(),
      location: hasPoint ? { lat, lng } : null,
    });
    return undefined;
  });
  return { rows, skipped };
}
