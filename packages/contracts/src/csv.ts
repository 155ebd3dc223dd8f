/** One CSV cell's value; null and undefined become an empty cell. */
export type CsvValue = string | number | boolean | null | undefined;

// Spreadsheets run a cell that starts with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as RFC 4180 wants it: quoted when it holds a comma, quote or line break, quotes doubled.
 * Text that a spreadsheet would run as a formula gets a leading apostrophe; numbers are left alone
 * so a loss of -250 stays a number. The server's files and the browser's reports both write this.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as CSV lines, CRLF-separated as RFC 4180 says, with a final CRLF. */
export function csvLines(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** A header line and one line per row. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return csvLines([header, ...rows]);
}
