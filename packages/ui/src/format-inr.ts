// spec part 1 §9: rupees, Indian digit grouping (1,23,45,678), zero decimals. The only copy in the product.

/** Shown wherever a number is missing or not a number. */
export const MISSING_VALUE = '—';

type MaybeNumber = number | null | undefined;

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

function isPresent(value: MaybeNumber): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Whole rupees, rounded half away from zero, so -0.4 never shows as "-₹0". */
function roundedMagnitude(value: number): number {
  return Math.round(Math.abs(value));
}

/** "₹10,00,000", "-₹1,23,456"; "—" when the value is missing. */
export function formatINR(rupees: MaybeNumber): string {
  if (!isPresent(rupees)) return MISSING_VALUE;
  const magnitude = roundedMagnitude(rupees);
  const sign = rupees < 0 && magnitude > 0 ? '-' : '';
  return `${sign}₹${wholeRupees.format(magnitude)}`;
}

/** P&L: "+₹1,234" when non-negative (zero included), "-₹1,234" otherwise. */
export function formatSignedINR(rupees: MaybeNumber): string {
  if (!isPresent(rupees)) return MISSING_VALUE;
  const formatted = formatINR(rupees);
  return formatted.startsWith('-') ? formatted : `+${formatted}`;
}

/** Money is kept in integer paise on the server; rupees only at the edges. */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** Integer paise shown as rupees: formatPaise(12345600) → "₹1,23,456". */
export function formatPaise(paise: MaybeNumber): string {
  return isPresent(paise) ? formatINR(paiseToRupees(paise)) : MISSING_VALUE;
}

interface CapitalUnit {
  size: number;
  suffix: string;
  decimals: number;
}

const RUPEE: CapitalUnit = { size: 1, suffix: '', decimals: 0 };
const THOUSAND: CapitalUnit = { size: 1e3, suffix: 'K', decimals: 1 };
const LAKH: CapitalUnit = { size: 1e5, suffix: 'L', decimals: 2 };
const CRORE: CapitalUnit = { size: 1e7, suffix: 'Cr', decimals: 2 };
const UNITS_SMALLEST_FIRST = [RUPEE, THOUSAND, LAKH, CRORE];

function shownAmount(magnitude: number, unit: CapitalUnit): number {
  const factor = 10 ** unit.decimals;
  return (Math.round((magnitude / unit.size) * factor) / factor) * unit.size;
}

function unitText(magnitude: number, unit: CapitalUnit): string {
  const amount = new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: unit.decimals,
    maximumFractionDigits: unit.decimals,
  }).format(magnitude / unit.size);
  return `₹${amount} ${unit.suffix}`;
}

/** The unit the amount reaches, moved up when rounding reaches the next: 99,999 reads "₹1.00 L", not "₹100.0 K". */
function unitFor(magnitude: number): CapitalUnit {
  let index = UNITS_SMALLEST_FIRST.findLastIndex((unit) => magnitude >= unit.size);
  if (index < 0) index = 0;
  while (index < UNITS_SMALLEST_FIRST.length - 1) {
    const next = UNITS_SMALLEST_FIRST[index + 1]!;
    if (shownAmount(magnitude, UNITS_SMALLEST_FIRST[index]!) < next.size) break;
    index += 1;
  }
  return UNITS_SMALLEST_FIRST[index]!;
}

/** Capital in crore, lakh and thousand: "₹1.00 Cr", "₹10.00 L", "₹25.0 K"; below ₹1,000 in plain rupees. */
export function formatCapital(rupees: MaybeNumber): string {
  if (!isPresent(rupees)) return MISSING_VALUE;
  const magnitude = Math.abs(rupees);
  const unit = unitFor(magnitude);
  if (unit === RUPEE) return formatINR(rupees);
  return `${rupees < 0 ? '-' : ''}${unitText(magnitude, unit)}`;
}
