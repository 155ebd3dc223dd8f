import {
  type BacktestSweepRequest,
  backtestSweepRequestSchema,
  SWEEP_PARAMETERS,
  type SweepParameter,
} from '@td/contracts';

/** The sweep form as typed: each parameter's values a comma-separated list, read by the server's schema. */
export interface SweepFormValues {
  data: BacktestSweepRequest['data'];
  from: string;
  to: string;
  capital: string;
  in_sample_share: string;
  grid: Record<SweepParameter, string>;
}

export const INITIAL_SWEEP_FORM: SweepFormValues = {
  data: 'generated',
  from: '',
  to: '',
  capital: '1000000',
  in_sample_share: '0.7',
  grid: {
    min_confidence: '',
    stop_loss_pct: '',
    target_pct: '',
    max_hold_minutes: '',
    allocation_strategy: '',
  },
};

/** One sentence per field, the grid's own (its limit, no parameter chosen) under `grid`. */
export type SweepFormErrors = Partial<
  Record<'data' | 'from' | 'to' | 'capital' | 'in_sample_share' | 'grid' | SweepParameter, string>
>;

const list = (text: string) => text.split(/[\s,]+/).filter(Boolean);
const number = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** The request the form asks for, checked with the schema POST /api/backtests/sweeps checks it with. */
export function readSweepForm(
  values: SweepFormValues,
): { request: BacktestSweepRequest; errors: null } | { request: null; errors: SweepFormErrors } {
  const grid = Object.fromEntries(
    SWEEP_PARAMETERS.flatMap((field) => {
      const items = list(values.grid[field]);
      if (items.length === 0) return [];
      return [
        [field, field === 'allocation_strategy' ? items.map((s) => s.toLowerCase()) : items.map(Number)],
      ];
    }),
  );
  const body = {
    data: values.data,
    from: values.from,
    to: values.to,
    capital: number(values.capital),
    in_sample_share: number(values.in_sample_share),
    grid,
  };
  const parsed = backtestSweepRequestSchema.safeParse(
    Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
  );
  if (parsed.success) return { request: parsed.data, errors: null };
  const errors: SweepFormErrors = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path;
    const field = (first === 'grid' && typeof second === 'string' ? second : first) as keyof SweepFormErrors;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { request: null, errors };
}

const LABELS: Record<SweepParameter, (value: number | string) => string> = {
  min_confidence: (v) => `confidence ≥ ${v}`,
  stop_loss_pct: (v) => `stop ${v} %`,
  target_pct: (v) => `target ${v} %`,
  max_hold_minutes: (v) => `hold ≤ ${v} min`,
  allocation_strategy: (v) => String(v).replace('_', ' '),
};

/** A combination in words: "confidence ≥ 0.6 · target 3 %". */
export function combinationLabel(parameters: Partial<Record<SweepParameter, number | string>>): string {
  return SWEEP_PARAMETERS.flatMap((field) => {
    const value = parameters[field];
    return value === undefined ? [] : [LABELS[field](value)];
  }).join(' · ');
}

const NAMES: Record<SweepParameter, string> = {
  min_confidence: 'confidence',
  stop_loss_pct: 'stop %',
  target_pct: 'target %',
  max_hold_minutes: 'hold (min)',
  allocation_strategy: 'allocation',
};

/** What a sweep varied: "target % 2, 3 × confidence 0.6, 0.7". */
export function gridLabel(grid: Partial<Record<SweepParameter, readonly (number | string)[]>>): string {
  return SWEEP_PARAMETERS.flatMap((field) => {
    const values = grid[field];
    return values ? [`${NAMES[field]} ${values.map((v) => String(v).replace('_', ' ')).join(', ')}`] : [];
  }).join(' × ');
}
