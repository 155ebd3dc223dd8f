import type { Trade } from '@td/contracts';
import { toCsv } from '../../core/csv';
import { istDateOf } from '../../core/time/ist-time';

/** Who placed the order, as the trades screen words it. */
const ORIGIN_LABEL: Record<Trade['origin'], string> = {
  loop: 'Loop',
  manual: 'Manual',
  close_all: 'Close all',
};

/** The export's columns: the history table's, plus what a spreadsheet needs spelled out. Rupees. */
const COLUMNS: readonly [string, (trade: Trade) => string | number | boolean | null][] = [
  ['Trade ID', (t) => t.id],
  ['Time', (t) => t.timestamp],
  ['Symbol', (t) => t.symbol],
  ['Type', (t) => t.side],
  ['Order Type', (t) => t.order_type],
  ['Quantity', (t) => t.quantity],
  ['Limit Price', (t) => t.limit_price],
  ['Entry Price', (t) => t.entry_price],
  ['Exit Price', (t) => t.exit_price],
  ['Current Price', (t) => t.current_price],
  ['Status', (t) => t.status],
  ['Reject Reason', (t) => t.reject_reason],
  ['Strategy', (t) => t.strategy],
  ['Origin', (t) => ORIGIN_LABEL[t.origin]],
  ['Product', (t) => (t.product === 'I' ? 'Intraday' : 'Delivery')],
  ['Fees', (t) => t.fees],
  ['Brokerage', (t) => t.charges?.brokerage ?? null],
  ['STT', (t) => t.charges?.stt ?? null],
  ['Exchange Charge', (t) => t.charges?.exchange ?? null],
  ['SEBI Fee', (t) => t.charges?.sebi ?? null],
  ['Stamp Duty', (t) => t.charges?.stamp ?? null],
  ['GST', (t) => t.charges?.gst ?? null],
  ['P&L', (t) => t.pnl],
  ['P&L %', (t) => t.pnl_percent],
  ['Net P&L', (t) => t.net_pnl],
  ['Simulated Replay', (t) => (t.simulated_replay ? 'yes' : 'no')],
];

export function tradesCsv(trades: readonly Trade[]): string {
  return toCsv(
    COLUMNS.map(([header]) => header),
    trades.map((trade) => COLUMNS.map(([, value]) => value(trade))),
  );
}

/** "trades-2026-01-05.csv", dated in IST like the rest of the product. */
export function tradesCsvFilename(now: number): string {
  return `trades-${istDateOf(now)}.csv`;
}
