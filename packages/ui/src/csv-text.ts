/** One CSV cell's value; null and undefined become an empty cell. */
export type CsvValue = string | number | boolean | null | undefined;

// Spreadsheets run a cell that starts with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as RFC 4180 wants it, the way the server writes its CSV files: quoted when it holds a
 * comma, quote or line break; text a spreadsheet would run gets a leading apostrophe; numbers stay numbers.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells as CSV lines, CRLF-separated with a final CRLF. */
export function csvLines(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
