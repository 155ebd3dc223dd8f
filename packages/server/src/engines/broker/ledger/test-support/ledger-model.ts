import type { OrderSide } from '../../../../core/orders';

export interface ModelPosition {
  quantity: number;
  cost: number;
  realised: number;
}

/**
 * A reference book kept in plain numbers beside the real ledger: what cash and positions must be,
 * and whether a fill must be refused. Written separately from the ledger (BigInt half-up here, its
 * own refusal rules) so the two can disagree.
 */
export class LedgerModel {
  cash: number;
  /** Money put in since the last reset: opening balance, edits, the reset's balance. */
  funding: number;
  /** Charges paid since the last reset. */
  charges = 0;
  positions = new Map<string, ModelPosition>();

  constructor(opening: number) {
    this.cash = opening;
    this.funding = opening;
  }

  setBalance(cash: number): void {
    this.funding += cash - this.cash;
    this.cash = cash;
  }

  reset(balance: number): void {
    this.cash = balance;
    this.funding = balance;
    this.charges = 0;
    this.positions.clear();
  }

  held(symbol: string): number {
    return this.positions.get(symbol)?.quantity ?? 0;
  }

  /** Why the ledger must refuse this fill, or null when it must book it. */
  refusal(side: OrderSide, symbol: string, quantity: number, price: number, charges: number): string | null {
    if (side === 'BUY') return quantity * price + charges > this.cash ? 'cash' : null;
    if (this.held(symbol) < quantity) return 'held';
    return this.cash + quantity * price < charges ? 'charges' : null;
  }

  /** Books a fill the model has accepted; returns its realised P&L. */
  fill(side: OrderSide, symbol: string, quantity: number, price: number, charges: number): number {
    const position = this.positions.get(symbol) ?? { quantity: 0, cost: 0, realised: 0 };
    this.positions.set(symbol, position);
    this.charges += charges;
    if (side === 'BUY') {
      this.cash -= quantity * price + charges;
      position.quantity += quantity;
      position.cost += quantity * price;
      return 0;
    }
    const removed =
      quantity === position.quantity
        ? position.cost
        : Number(
            (BigInt(position.cost) * BigInt(quantity) * 2n + BigInt(position.quantity)) /
              (BigInt(position.quantity) * 2n),
          );
    const realised = quantity * price - removed;
    this.cash += quantity * price - charges;
    position.quantity -= quantity;
    position.cost -= removed;
    position.realised += realised;
    return realised;
  }
}
