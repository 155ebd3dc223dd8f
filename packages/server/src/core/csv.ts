// One CSV writer for the server's files and the browser's reports: it lives with the shared contracts.
export { type CsvValue, csvCell, toCsv } from '@td/contracts';
