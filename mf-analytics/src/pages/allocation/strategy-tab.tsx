import {
  ALLOCATION_LIMITS_PANEL,
  type AllocationStrategyId,
  DAILY_AMOUNT_RULES,
  type DailyAmountResponse,
  MANUAL_ALLOCATION_PCT,
} from '@td/contracts';
import { Card, FactList, formatINR, formatPercent, NumberField, Switch } from '@td/ui';
import styled from 'styled-components';
import type { AllocationFormValues, FieldErrors } from './allocation-form';
import { STRATEGY_LABELS, STRATEGY_ORDER } from './allocation-messages';

const Choices = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  ${({ theme }) => theme.media.phone} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Choice = styled.label<{ $selected: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme, $selected }) => ($selected ? `${theme.colors.primary}1a` : theme.colors.background)};
  cursor: pointer;
  input { position: absolute; opacity: 0; pointer-events: none; }
  &:focus-within { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
  strong { font-size: ${({ theme }) => theme.fontSize.sm}; }
  span { font-family: ${({ theme }) => theme.font.mono}; font-variant-numeric: tabular-nums; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(4)};
  align-items: start;
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(240px, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** Listens for the daily amount leaving focus; a bare fieldset, drawn as nothing. */
const BlurGroup = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  line-height: 1.5;
`;

export interface StrategyTabProps {
  values: AllocationFormValues;
  errors: FieldErrors;
  strategies: DailyAmountResponse['all_strategies'] | undefined;
  disconnected: boolean;
  onChange: (patch: Partial<AllocationFormValues>) => void;
  /** spec part 1 §5: the daily amount is posted as soon as its input loses focus. */
  onDailyAmountBlur: () => void;
}

/** spec part 1 §2 "Allocation Strategy": the four strategies, the manual percent, the daily amount, the limits. */
export function StrategyTab({
  values,
  errors,
  strategies,
  disconnected,
  onChange,
  onDailyAmountBlur,
}: StrategyTabProps) {
  const pick = (id: AllocationStrategyId) =>
    onChange({ allocation_strategy: id, ...(id === 'ai_optimized' ? { ai_enabled: true } : {}) });
  return (
    <Columns>
      <Card title="Allocation Strategy">
        <Choices role="radiogroup" aria-label="Allocation strategy">
          {STRATEGY_ORDER.map((id) => {
            const figures = strategies?.[id];
            return (
              <Choice key={id} $selected={values.allocation_strategy === id}>
                <input
                  type="radio"
                  name="allocation_strategy"
                  value={id}
                  checked={values.allocation_strategy === id}
                  onChange={() => pick(id)}
                />
                <strong>{STRATEGY_LABELS[id]}</strong>
                <span>{figures ? formatPercent(figures.percentage, { decimals: 1 }) : '—'}</span>
                <span>{figures ? formatINR(figures.amount) : '—'}</span>
                {id === 'ai_optimized' && <small>Computed daily from measured signals</small>}
              </Choice>
            );
          })}
        </Choices>
        {errors.allocation_strategy && <Note role="alert">{errors.allocation_strategy}</Note>}
        <Fields>
          <NumberField
            label="Manual allocation (%)"
            hint="Leave empty to follow the strategy"
            value={values.manual_allocation_pct}
            onChange={(manual_allocation_pct) => onChange({ manual_allocation_pct })}
            min={MANUAL_ALLOCATION_PCT.min}
            max={MANUAL_ALLOCATION_PCT.max}
            step={MANUAL_ALLOCATION_PCT.step}
            error={errors.manual_allocation_pct}
          />
          <BlurGroup onBlur={onDailyAmountBlur}>
            <NumberField
              label="Daily amount (₹)"
              hint="Saved as soon as you leave the field"
              value={values.daily_amount}
              onChange={(daily_amount) => onChange({ daily_amount })}
              min={DAILY_AMOUNT_RULES.min}
              step={DAILY_AMOUNT_RULES.step}
              disabled={disconnected}
              error={errors.daily_amount}
            />
          </BlurGroup>
        </Fields>
        <Fields>
          <Switch
            checked={values.ai_enabled}
            onChange={(ai_enabled) => onChange({ ai_enabled })}
            label="AI allocation enabled"
          />
        </Fields>
        {errors.ai_enabled && <Note role="alert">{errors.ai_enabled}</Note>}
      </Card>
      <Card title="Allocation limits">
        <FactList>
          <dt>Default</dt>
          <dd>{formatPercent(ALLOCATION_LIMITS_PANEL.default, { decimals: 1 })}</dd>
          <dt>Minimum</dt>
          <dd>{formatPercent(ALLOCATION_LIMITS_PANEL.minimum, { decimals: 1 })}</dd>
          <dt>Maximum</dt>
          <dd>{formatPercent(ALLOCATION_LIMITS_PANEL.maximum, { decimals: 1 })}</dd>
        </FactList>
        <Note>
          The manual percent input accepts {MANUAL_ALLOCATION_PCT.min} % to{' '}
          {MANUAL_ALLOCATION_PCT.max.toFixed(1)} % in steps of {MANUAL_ALLOCATION_PCT.step} %; the panel above
          is the recommended range.
        </Note>
      </Card>
    </Columns>
  );
}
