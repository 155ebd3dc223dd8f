import {
  type AllocationSaveRequest,
  type AllocationSettings,
  type AllocationStrategyId,
  allocationSaveRequestSchema,
} from '@td/contracts';

/** What the inputs hold: numbers as typed, so a half-typed value stays on screen until Save. */
export interface AllocationFormValues {
  allocation_strategy: AllocationStrategyId;
  ai_enabled: boolean;
  manual_allocation_pct: string;
  daily_amount: string;
  daily_risk_budget: number;
  total_capital: string;
  max_round_trip_charges_pct: string;
}

export type AllocationField = keyof AllocationFormValues;
export type FieldErrors = Partial<Record<AllocationField, string>>;

const text = (value: number | null) => (value === null ? '' : String(value));

export function formValuesOf(settings: AllocationSettings): AllocationFormValues {
  return {
    allocation_strategy: settings.allocation_strategy,
    ai_enabled: settings.ai_enabled,
    manual_allocation_pct: text(settings.manual_allocation_pct),
    daily_amount: text(settings.daily_amount),
    daily_risk_budget: settings.daily_risk_budget,
    total_capital: text(settings.total_capital),
    max_round_trip_charges_pct: text(settings.max_round_trip_charges_pct),
  };
}

/** An empty input means "no override" (null); anything else goes as typed for the schema to judge. */
const numberOrNull = (value: string): number | string | null => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : trimmed;
};

/**
 * The full settings object (spec part 1 §7 "POST /api/allocation/save"), checked with the shared
 * schema before it is sent; a refusal names each field with the schema's own sentence.
 */
export function toSaveRequest(
  values: AllocationFormValues,
  settings: AllocationSettings,
): { request: AllocationSaveRequest; errors: null } | { request: null; errors: FieldErrors } {
  const body = {
    allocation_strategy: values.allocation_strategy,
    ai_enabled: values.ai_enabled,
    manual_allocation_pct: numberOrNull(values.manual_allocation_pct),
    daily_amount: numberOrNull(values.daily_amount),
    daily_risk_budget: values.daily_risk_budget,
    total_capital: numberOrNull(values.total_capital) ?? settings.total_capital,
    portfolio_value: settings.portfolio_value,
    available_cash: settings.available_cash,
    max_round_trip_charges_pct:
      numberOrNull(values.max_round_trip_charges_pct) ?? settings.max_round_trip_charges_pct,
  };
  const parsed = allocationSaveRequestSchema.safeParse(body);
  if (parsed.success) return { request: body as AllocationSaveRequest, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'allocation_strategy') as AllocationField;
    errors[field] ??= issue.message;
  }
  return { request: null, errors };
}
