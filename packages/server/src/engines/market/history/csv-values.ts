import { istMidnight } from '../../../core/time/ist-time';

/** The cells of one CSV line; a quoted cell may hold commas and doubled quotes. */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',').map((cell) => cell.trim());
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/**
 * Rupees written with at most two decimals (1234, 1234.5, 1234.56) to paise, read as text so no
 * binary fraction can round them; null for anything else (a third decimal, a sign, an exponent).
 */
export function rupeesToPaise(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A whole, non-negative count of shares (no decimals, no thousands separators). */
export function wholeCount(text: string): number | null {
  if (!/^\d{1,15}$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/;
const IST_LOCAL = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * An instant from ISO 8601 with an offset (2026-01-05T09:15:00+05:30, …Z), or from an IST wall
 * time without one (2026-01-05 09:15, 2026-01-05T09:15:00, a bare date is its IST midnight).
 */
export function parseTimestamp(text: string): number | null {
  if (ISO_WITH_OFFSET.test(text)) {
    // Date.parse rolls 2026-02-30 over into March: the date part must be a real one.
    if (midnightOf(text.slice(0, 10)) === null) return null;
    const ms = Date.parse(text.replace(' ', 'T'));
    return Number.isNaN(ms) ? null : ms;
  }
  const local = IST_LOCAL.exec(text);
  if (!local) return null;
  const [, date, hours = '00', minutes = '00', seconds = '00'] = local;
  const midnight = midnightOf(date!);
  if (midnight === null || Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  return midnight + ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000;
}

// A minute file repeats each date 375 times: its check and its midnight are worked out once.
const midnights = new Map<string, number | null>();

function midnightOf(date: string): number | null {
  let midnight = midnights.get(date);
  if (midnight === undefined) {
    midnight = isCalendarDate(date) ? istMidnight(date) : null;
    if (midnights.size > 10_000) midnights.clear();
    midnights.set(date, midnight);
  }
  return midnight;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A bhavcopy date: 05-JAN-2026 (the legacy file), 2026-01-05 (UDiFF) or 05-Jan-26; YYYY-MM-DD or null. */
export function parseExchangeDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return isCalendarDate(text) ? text : null;
  const named = /^(\d{1,2})-([A-Za-z]{3})-(\d{2}|\d{4})$/.exec(text);
  if (!named) return null;
  const month = MONTHS.indexOf(named[2]!.toUpperCase()) + 1;
  if (month === 0) return null;
  const year = named[3]!.length === 2 ? `20${named[3]}` : named[3]!;
  const date = `${year}-${String(month).padStart(2, '0')}-${named[1]!.padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}

function isCalendarDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}
