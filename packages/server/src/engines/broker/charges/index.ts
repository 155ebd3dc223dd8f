// The charges model's public surface; docs/decisions/0005 and 0027 explain the rates.
export * from './charge-rates';
export { type ChargeRates, computeCharges, type ExecutedOrder, turnoverPaise } from './compute-charges';
export { type FillNote, fillNote, type HeldForNote } from './fill-note';
export { netCashEffect } from './net-cash-effect';
