/** What the limit checks need to know about the paper account, all money in paise. */
export interface AccountSnapshot {
  cashPaise: number;
  /** Cash plus the market value of every position. */
  equityPaise: number;
  positions: ReadonlyMap<string, HeldPosition>;
  /** Today's realised + unrealised P&L; negative is a loss. */
  dayPnlPaise: number;
}

export interface HeldPosition {
  quantity: number;
  marketValuePaise: number;
}

/** spec part 2 §9 "Phases": caps as a percentage of capital (3 means 3 %). */
export interface PhaseCaps {
  maxPositionPercent: number;
  maxDailyLossPercent: number;
}

/** Positions with shares in them; a closed row left in the map does not count. */
export function openPositionCount(account: Pick<AccountSnapshot, 'positions'>): number {
  let count = 0;
  for (const position of account.positions.values()) if (position.quantity > 0) count += 1;
  return count;
}

/** Market value of everything held, paise. */
export function investedValuePaise(account: Pick<AccountSnapshot, 'positions'>): number {
  let total = 0;
  for (const position of account.positions.values())
    if (position.quantity > 0) total += position.marketValuePaise;
  return total;
}

/** Today's loss as a positive amount; 0 on a winning or flat day. */
export function todaysLossPaise(account: Pick<AccountSnapshot, 'dayPnlPaise'>): number {
  return Math.max(0, -account.dayPnlPaise);
}

/** Limits hold money in rupees as the screen edits them; the engine compares paise. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
