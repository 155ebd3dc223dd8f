import type { AccountId } from '../../../../core/orders';
import type { SqlDatabase } from '../../../../storage/sql/sql-database';
import type { Ledger } from '../ledger';

/**
 * What must hold after every committed transaction, recomputed from each table on its own so a
 * lost or doubled row anywhere shows up as a disagreement. Returns the broken ones, as sentences.
 */
export function brokenInvariants(db: SqlDatabase, ledger: Ledger, account: AccountId): string[] {
  const broken: string[] = [];
  const cash = ledger.cashPaise(account);
  const entries = ledger.entriesSum(account);
  if (cash !== entries) broken.push(`cash ${cash} != entries sum ${entries}`);
  if (cash < 0) broken.push(`cash ${cash} is negative`);

  // Cash rebuilt from the fills since the last reset: cash just after it (every entry up to it) plus
  // later funding, plus sales, minus buys and charges.
  const lastReset = db
    .prepare("SELECT COALESCE(MAX(id), 0) AS id FROM ledger_entries WHERE account = ? AND kind = 'reset'")
    .get(account) as { id: number };
  const funding = db
    .prepare(
      `SELECT COALESCE(SUM(amount_paise), 0) AS total FROM ledger_entries WHERE account = ?
         AND (id <= ? OR kind IN ('opening_balance', 'balance_adjustment'))`,
    )
    .get(account, lastReset.id) as { total: number };
  const fillIdsSinceReset = `SELECT fill_id FROM ledger_entries WHERE account = ? AND id > ? AND fill_id IS NOT NULL`;
  const flows = db
    .prepare(
      `SELECT COALESCE(SUM(CASE side WHEN 'SELL' THEN quantity * price_paise ELSE -quantity * price_paise END), 0) AS net,
              COALESCE(SUM(charges_paise), 0) AS charges, COUNT(*) AS fills
       FROM fills WHERE id IN (${fillIdsSinceReset})`,
    )
    .get(account, lastReset.id) as { net: number; charges: number; fills: number };
  const rebuilt = funding.total + flows.net - flows.charges;
  if (rebuilt !== cash) broken.push(`cash ${cash} != funding + fills − charges ${rebuilt}`);

  // Every fill has exactly one trade entry, and a charges entry exactly when it paid charges.
  const entryCounts = db
    .prepare(
      `SELECT f.id, f.charges_paise,
              SUM(CASE WHEN e.kind IN ('buy', 'sell') THEN 1 ELSE 0 END) AS trades,
              SUM(CASE WHEN e.kind = 'charges' THEN 1 ELSE 0 END) AS charges
       FROM fills f LEFT JOIN ledger_entries e ON e.fill_id = f.id WHERE f.account = ? GROUP BY f.id`,
    )
    .all(account) as { id: string; charges_paise: number; trades: number; charges: number }[];
  for (const row of entryCounts) {
    if (row.trades !== 1 || row.charges !== (row.charges_paise > 0 ? 1 : 0)) {
      broken.push(`fill ${row.id} has ${row.trades} trade and ${row.charges} charges entries`);
    }
  }

  // Positions equal their fills since the last reset; cost + removed cost = what was paid.
  const fromFills = db
    .prepare(
      `SELECT symbol, SUM(CASE side WHEN 'BUY' THEN quantity ELSE -quantity END) AS quantity,
              SUM(CASE side WHEN 'BUY' THEN quantity * price_paise ELSE -quantity * price_paise END) AS paid
       FROM fills WHERE id IN (${fillIdsSinceReset}) GROUP BY symbol`,
    )
    .all(account, lastReset.id) as { symbol: string; quantity: number; paid: number }[];
  const held = new Map(
    (
      db
        .prepare('SELECT symbol, quantity, cost_paise, realised_pnl_paise FROM positions WHERE account = ?')
        .all(account) as {
        symbol: string;
        quantity: number;
        cost_paise: number;
        realised_pnl_paise: number;
      }[]
    ).map((row) => [row.symbol, row]),
  );
  for (const expected of fromFills) {
    const position = held.get(expected.symbol);
    const quantity = position?.quantity ?? 0;
    if (quantity !== expected.quantity)
      broken.push(`${expected.symbol}: held ${quantity} but fills say ${expected.quantity}`);
    if (position && (position.quantity < 0 || position.cost_paise < 0))
      broken.push(`${expected.symbol}: negative position`);
    if (position && position.quantity === 0 && position.cost_paise !== 0)
      broken.push(`${expected.symbol}: cost without shares`);
    // paid (buys − sells) = cost − realised: every paisa spent is either still cost or already realised.
    const accounted = (position?.cost_paise ?? 0) - (position?.realised_pnl_paise ?? 0);
    if (accounted !== expected.paid)
      broken.push(`${expected.symbol}: cost − realised ${accounted} != net paid ${expected.paid}`);
  }
  for (const symbol of held.keys()) {
    if (!fromFills.some((row) => row.symbol === symbol)) broken.push(`${symbol}: a position with no fills`);
  }

  // Orders agree with their own fills.
  const orders = db
    .prepare(
      `SELECT o.id, o.quantity, o.status, o.filled_quantity, o.charges_paise,
              COALESCE(SUM(f.quantity), 0) AS fill_quantity, COALESCE(SUM(f.charges_paise), 0) AS fill_charges
       FROM orders o LEFT JOIN fills f ON f.order_id = o.id WHERE o.account = ? GROUP BY o.id`,
    )
    .all(account) as {
    id: string;
    quantity: number;
    status: string;
    filled_quantity: number;
    charges_paise: number;
    fill_quantity: number;
    fill_charges: number;
  }[];
  for (const order of orders) {
    if (order.filled_quantity !== order.fill_quantity || order.charges_paise !== order.fill_charges) {
      broken.push(`order ${order.id} disagrees with its fills`);
    }
    if ((order.status === 'FILLED') !== (order.filled_quantity === order.quantity)) {
      broken.push(
        `order ${order.id} is ${order.status} with ${order.filled_quantity} of ${order.quantity} filled`,
      );
    }
  }
  return broken;
}
