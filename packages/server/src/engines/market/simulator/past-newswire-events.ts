import type { Candle } from '../market-types';
import type { NewswireEvent, NewswireInstrument } from './newswire-event';
import {
  companyName,
  EVENT_KINDS,
  type EventKind,
  fill,
  reportingQuarter,
  SECTOR_HEADLINE_WORDS,
} from './newswire-templates';
import { hashString, SeededRandom } from './seeded-random';

/** One generated past session: every symbol's 1-minute bars. */
export interface PastSession {
  date: string;
  barsBySymbol: ReadonlyMap<string, readonly Candle[]>;
}

/** A move is measured over half an hour: the headline breaks at its start, the prices follow. */
export const MOVE_WINDOW_MINUTES = 30;
/** A stock's half-hour move, and its move apart from the market, from which it is news (under: noise). */
export const MIN_COMPANY_MOVE = 0.01;
/** The same for a sector's average, with every member moving apart the same way. */
export const MIN_SECTOR_MOVE = 0.008;
const SESSION_HOURS = 6.25;
const PAST_SALT = 0x70617374; // "past": its own stream, so neither the bars nor the live newswire change

/**
 * The newswire's events for generated past sessions, read back from the bars: each session's biggest
 * half-hour moves apart from the market get a headline at the move's first minute, of an event kind
 * whose direction is the move's (a rise is a beat, an upgrade, an order; a fall a miss, a downgrade, a
 * probe). A sector whose stocks all moved apart together gets one sector headline instead. At most the live rate's number of events
 * per session (4 an hour: 25), the largest moves first; the same seed and bars give the same events.
 */
export function pastNewswireEvents(
  instruments: readonly NewswireInstrument[],
  sessions: readonly PastSession[],
  seed: number,
  eventsPerHour = 4,
): NewswireEvent[] {
  const budget = Math.round(eventsPerHour * SESSION_HOURS);
  const usedTitles = new Set<string>();
  const events: NewswireEvent[] = [];
  for (const session of sessions) {
    const random = new SeededRandom((seed ^ PAST_SALT ^ hashString(session.date)) >>> 0);
    const chosen = sessionMoves(instruments, session).slice(0, budget);
    for (const move of chosen) events.push(eventFor(move, session.date, random, usedTitles));
  }
  return events.sort((a, b) => a.at - b.at);
}

interface NewsMove {
  symbol: string | null;
  sector: string;
  symbols: string[];
  at: number;
  /** The stocks' own move (fraction), for the event. */
  move: number;
  /** How far they moved beyond the market (log): what ranks the news. */
  excess: number;
}

/**
 * A session's newsworthy moves, largest first: sectors that moved apart from the market together, then
 * the other stocks that moved apart on their own. A market-wide swing is no company's news.
 */
function sessionMoves(instruments: readonly NewswireInstrument[], session: PastSession): NewsMove[] {
  const windows = new Map<string, Float64Array>();
  for (const { symbol } of instruments) {
    const bars = session.barsBySymbol.get(symbol);
    if (bars && bars.length >= MOVE_WINDOW_MINUTES) windows.set(symbol, windowReturns(bars));
  }
  if (windows.size === 0) return [];
  const market = averageOf([...windows.values()]);
  const openTime = (symbol: string, start: number) => session.barsBySymbol.get(symbol)![start]!.openTime;
  const sectorMoves: NewsMove[] = [];
  for (const sector of Object.keys(SECTOR_HEADLINE_WORDS)) {
    const symbols = instruments
      .filter((i) => i.sector === sector && windows.has(i.symbol))
      .map((i) => i.symbol);
    if (symbols.length < 2) continue;
    const move = biggestMoveApart(
      symbols.map((symbol) => windows.get(symbol)!),
      market,
      MIN_SECTOR_MOVE,
    );
    if (!move) continue;
    const at = openTime(symbols[0]!, move.start);
    sectorMoves.push({ symbol: null, sector, symbols, at, move: Math.expm1(move.own), excess: move.excess });
  }
  const covered = new Set(sectorMoves.flatMap((move) => move.symbols));
  const companyMoves: NewsMove[] = [];
  for (const { symbol, sector } of instruments) {
    if (covered.has(symbol) || !windows.has(symbol)) continue;
    const move = biggestMoveApart([windows.get(symbol)!], market, MIN_COMPANY_MOVE);
    if (!move) continue;
    const at = openTime(symbol, move.start);
    companyMoves.push({
      symbol,
      sector,
      symbols: [symbol],
      at,
      move: Math.expm1(move.own),
      excess: move.excess,
    });
  }
  const bySize = (a: NewsMove, b: NewsMove) => Math.abs(b.excess) - Math.abs(a.excess);
  return [...sectorMoves.sort(bySize), ...companyMoves.sort(bySize)];
}

