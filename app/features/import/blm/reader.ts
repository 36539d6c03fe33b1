import { FeedRefused } from '../feed.ts';

/**
 * A streaming reader for Rightmove BLM v3: it holds at most one record (and the header) in memory, whatever the
 * file size. Values are mapped by the #DEFINITION#'s column names, never by position; a record may span lines;
 * the declared EOF/EOR delimiters are honoured. File-level faults throw FeedRefused.
 */

export type BlmHeader = {
  version: string;
  /** Field separator (EOF) and record terminator (EOR), one character each. */
  eof: string;
  eor: string;
  propertyCount: number | null;
  generatedDate: string | null;
};

export type BlmLimits = {
  /** Longer values are not kept: the record reports the column as oversized. */
  maxFieldChars: number;
  /** Once a record holds this many characters, its remaining values are treated as oversized too. */
  maxRecordChars: number;
};

export const DEFAULT_LIMITS: BlmLimits = { maxFieldChars: 1_000_000, maxRecordChars: 4_000_000 };

export type BlmRow = {
  /** 1-based position of the record in the #DATA# section. */
  number: number;
  values: Map<string, string>;
  /** Columns whose value was too long to keep, with the value's length in characters. */
  oversized: Map<string, number>;
};

export type BlmEvent = { kind: 'start'; header: BlmHeader; columns: string[] } | { kind: 'record'; row: BlmRow };

const MAX_PREAMBLE_CHARS = 256 * 1024;
const END_TAG = '#END#';

export async function* readBlm(
  text: AsyncIterable<string>,
  limits: BlmLimits = DEFAULT_LIMITS,
): AsyncGenerator<BlmEvent> {
  const iterator = text[Symbol.asyncIterator]();
  // Header and definition: small, so buffered until complete.
  let buffer = '';
  let preamble: { header: BlmHeader; columns: string[]; rest: string } | null = null;
  while (preamble === null) {
    const next = await iterator.next();
    if (next.done) {
      preamble = parsePreamble(buffer, true);
      break;
    }
    buffer += next.value;
    preamble = parsePreamble(buffer, false);
    if (preamble === null && buffer.length > MAX_PREAMBLE_CHARS) {
      throw new FeedRefused(
        'The #HEADER# and #DEFINITION# sections do not end where they should: the file is not a BLM file.',
      );
    }
  }
  if (preamble === null) throw new FeedRefused('The file ends before its #DATA# section: it is truncated.');
  const { header, columns } = preamble;
  yield { kind: 'start', header, columns };

  const data = new DataScanner(header, columns, limits);
  const rows = data.push(preamble.rest);
  yield* rows.map((row) => ({ kind: 'record' as const, row }));
  while (!data.isEnded) {
    const next = await iterator.next();
    if (next.done) break;
    for (const row of data.push(next.value)) yield { kind: 'record', row };
  }
  data.finish();
  if (header.propertyCount !== null && header.propertyCount !== data.recordCount) {
    throw new FeedRefused(
      `The header says Property Count : ${header.propertyCount} but the file holds ${data.recordCount} ${data.recordCount === 1 ? 'record' : 'records'}: it may be truncated or corrupt.`,
    );
  }
}

