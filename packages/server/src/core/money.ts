/**
 * Rupees for a sentence a trader reads: Indian grouping (₹12,34,567), paise shown only when there
 * are any, so a limit reads '₹50,000' and a figure one paisa over it reads '₹50,000.01'.
 * The server keeps its own copy because it must not import the UI package's formatINR.
 */
export function formatRupeesForMessage(paise: number): string {
  const whole = Math.round(paise);
  const sign = whole < 0 ? '-' : '';
  const absolute = Math.abs(whole);
  const rupees = groupIndian(String(Math.floor(absolute / 100)));
  const remainder = absolute % 100;
  return `${sign}₹${rupees}${remainder === 0 ? '' : `.${String(remainder).padStart(2, '0')}`}`;
}

/** 1234567 → 12,34,567: the last three digits, then pairs. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const pairs = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${pairs},${lastThree}`;
}

/** A percentage for a sentence: at most two decimals, no trailing zeros ('80%', '1.5%', '80.01%'). */
export function formatPercentForMessage(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}
