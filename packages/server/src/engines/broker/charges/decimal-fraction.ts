/**
 * Rates arrive as the decimals a trader types (0.001, 0.00345). Binary floats cannot hold most of
 * them exactly, so `turnover * 0.00015` can land a hair under a true .5 and round the wrong way.
 * Turning the typed decimal into an exact fraction and multiplying in BigInt keeps every paisa right.
 */
export interface DecimalFraction {
  numerator: bigint;
  denominator: bigint;
}

const MAX_DECIMALS = 20;

/** Rates already turned into fractions: a handful of rates, read for every order and every entry weighed. */
const known = new Map<number, DecimalFraction>();
const KNOWN_AT_MOST = 64;

/** The shortest decimal that reads back as `value`, as a fraction: 0.00345 → 345 / 100000. */
export function decimalFraction(value: number): DecimalFraction {
  const cached = known.get(value);
  if (cached) return cached;
  const fraction = Object.freeze(exactFraction(value));
  if (known.size >= KNOWN_AT_MOST) known.clear();
  known.set(value, fraction);
  return fraction;
}

function exactFraction(value: number): DecimalFraction {
  if (!Number.isFinite(value) || value < 0 || value >= 1e15) {
    throw new RangeError(`A rate must be a finite number from 0 up to 1e15, got ${value}.`);
  }
  for (let decimals = 0; decimals <= MAX_DECIMALS; decimals += 1) {
    const text = value.toFixed(decimals);
    if (Number(text) === value) {
      return { numerator: BigInt(text.replace('.', '')), denominator: 10n ** BigInt(decimals) };
    }
  }
  throw new RangeError(`A rate may have at most ${MAX_DECIMALS} decimal places, got ${value}.`);
}

/** A fraction divided by a whole number: a percentage (÷ 100) becomes a fraction of the amount. */
export function divideFraction(fraction: DecimalFraction, divisor: bigint): DecimalFraction {
  return { numerator: fraction.numerator, denominator: fraction.denominator * divisor };
}

/** amount × fraction, rounded half-up to a whole number; the amount is a whole, non-negative count of paise. */
export function multiplyRoundHalfUp(amount: number, fraction: DecimalFraction): number {
  const twice = 2n * wholeAmount(amount) * fraction.numerator + fraction.denominator;
  return Number(twice / (2n * fraction.denominator));
}

/** amount × fraction, rounded down: a cap shown below a figure that exceeds it. */
export function multiplyRoundDown(amount: number, fraction: DecimalFraction): number {
  return Number((wholeAmount(amount) * fraction.numerator) / fraction.denominator);
}

/** amount × fraction, rounded up: a limit shown at or below a figure that reaches it. */
export function multiplyRoundUp(amount: number, fraction: DecimalFraction): number {
  const product = wholeAmount(amount) * fraction.numerator;
  return Number((product + fraction.denominator - 1n) / fraction.denominator);
}

function wholeAmount(amount: number): bigint {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`An amount must be a whole, non-negative number of paise, got ${amount}.`);
  }
  return BigInt(amount);
}

/** Whether `amount` is strictly greater than `whole × fraction`, compared exactly; both in whole paise. */
export function exceedsShare(amount: number, whole: number, fraction: DecimalFraction): boolean {
  return BigInt(amount) * fraction.denominator > BigInt(whole) * fraction.numerator;
}

/** Whether `amount` is at least `whole × fraction`, compared exactly. */
export function reachesShare(amount: number, whole: number, fraction: DecimalFraction): boolean {
  return BigInt(amount) * fraction.denominator >= BigInt(whole) * fraction.numerator;
}