/** Returns null while more text is needed; refuses a header or definition that cannot be read. */
function parsePreamble(
  buffer: string,
  isComplete: boolean,
): { header: BlmHeader; columns: string[]; rest: string } | null {
  const text = buffer.replace(/^\uFEFF/, '');
  const firstLineEnd = text.search(/\r|\n/);
  if (firstLineEnd === -1 && !isComplete) return null;
  const firstLine = (firstLineEnd === -1 ? text : text.slice(0, firstLineEnd)).trim();
  if (firstLine.toUpperCase() !== '#HEADER#') {
    throw new FeedRefused(
      `The file does not start with #HEADER# (it starts with '${firstLine.slice(0, 40)}'): it is not a BLM file.`,
    );
  }
  const definitionAt = indexOfLine(text, '#DEFINITION#');
  if (definitionAt === -1) {
    if (isComplete) throw new FeedRefused('The file has no #DEFINITION# section: it is truncated or not a BLM file.');
    return null;
  }
  const header = parseHeader(text.slice(firstLineEnd, definitionAt.start));
  const afterDefinitionTag = text.slice(definitionAt.end);
  const eorAt = afterDefinitionTag.indexOf(header.eor);
  const dataAt = indexOfLine(afterDefinitionTag, '#DATA#');
  if (dataAt === -1) {
    if (isComplete) throw new FeedRefused('The file has no #DATA# section: it is truncated or not a BLM file.');
    return null;
  }
  // The definition ends with EOF+EOR; a definition closed by a line break alone is read too.
  const definitionText =
    eorAt !== -1 && eorAt < dataAt.start
      ? afterDefinitionTag.slice(0, eorAt)
      : afterDefinitionTag.slice(0, dataAt.start);
  const names = definitionText.split(header.eof).map((name) => name.trim());
  if (names.length > 1 && names[names.length - 1] === '') names.pop();
  if (names.length === 0 || names.some((name) => name === '')) {
    throw new FeedRefused('The #DEFINITION# has an empty column name: the file cannot be read.');
  }
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name))
      throw new FeedRefused(`The #DEFINITION# names the column ${name} twice: the file cannot be read.`);
    seen.add(name);
  }
  return { header, columns: names, rest: afterDefinitionTag.slice(dataAt.end) };
}

/** Finds a tag on a line of its own; returns where the line starts and where the text after it begins. */
function indexOfLine(text: string, tag: string): { start: number; end: number } | -1 {
  const pattern = new RegExp(`(^|\\r\\n|\\r|\\n)[ \\t]*${tag}[ \\t]*(\\r\\n|\\r|\\n|$)`, 'i');
  const match = pattern.exec(text);
  if (!match) return -1;
  return { start: match.index, end: match.index + match[0].length };
}

function parseHeader(text: string): BlmHeader {
  const items = new Map<string, string>();
  for (const line of text.split(/\r\n|\r|\n/)) {
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    items.set(line.slice(0, colon).trim().toLowerCase().replace(/\s+/g, ' '), line.slice(colon + 1).trim());
  }
  const version = items.get('version');
  if (version === undefined || version === '') {
    throw new FeedRefused('The #HEADER# has no Version: the file is not a BLM file.');
  }
  if (!/^3(\.\d+)?i?$/i.test(version)) {
    throw new FeedRefused(`The #HEADER# says Version : ${version}; Doorstep reads BLM version 3 (and 3i) only.`);
  }
  const eof = delimiter(items.get('eof'), 'EOF');
  const eor = delimiter(items.get('eor'), 'EOR');
  if (eof === eor) {
    throw new FeedRefused(`The #HEADER# gives the same character '${eof}' for EOF and EOR: the file cannot be read.`);
  }
  const countText = items.get('property count');
  let propertyCount: number | null = null;
  if (countText !== undefined && countText !== '') {
    if (!/^\d+$/.test(countText)) {
      throw new FeedRefused(`The #HEADER# Property Count '${countText}' is not a number.`);
    }
    propertyCount = Number(countText);
  }
  const generatedDate = items.get('generated date') || null;
  return { version, eof, eor, propertyCount, generatedDate };
}

