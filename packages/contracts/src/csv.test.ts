import { csvCell, csvLines } from './csv';

describe('csv text', () => {
  it('quotes commas and quotes, keeps numbers, and defuses formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(-250)).toBe('-250');
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('ends every line with CRLF', () => {
    expect(
      csvLines([
        ['Metric', 'Value'],
        ['Total', 12.5],
      ]),
    ).toBe('Metric,Value\r\nTotal,12.5\r\n');
  });
});