/** The log return of every half-hour window of a session, by the window's first minute. */
export function windowReturns(bars: readonly Candle[]): Float64Array {
  const returns = new Float64Array(Math.max(0, bars.length - MOVE_WINDOW_MINUTES + 1));
  for (let start = 0; start < returns.length; start++)
    returns[start] = Math.log(bars[start + MOVE_WINDOW_MINUTES - 1]!.close / bars[start]!.open);
  return returns;
}

function averageOf(series: readonly Float64Array[]): Float64Array {
  const average = new Float64Array(series[0]!.length);
  for (const values of series)
    for (let i = 0; i < average.length; i++) average[i]! += values[i]! / series.length;
  return average;
}

/**
 * The window where the stocks moved furthest from the market, counted only when each of them moved
 * apart the same way and their own average move has that direction and at least `minimum` of both
 * (a headline's direction is then the move's and the move apart's); null when no window qualifies.
 */
function biggestMoveApart(
  stocks: readonly Float64Array[],
  market: Float64Array,
  minimum: number,
): { start: number; own: number; excess: number } | null {
  const least = Math.log1p(minimum);
  let best: { start: number; own: number; excess: number } | null = null;
  for (let start = 0; start < market.length; start++) {
    const sign = Math.sign(stocks[0]![start]! - market[start]!);
    if (sign === 0 || stocks.some((stock) => Math.sign(stock[start]! - market[start]!) !== sign)) continue;
    const own = stocks.reduce((sum, stock) => sum + stock[start]!, 0) / stocks.length;
    const excess = own - market[start]!;
    if (Math.sign(own) !== sign || Math.abs(own) < least || Math.abs(excess) < least) continue;
    if (!best || Math.abs(excess) > Math.abs(best.excess)) best = { start, own, excess };
  }
  return best;
}

function eventFor(
  move: NewsMove,
  date: string,
  random: SeededRandom,
  usedTitles: Set<string>,
): NewswireEvent {
  const scope = move.symbol ? 'company' : 'sector';
  const kinds = EVENT_KINDS.filter(
    (kind) => kind.scope === scope && Math.sign(kind.move[0]) === Math.sign(move.move),
  );
  const words = move.symbol ? companyName(move.symbol) : SECTOR_HEADLINE_WORDS[move.sector]!;
  const sector = move.symbol ? move.sector : words;
  let drawn = draw(kinds, random, { name: words, sector, at: move.at });
  // The headline store keeps a title once: another draw, so a second story is not lost as a repeat.
  for (let tries = 0; tries < 4 && usedTitles.has(drawn.title); tries++)
    drawn = draw(kinds, random, { name: words, sector, at: move.at });
  usedTitles.add(drawn.title);
  return {
    id: `sim-past-${date}-${move.symbol ?? move.sector.toLowerCase().replace(/[^a-z]+/g, '-')}`,
    at: move.at,
    type: drawn.kind.type,
    symbol: move.symbol,
    sector: move.sector,
    symbols: move.symbols,
    title: drawn.title,
    summary: drawn.summary,
    move: move.move,
  };
}

function draw(
  kinds: readonly EventKind[],
  random: SeededRandom,
  names: { name: string; sector: string; at: number },
): { kind: EventKind; title: string; summary: string } {
  const kind = pickWeighted(kinds, random);
  const values = {
    name: names.name,
    sector: names.sector,
    quarter: reportingQuarter(names.at),
    pct: 2 + random.next() * 18,
  };
  const title = fill(kind.titles[random.int(0, kind.titles.length - 1)]!, values, random);
  const summary = fill(kind.summaries[random.int(0, kind.summaries.length - 1)]!, values, random);
  return { kind, title, summary };
}

function pickWeighted(kinds: readonly EventKind[], random: SeededRandom): EventKind {
  let left = random.next() * kinds.reduce((sum, kind) => sum + kind.weight, 0);
  for (const kind of kinds) {
    left -= kind.weight;
    if (left < 0) return kind;
  }
  return kinds[kinds.length - 1]!;
}
