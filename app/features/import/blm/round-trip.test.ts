import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBlm } from './reader.ts';
import { inPieces } from './test-helpers.ts';
import { blmHead, blmRecord, BLM_END, pickDelimiters, writeBlm } from './writer.ts';

/**
 * Property: whatever the writer writes, the reader reads back — for any values (line breaks, non-ASCII, '#',
 * the other candidate delimiters), any split of the text into chunks and any delimiter pair the writer picks.
 * The only change is the one the format makes: CRLF and CR inside a value come back as LF.
 */

const columnName = fc.stringMatching(/^[A-Z][A-Z0-9_]{0,15}$/);
const agentRef = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/);
const character = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '\n',
      '\r\n',
      '\r',
      '#',
      '#END#',
      '^',
      '~',
      '|',
      ' ',
      '\t',
      '£',
      'é',
      '€',
      '“',
      '🏡',
      '<b>',
    ),
  },
);
const value = fc.array(character, { maxLength: 30 }).map((parts) => parts.join(''));

const fileArbitrary = fc.uniqueArray(columnName, { minLength: 1, maxLength: 8 }).chain((columns) =>
  fc.record({
    columns: fc.constant(['AGENT_REF', ...columns.filter((column) => column !== 'AGENT_REF')]),
    records: fc.array(fc.tuple(agentRef, fc.array(value, { minLength: columns.length, maxLength: columns.length })), {
      maxLength: 6,
    }),
    pieceSize: fc.integer({ min: 1, max: 64 }),
  }),
);

async function readBack(text: string, pieceSize: number) {
  const rows: Array<Map<string, string>> = [];
  let columns: string[] = [];
  for await (const event of readBlm(inPieces(text, pieceSize))) {
    if (event.kind === 'start') columns = event.columns;
    else rows.push(event.row.values);
  }
  return { columns, rows };
}

describe('BLM writer and reader', () => {
  it('round-trip any record', async () => {
    await fc.assert(
      fc.asyncProperty(fileArbitrary, async ({ columns, records, pieceSize }) => {
        const objects = records.map(([ref, values]) =>
          Object.fromEntries(columns.map((column, index) => [column, index === 0 ? ref : (values[index - 1] ?? '')])),
        );
        const { eof, eor } = pickDelimiters(objects.flatMap((object) => Object.values(object)));
        const text = writeBlm({ columns, eof, eor, propertyCount: objects.length }, objects);
        const back = await readBack(text, pieceSize);
        expect(back.columns).toEqual(columns);
        expect(back.rows.map((row) => Object.fromEntries(row))).toEqual(
          objects.map((object) =>
            Object.fromEntries(Object.entries(object).map(([column, text]) => [column, text.replace(/\r\n?/g, '\n')])),
          ),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('refuses to write a value holding a declared delimiter, which the format cannot escape', () => {
    expect(() => blmRecord(['A'], { A: 'x^y' })).toThrow(
      "The A value holds the delimiter '^', which BLM cannot escape",
    );
    expect(() => blmHead({ columns: ['A~B'] })).toThrow(/column name value holds the delimiter '~'/);
    expect(pickDelimiters(['a^b', 'c~d'])).toEqual({ eof: '|', eor: '`' });
    expect(BLM_END).toBe('#END#\r\n');
  });
});
