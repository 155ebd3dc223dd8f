import type { DecimalFraction } from './decimal-fraction';

// Statutory and exchange rates for NSE/BSE cash equity. Sources and dates in
// docs/decisions/0027-intraday-charges.md; change a rate here and in charges-fixtures.test.ts together.
const fraction = (numerator: bigint, denominator: bigint): DecimalFraction => ({ numerator, denominator });

/** STT on an intraday (non-delivery) sale: 0.025 % of the sell turnover, nothing on the buy. */
export const INTRADAY_STT_SELL_RATE = fraction(25n, 100_000n);
// STT on delivery, both sides, is the paper limits' stt_rate (default 0.001 = 0.1 %, the statutory rate).
/** Stamp duty on an intraday buy: 0.003 %. */
export const INTRADAY_STAMP_BUY_RATE = fraction(3n, 100_000n);
/** Stamp duty on a delivery buy: 0.015 %. */
export const DELIVERY_STAMP_BUY_RATE = fraction(15n, 100_000n);
/** NSE cash-market transaction charge from 1 October 2024: ₹2.97 per lakh = 0.00297 % (the default transaction_charges). */
export const NSE_TRANSACTION_CHARGE_PERCENT = 0.00297;
/** BSE cash-market transaction charge (groups A and B, as brokers bill it since October 2024): 0.00375 %. */
export const BSE_TRANSACTION_RATE = fraction(375n, 10_000_000n);
/** SEBI turnover fee: ₹10 per crore = 0.0001 %. */
export const SEBI_FEE_RATE = fraction(1n, 1_000_000n);
/** GST: 18 % of brokerage + exchange transaction charge + SEBI fee. */
export const GST_RATE = fraction(18n, 100n);
/** The discount plan's intraday brokerage: 0.03 % of turnover, capped at brokerage_per_trade. */
export const DISCOUNT_INTRADAY_BROKERAGE_RATE = fraction(3n, 10_000n);