function delimiter(value: string | undefined, name: 'EOF' | 'EOR'): string {
  if (value === undefined || value === '') {
    throw new FeedRefused(
      `The #HEADER# has no ${name} (the ${name === 'EOF' ? 'field separator' : 'record terminator'}): the file cannot be read.`,
    );
  }
  // The reference quotes the character ('^'); an unquoted single character is read too.
  const quoted = /^(['"])(.)\1$/u.exec(value);
  const character = quoted ? quoted[2] : value;
  if (character === undefined || [...character].length !== 1 || /[\s#]/.test(character)) {
    throw new FeedRefused(
      `The #HEADER# ${name} ${value} is not a single character in quotes: the file cannot be read.`,
    );
  }
  return character;
}

class DataScanner {
  recordCount = 0;
  isEnded = false;
  private atRecordStart = true;
  private tag = '';
  private values: string[] = [];
  private oversized = new Map<number, number>();
  private parts: string[] = [];
  private fieldLength = 0;
  private keptLength = 0;
  private readonly eofCode: number;
  private readonly eorCode: number;

  constructor(
    header: BlmHeader,
    private readonly columns: string[],
    private readonly limits: BlmLimits,
  ) {
    this.eofCode = header.eof.charCodeAt(0);
    this.eorCode = header.eor.charCodeAt(0);
  }

  push(chunk: string): BlmRow[] {
    const rows: BlmRow[] = [];
    let index = 0;
    const length = chunk.length;
    while (index < length && !this.isEnded) {
      if (this.atRecordStart) {
        index = this.skipBetweenRecords(chunk, index);
        continue;
      }
      let segmentStart = index;
      for (; index < length; index += 1) {
        const code = chunk.charCodeAt(index);
        if (code !== this.eofCode && code !== this.eorCode) continue;
        this.append(chunk.slice(segmentStart, index));
        this.endField();
        segmentStart = index + 1;
        if (code === this.eorCode) {
          rows.push(this.endRecord());
          index += 1;
          break;
        }
      }
      if (index >= length && !this.atRecordStart) this.append(chunk.slice(segmentStart, length));
    }
    return rows;
  }

  /** Skips line breaks between records and recognises #END#; anything else starts the next record. */
  private skipBetweenRecords(chunk: string, start: number): number {
    let index = start;
    while (index < chunk.length) {
      const character = chunk[index] as string;
      if (this.tag === '' && (character === '\r' || character === '\n' || character === ' ' || character === '\t')) {
        index += 1;
        continue;
      }
      const candidate = this.tag + character;
      if (END_TAG.startsWith(candidate.toUpperCase())) {
        this.tag = candidate;
        index += 1;
        if (this.tag.length === END_TAG.length) {
          this.isEnded = true;
          return chunk.length;
        }
        continue;
      }
      // Not #END# after all: what was held back is the start of a value.
      this.atRecordStart = false;
      const held = this.tag;
      this.tag = '';
      if (held) this.append(held);
      return index;
    }
    return index;
  }

  private append(text: string): void {
    if (text === '') return;
    this.fieldLength += text.length;
    if (this.isFieldOversized()) {
      this.parts = [];
      return;
    }
    this.parts.push(text);
  }

  private endField(): void {
    const columnIndex = this.values.length;
    if (this.isFieldOversized()) {
      this.oversized.set(columnIndex, this.fieldLength);
      this.values.push('');
    } else {
      this.keptLength += this.fieldLength;
      this.values.push(this.parts.join('').replace(/\r\n?/g, '\n'));
    }
    this.parts = [];
    this.fieldLength = 0;
  }

  /** Too long by itself, or too long for what the record already holds; an oversized value never counts. */
  private isFieldOversized(): boolean {
    return (
      this.fieldLength > this.limits.maxFieldChars || this.keptLength + this.fieldLength > this.limits.maxRecordChars
    );
  }

  private endRecord(): BlmRow {
    this.recordCount += 1;
    const values = this.values;
    // Each record ends with EOF+EOR, which leaves an empty slot after the last value; a record without it is read too.
    if (values.length === this.columns.length + 1 && values[values.length - 1] === '') values.pop();
    if (values.length !== this.columns.length) {
      const ref = values[0] ? ` (${this.columns[0]} '${values[0].slice(0, 40)}')` : '';
      // The trailing slot after the last EOF is not a value.
      const count = values[values.length - 1] === '' ? values.length - 1 : values.length;
      throw new FeedRefused(
        `Record ${this.recordCount}${ref} has ${count} fields but the #DEFINITION# names ${this.columns.length} columns: the file is corrupt or uses an undeclared delimiter.`,
      );
    }
    const row: BlmRow = { number: this.recordCount, values: new Map(), oversized: new Map() };
    this.columns.forEach((column, index) => {
      row.values.set(column, values[index] ?? '');
      const length = this.oversized.get(index);
      if (length !== undefined) row.oversized.set(column, length);
    });
    this.values = [];
    this.oversized = new Map();
    this.keptLength = 0;
    this.atRecordStart = true;
    return row;
  }

  finish(): void {
    if (this.isEnded) return;
    if (!this.atRecordStart || this.values.length > 0 || this.tag !== '') {
      throw new FeedRefused(
        `The file ends in the middle of record ${this.recordCount + 1}, without #END#: it is truncated, so nothing was imported.`,
      );
    }
    throw new FeedRefused('The file has no #END# line: it may be truncated, so nothing was imported.');
  }
}
