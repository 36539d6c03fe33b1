import { describe, expect, it } from 'vitest';
import { leadsCsv } from './lead-export.server.ts';

describe('leadsCsv', () => {
  it('puts an apostrophe before cells a spreadsheet would run as formulas', () => {
    const csv = leadsCsv([['=1+1', '+44 7700', '-2', '@SUM(A1)', '\tx', '\rx', 'safe', 42, -3, null]]);
    expect(csv).toBe(`'=1+1,'+44 7700,'-2,'@SUM(A1),'\tx,"'\rx",safe,42,-3,\r\n`);
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(leadsCsv([['a,b', 'say "hi"', 'two\nlines']])).toBe('"a,b","say ""hi""","two\nlines"\r\n');
  });
});
