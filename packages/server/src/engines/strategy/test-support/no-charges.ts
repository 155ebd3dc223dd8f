import { DEFAULT_PAPER_LIMITS, type PaperLimits } from '../../../core/orders';

/** The FakeVenue's charges model: it charges nothing, so no entry is refused on its charges. */
export const NO_CHARGES: PaperLimits = {
  ...DEFAULT_PAPER_LIMITS,
  brokerage_per_trade: 0,
  stt_rate: 0,
  transaction_charges: 0,
};
