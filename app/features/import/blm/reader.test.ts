import { describe, expect, it } from 'vitest';
import { FeedRefused } from '../feed.ts';
import { readBlm, type BlmHeader, type BlmLimits, type BlmRow } from './reader.ts';
import { blmText, COLUMNS, inPieces, saleRecord } from './test-helpers.ts';

async function readAll(text: string, pieceSize = 7, limits?: BlmLimits) {
  let header: BlmHeader | null = null;
  let columns: string[] = [];
  const rows: BlmRow[] = [];
  for await (const event of readBlm(inPieces(text, pieceSize), limits)) {
    if (event.kind === 'start') {
      header = event.header;
      columns = event.columns;
    } else rows.push(event.row);
  }
  return { header, columns, rows };
}

async function refusal(text: string, pieceSize = 7): Promise<string> {
  try {
    await readAll(text, pieceSize);
  } catch (error) {
    if (error instanceof FeedRefused) return error.reason;
    throw error;
  }
  throw new Error('The file was not refused');
}

describe('readBlm', () => {
  it('reads the header, the definition and each record by column name', async () => {
    const text = blmText([saleRecord(), saleRecord({ AGENT_REF: '1_HV00043', PRICE: '300000' })], { propertyCount: 2 });
    for (const size of [1, 3, 64, 100_000]) {
      const { header, columns, rows } = await readAll(text, size);
      expect(header).toEqual({
        version: '3',
        eof: '^',
        eor: '~',
        propertyCount: 2,
        generatedDate: '2026-11-25 09:00:00',
      });
      expect(columns).toEqual(COLUMNS);
      expect(rows.map((row) => row.values.get('AGENT_REF'))).toEqual(['1_HV00042', '1_HV00043']);
      expect(rows[1]?.values.get('PRICE')).toBe('300000');
      expect(rows[0]?.values.get('DESCRIPTION')).toBe('A fine house.\n\nWith a garden.');
    }
  });

  it('honours other declared delimiters', async () => {
    const text = blmText([saleRecord({ SUMMARY: 'Caret ^ and tilde ~ are plain text here' })], { eof: '|', eor: '`' });
    const { header, rows } = await readAll(text);
    expect(header?.eof).toBe('|');
    expect(header?.eor).toBe('`');
    expect(rows[0]?.values.get('SUMMARY')).toBe('Caret ^ and tilde ~ are plain text here');
  });

  it('reads unquoted delimiters, extra header items and lower-case tags', async () => {
    const text =
      '#header#\nVersion : 3i\nEOF : ^\nEOR : ~\nSupplier : Acme CRM\n#definition#\nAGENT_REF^PRICE^~\n#data#\nA1^100^~\n#end#\n';
    const { header, rows } = await readAll(text);
    expect(header?.version).toBe('3i');
    expect(rows[0]?.values.get('PRICE')).toBe('100');
  });

  it('reads records that span lines, with CRLF or CR line breaks turned into LF', async () => {
    const text =
      "#HEADER#\r\nVersion : 3\r\nEOF : '^'\r\nEOR : '~'\r\n#DEFINITION#\r\nAGENT_REF^DESCRIPTION^~\r\n#DATA#\r\nA1^Line one\r\nLine two\rLine three^~\r\nA2^#hashtag #END# inside^~\r\n#END#\r\n";
    const { rows } = await readAll(text, 2);
    expect(rows[0]?.values.get('DESCRIPTION')).toBe('Line one\nLine two\nLine three');
    expect(rows[1]?.values.get('DESCRIPTION')).toBe('#hashtag #END# inside');
  });

  it('reads a record whose first value starts with #', async () => {
    const text =
      "#HEADER#\nVersion : 3\nEOF : '^'\nEOR : '~'\n#DEFINITION#\nAGENT_REF^PRICE^~\n#DATA#\n#EN1^5^~\n#END#\n";
    const { rows } = await readAll(text, 1);
    expect(rows[0]?.values.get('AGENT_REF')).toBe('#EN1');
  });

  it('reads records and definitions without the trailing empty slot', async () => {
    const text = "#HEADER#\nVersion : 3\nEOF : '^'\nEOR : '~'\n#DEFINITION#\nAGENT_REF^PRICE~\n#DATA#\nA1^5~\n#END#\n";
    const { columns, rows } = await readAll(text);
    expect(columns).toEqual(['AGENT_REF', 'PRICE']);
    expect(rows[0]?.values.get('PRICE')).toBe('5');
  });

  it('keeps no more than the field limit of an oversized value, and says how long it was', async () => {
    const huge = 'x'.repeat(50_000);
    const text = blmText([saleRecord({ DESCRIPTION: huge }), saleRecord({ AGENT_REF: 'NEXT' })]);
    const { rows } = await readAll(text, 4096, { maxFieldChars: 1000, maxRecordChars: 10_000 });
    expect(rows[0]?.oversized.get('DESCRIPTION')).toBe(50_000);
    expect(rows[0]?.values.get('DESCRIPTION')).toBe('');
    // The values after it in the same record are kept: an oversized value does not count towards the record.
    expect(rows[0]?.values.get('BRANCH_ID')).toBe('1');
    expect(rows[0]?.oversized.size).toBe(1);
    expect(rows[1]?.values.get('AGENT_REF')).toBe('NEXT');
    expect(rows[1]?.oversized.size).toBe(0);
  });

  describe('refuses the file', () => {
    it('without #END# (truncated between records)', async () => {
      const text = blmText([saleRecord()]).replace('#END#\r\n', '');
      expect(await refusal(text)).toBe('The file has no #END# line: it may be truncated, so nothing was imported.');
    });

    it('cut off in the middle of a record', async () => {
      const text = blmText([saleRecord(), saleRecord({ AGENT_REF: 'B' })]);
      expect(await refusal(text.slice(0, text.length - 60))).toMatch(/ends in the middle of record 2, without #END#/);
    });

    it('that does not start with #HEADER#', async () => {
      expect(await refusal('AGENT_REF,PRICE\nA1,100\n')).toBe(
        "The file does not start with #HEADER# (it starts with 'AGENT_REF,PRICE'): it is not a BLM file.",
      );
    });

    it('with a header lacking Version, EOF or EOR, or naming another version', async () => {
      const base = blmText([saleRecord()]);
      expect(await refusal(base.replace('Version : 3\r\n', ''))).toBe(
        'The #HEADER# has no Version: the file is not a BLM file.',
      );
      expect(await refusal(base.replace('Version : 3', 'Version : 2'))).toMatch(
        /Version : 2; Doorstep reads BLM version 3/,
      );
      expect(await refusal(base.replace("EOR : '~'\r\n", ''))).toMatch(/has no EOR \(the record terminator\)/);
      expect(await refusal(base.replace("EOF : '^'", "EOF : '~'"))).toMatch(/same character '~' for EOF and EOR/);
      expect(await refusal(base.replace("EOF : '^'", "EOF : 'ab'"))).toMatch(/EOF 'ab' is not a single character/);
    });

    it('without a #DEFINITION# or #DATA# section', async () => {
      expect(await refusal("#HEADER#\nVersion : 3\nEOF : '^'\nEOR : '~'\n")).toMatch(/no #DEFINITION# section/);
      expect(await refusal("#HEADER#\nVersion : 3\nEOF : '^'\nEOR : '~'\n#DEFINITION#\nA^B^~\n")).toMatch(
        /no #DATA# section/,
      );
    });

    it('when a record has more or fewer fields than the definition', async () => {
      const text = blmText([saleRecord()]).replace('^Bath^', '^Bath^extra^');
      expect(await refusal(text)).toBe(
        `Record 1 (AGENT_REF '1_HV00042') has ${COLUMNS.length + 1} fields but the #DEFINITION# names ${COLUMNS.length} columns: the file is corrupt or uses an undeclared delimiter.`,
      );
    });

    it('when Property Count disagrees with the records', async () => {
      const text = blmText([saleRecord()], { propertyCount: 3 });
      expect(await refusal(text)).toBe(
        'The header says Property Count : 3 but the file holds 1 record: it may be truncated or corrupt.',
      );
    });

    it('when the definition names a column twice', async () => {
      const text =
        "#HEADER#\nVersion : 3\nEOF : '^'\nEOR : '~'\n#DEFINITION#\nAGENT_REF^PRICE^PRICE^~\n#DATA#\n#END#\n";
      expect(await refusal(text)).toBe('The #DEFINITION# names the column PRICE twice: the file cannot be read.');
    });
  });
});
