import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('RELIANCE')).toBe('RELIANCE');
    expect(csvCell(2450.5)).toBe('2450.5');
    expect(csvCell(-250)).toBe('-250');
    expect(csvCell(true)).toBe('true');
  });

  it('writes an empty cell for missing values and non-finite numbers', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('quotes cells holding commas, quotes or line breaks and doubles the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('+1+1')).toBe("'+1+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });
});

describe('toCsv', () => {
  it('joins a header and rows with CRLF and ends with one', () => {
    expect(
      toCsv(
        ['id', 'note'],
        [
          ['1', 'plain'],
          ['2', 'a, b'],
        ],
      ),
    ).toBe('id,note\r\n1,plain\r\n2,"a, b"\r\n');
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['id'], [])).toBe('id\r\n');
  });
});
