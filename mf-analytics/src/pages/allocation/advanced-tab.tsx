import { type AllocationSettings, DAILY_RISK_BUDGET_OPTIONS } from '@td/contracts';
import { Card, FactList, formatINR, formatPercent, NumberField } from '@td/ui';
import styled from 'styled-components';
import type { AllocationFormValues, FieldErrors } from './allocation-form';

const Budgets = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(120px, 1fr));
  gap: ${({ theme }) => theme.space(2)};
`;

const Budget = styled.label<{ $selected: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $selected }) => ($selected ? `${theme.colors.primary}1a` : theme.colors.background)};
  cursor: pointer;
  font-variant-numeric: tabular-nums;
  input { position: absolute; opacity: 0; pointer-events: none; }
  &:focus-within { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(240px, 1fr) minmax(0, 2fr);
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
  ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
`;

export interface AdvancedTabProps {
  values: AllocationFormValues;
  errors: FieldErrors;
  settings: AllocationSettings;
  onChange: (patch: Partial<AllocationFormValues>) => void;
}

/** spec part 1 §2 "Advanced Settings": capital, cash and the daily risk budget with the ₹ it allows. */
export function AdvancedTab({ values, errors, settings, onChange }: AdvancedTabProps) {
  const typedCapital = Number(values.total_capital);
  const capital =
    values.total_capital.trim() !== '' && Number.isFinite(typedCapital)
      ? typedCapital
      : settings.total_capital;
  return (
    <Columns>
      <Card title="Capital">
        <Stack>
          <NumberField
            label="Total capital (₹)"
            hint="Whole rupees; the percents apply to it, capped by the account's equity"
            value={values.total_capital}
            onChange={(total_capital) => onChange({ total_capital })}
            min={0}
            step={1}
            error={errors.total_capital}
          />
          <NumberField
            label="Largest round-trip charges (% of an entry)"
            hint="An entry whose buy and sell charges would cost more than this is not placed"
            value={values.max_round_trip_charges_pct}
            onChange={(max_round_trip_charges_pct) => onChange({ max_round_trip_charges_pct })}
            min={0.25}
            max={2}
            step={0.05}
            error={errors.max_round_trip_charges_pct}
          />
          <FactList>
            <dt>Available cash</dt>
            <dd>{formatINR(settings.available_cash)}</dd>
            <dt>Portfolio value</dt>
            <dd>{formatINR(settings.portfolio_value)}</dd>
            <dt>Account</dt>
            <dd>{settings.account}</dd>
          </FactList>
        </Stack>
      </Card>
      <Card title="Daily risk budget">
        <Budgets role="radiogroup" aria-label="Daily risk budget">
          {DAILY_RISK_BUDGET_OPTIONS.map((percent) => (
            <Budget key={percent} $selected={values.daily_risk_budget === percent}>
              <input
                type="radio"
                name="daily_risk_budget"
                value={percent}
                checked={values.daily_risk_budget === percent}
                onChange={() => onChange({ daily_risk_budget: percent })}
              />
              <strong>{formatPercent(percent, { decimals: 1 })}</strong>
              <small>max risk {formatINR((capital * percent) / 100)}</small>
            </Budget>
          ))}
        </Budgets>
        {errors.daily_risk_budget && <p role="alert">{errors.daily_risk_budget}</p>}
      </Card>
    </Columns>
  );
}
