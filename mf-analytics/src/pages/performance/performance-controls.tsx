import { PERFORMANCE_PERIODS, type PerformancePeriod } from '@td/contracts';
import { Button, SelectInput } from '@td/ui';
import { useId } from 'react';
import styled from 'styled-components';
import { PERIOD_LABELS } from './performance-messages';

const Field = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 600;
  select {
    width: auto;
    min-width: 8rem;
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

export function PeriodSelect({
  value,
  onChange,
}: {
  value: PerformancePeriod;
  onChange: (p: PerformancePeriod) => void;
}) {
  return (
    <Field>
      Period
      <SelectInput value={value} onChange={(event) => onChange(event.target.value as PerformancePeriod)}>
        {PERFORMANCE_PERIODS.map((period) => (
          <option key={period} value={period}>
            {PERIOD_LABELS[period]}
          </option>
        ))}
      </SelectInput>
    </Field>
  );
}

function ChoiceSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: readonly string[];
  onChange: (value: string | undefined) => void;
}) {
  // A chosen value stays listed even when this period's list lacks it, so the select never lies.
  const choices = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <Field>
      {label}
      <SelectInput value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">All</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </SelectInput>
    </Field>
  );
}

export interface PerformanceFilterValue {
  strategy?: string;
  symbol?: string;
}

export interface FilterBarProps {
  value: PerformanceFilterValue;
  strategies: readonly string[];
  symbols: readonly string[];
  onChange: (value: PerformanceFilterValue) => void;
}

/** Filter narrows every figure on the screen to one strategy and/or one symbol. */
export function FilterBar({ value, strategies, symbols, onChange }: FilterBarProps) {
  const id = useId();
  return (
    <Row id={id} role="group" aria-label="Filter">
      <ChoiceSelect
        label="Strategy"
        value={value.strategy}
        options={strategies}
        onChange={(strategy) => onChange({ ...value, strategy })}
      />
      <ChoiceSelect
        label="Symbol"
        value={value.symbol}
        options={symbols}
        onChange={(symbol) => onChange({ ...value, symbol })}
      />
      {(value.strategy || value.symbol) && (
        <Button size="sm" variant="ghost" onClick={() => onChange({})}>
          Clear filter
        </Button>
      )}
    </Row>
  );
}
