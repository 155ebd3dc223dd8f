/**
 * Integer paise arithmetic for positions. Products go through BigInt: cost × quantity can pass
 * 2^53 long before a rupee amount looks large.
 */

/** a × b / c rounded half up, for non-negative integers. */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  if (c <= 0) throw new RangeError('mulDivHalfUp needs a positive divisor');
  const big = BigInt(a) * BigInt(b) * 2n + BigInt(c);
  return Number(big / (BigInt(c) * 2n));
}

/**
 * The cost that leaves a position when `sold` of its `held` shares are sold: cost × sold / held,
 * half up. Whatever rounding takes stays with the shares that remain, and selling the last share
 * takes exactly what is left, so a position's cost never drifts from what was paid.
 */
export function costRemoved(costPaise: number, held: number, sold: number): number {
  if (sold === held) return costPaise;
  return mulDivHalfUp(costPaise, sold, held);
}

/** A volume-weighted average price in paise, half up; null when nothing traded. */
export function averagePrice(turnoverPaise: number, quantity: number): number | null {
  return quantity > 0 ? mulDivHalfUp(turnoverPaise, 1, quantity) : null;
}
