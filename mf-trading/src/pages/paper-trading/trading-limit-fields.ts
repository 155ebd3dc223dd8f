import type { PaperLimitsContract } from '@td/contracts';

/** The numeric limits; the brokerage plan is a choice of its own (BrokeragePlanField). */
export type LimitField = Exclude<keyof PaperLimitsContract, 'brokerage_plan'>;

export interface LimitFieldSpec {
  name: LimitField;
  label: string;
  hint: string;
  min: number;
  max?: number;
  step: number;
}

/** spec part 2 §3 "Paper limits", in the spec's order, with the input rules of §5. */
export const LIMIT_FIELDS: readonly LimitFieldSpec[] = [
  {
    name: 'max_position_size',
    label: 'Max Position Size (₹)',
    hint: 'Largest value one position may reach',
    min: 0,
    step: 1000,
  },
  {
    name: 'max_daily_loss',
    label: 'Max Daily Loss (₹)',
    hint: "New buys stop once today's loss reaches it",
    min: 0,
    step: 1000,
  },
  {
    name: 'max_portfolio_exposure',
    label: 'Max Portfolio Exposure',
    hint: 'Share of equity invested, from 0 to 1',
    min: 0,
    max: 1,
    step: 0.1,
  },
  {
    name: 'max_positions_count',
    label: 'Max Open Positions',
    hint: 'How many symbols may be held at once',
    min: 1,
    step: 1,
  },
  {
    name: 'min_balance_threshold',
    label: 'Min Balance Threshold (₹)',
    hint: 'Cash kept aside; buys stop below it',
    min: 0,
    step: 1000,
  },
  {
    name: 'brokerage_per_trade',
    label: 'Brokerage per Trade (₹)',
    hint: 'Flat fee per order, or the discount plan’s intraday cap',
    min: 0,
    step: 1,
  },
  {
    name: 'stt_rate',
    label: 'STT Rate',
    hint: 'Delivery, fraction of turnover: 0.001 is 0.1 %',
    min: 0,
    step: 0.001,
  },
  {
    name: 'transaction_charges',
    label: 'Transaction Charges (%)',
    hint: 'NSE charge, percent of turnover (0.00297 since Oct 2024)',
    min: 0,
    step: 0.001,
  },
];

export type LimitDraft = Record<LimitField, string>;

export function draftOf(limits: PaperLimitsContract): LimitDraft {
  return Object.fromEntries(LIMIT_FIELDS.map(({ name }) => [name, String(limits[name])])) as LimitDraft;
}

/** An empty field is missing, not zero: the shared schema would otherwise coerce '' to 0 and accept it. */
export function candidateOf(draft: LimitDraft): Record<LimitField, string | undefined> {
  return Object.fromEntries(
    LIMIT_FIELDS.map(({ name }) => [name, draft[name].trim() === '' ? undefined : draft[name]]),
  ) as Record<LimitField, string | undefined>;
}
