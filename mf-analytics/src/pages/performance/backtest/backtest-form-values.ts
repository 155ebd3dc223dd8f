import { type BacktestStartRequest, backtestStartRequestSchema } from '@td/contracts';

/** The form as typed: text until the run is asked for, then read by the server's own schema. */
export interface BacktestFormValues {
  data: BacktestStartRequest['data'];
  from: string;
  to: string;
  symbolsMode: 'all' | 'chosen';
  symbols: string;
  capital: string;
  allocation_strategy: BacktestStartRequest['allocation_strategy'];
  min_confidence: string;
  stop_loss_pct: string;
  target_pct: string;
  max_hold_minutes: string;
  product: BacktestStartRequest['product'];
  brokerage_plan: BacktestStartRequest['brokerage_plan'];
  signals: BacktestStartRequest['signals'];
  news: 'on' | 'off';
}

export const INITIAL_FORM: BacktestFormValues = {
  data: 'generated',
  from: '',
  to: '',
  symbolsMode: 'all',
  symbols: '',
  capital: '1000000',
  allocation_strategy: 'moderate',
  min_confidence: '',
  stop_loss_pct: '',
  target_pct: '',
  max_hold_minutes: '',
  product: 'I',
  brokerage_plan: 'flat',
  signals: 'rules',
  news: 'on',
};

export type BacktestFormErrors = Partial<Record<keyof BacktestStartRequest, string>>;

/** Blank leaves the setting to the live loop's default; anything else is a number for the schema to judge. */
const optionalNumber = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** The request the form asks for, checked with the schema POST /api/backtests checks it with. */
export function readBacktestForm(
  values: BacktestFormValues,
): { request: BacktestStartRequest; errors: null } | { request: null; errors: BacktestFormErrors } {
  const symbols =
    values.symbolsMode === 'all'
      ? []
      : values.symbols
          .split(/[\s,]+/)
          .filter(Boolean)
          .map((symbol) => symbol.toUpperCase());
  const body = {
    data: values.data,
    from: values.from,
    to: values.to,
    symbols,
    capital: values.capital.trim() === '' ? undefined : Number(values.capital.trim()),
    allocation_strategy: values.allocation_strategy,
    min_confidence: optionalNumber(values.min_confidence),
    stop_loss_pct: optionalNumber(values.stop_loss_pct),
    target_pct: optionalNumber(values.target_pct),
    max_hold_minutes: optionalNumber(values.max_hold_minutes),
    product: values.product,
    brokerage_plan: values.brokerage_plan,
    signals: values.signals,
    news: values.news === 'on',
  };
  const parsed = backtestStartRequestSchema.safeParse(
    Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
  );
  const errors: BacktestFormErrors = {};
  // An empty chosen list would silently mean every symbol.
  if (values.symbolsMode === 'chosen' && symbols.length === 0) {
    errors.symbols = 'Name at least one symbol, such as INFY, or choose all symbols';
  }
  if (parsed.success && !errors.symbols) return { request: parsed.data, errors: null };
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof BacktestStartRequest | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { request: null, errors };
}
