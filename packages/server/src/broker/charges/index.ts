// The charges model's public surface; docs/decisions/0005-charges-model.md explains the rates.
export {
  computeCharges,
  type ExecutedOrder,
  GST_RATE,
  SEBI_FEE_RATE,
  STAMP_DUTY_BUY_RATE,
  turnoverPaise,
} from './compute-charges';
export { netCashEffect } from './net-cash-effect';
