/**
 * Writes BLM v3 text: the sample feed, the benchmark's feeds and the tests use it. The format has no escape
 * character, so EOF and EOR are reserved: a value holding either is refused here rather than written into a
 * file that would read back wrongly. `pickDelimiters` chooses a pair that no value uses.
 */

export type BlmFileSpec = {
  columns: readonly string[];
  eof?: string;
  eor?: string;
  version?: string;
  generatedDate?: string;
  /** Written as Property Count when given. */
  propertyCount?: number;
};

const CRLF = '\r\n';
export const BLM_END = `#END#${CRLF}`;
const CANDIDATES = ['^', '~', '|', '`', '¬', '\u001F', '\u001E', '\u001D', '\u001C'];

export function blmHead(spec: BlmFileSpec): string {
  const eof = spec.eof ?? '^';
  const eor = spec.eor ?? '~';
  const lines = ['#HEADER#', `Version : ${spec.version ?? '3'}`, `EOF : '${eof}'`, `EOR : '${eor}'`];
  if (spec.propertyCount !== undefined) lines.push(`Property Count : ${spec.propertyCount}`);
  if (spec.generatedDate) lines.push(`Generated Date : ${spec.generatedDate}`);
  for (const column of spec.columns) assertFree(column, eof, eor, 'column name');
  lines.push('', '#DEFINITION#', `${spec.columns.join(eof)}${eof}${eor}`, '#DATA#');
  return lines.join(CRLF) + CRLF;
}

/** One record, by column name; a column without a value is written empty. */
export function blmRecord(
  columns: readonly string[],
  values: Readonly<Record<string, string | number | null | undefined>>,
  eof = '^',
  eor = '~',
): string {
  const cells = columns.map((column) => {
    const value = values[column];
    const text = value === null || value === undefined ? '' : String(value);
    assertFree(text, eof, eor, column);
    return text;
  });
  return `${cells.join(eof)}${eof}${eor}${CRLF}`;
}

export function writeBlm(
  spec: BlmFileSpec,
  records: ReadonlyArray<Readonly<Record<string, string | number | null | undefined>>>,
): string {
  const eof = spec.eof ?? '^';
  const eor = spec.eor ?? '~';
  return blmHead(spec) + records.map((record) => blmRecord(spec.columns, record, eof, eor)).join('') + BLM_END;
}

/** The first pair of delimiters (favouring the usual ^ and ~) that appears in none of the values. */
export function pickDelimiters(values: Iterable<string>): { eof: string; eor: string } {
  const used = new Set<string>();
  for (const value of values) for (const character of CANDIDATES) if (value.includes(character)) used.add(character);
  const free = CANDIDATES.filter((character) => !used.has(character));
  if (free.length < 2) throw new Error('Every candidate delimiter appears in the values: the file cannot be written');
  return { eof: free[0] as string, eor: free[1] as string };
}

function assertFree(text: string, eof: string, eor: string, what: string): void {
  if (text.includes(eof) || text.includes(eor)) {
    throw new Error(
      `The ${what} value holds the delimiter '${text.includes(eof) ? eof : eor}', which BLM cannot escape`,
    );
  }
}
