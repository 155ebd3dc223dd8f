import type { BrokeragePlanContract } from '@td/contracts';
import { SelectInput } from '@td/ui';
import { useId } from 'react';
import styled from 'styled-components';

// How the paper account charges brokerage (docs/decisions/0027-intraday-charges.md).

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
  label {
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: 600;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
  }
`;

const PLANS: readonly { value: BrokeragePlanContract; label: string }[] = [
  { value: 'flat', label: 'Flat: the brokerage below on every order' },
  { value: 'discount', label: 'Discount: min(brokerage, 0.03 %) intraday, ₹0 delivery' },
];

export function BrokeragePlanField({
  value,
  disabled,
  onChange,
}: {
  value: BrokeragePlanContract;
  disabled?: boolean;
  onChange: (value: BrokeragePlanContract) => void;
}) {
  const id = useId();
  return (
    <Field>
      <label htmlFor={id}>Brokerage Plan</label>
      <SelectInput
        id={id}
        name="brokerage_plan"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as BrokeragePlanContract)}
      >
        {PLANS.map((plan) => (
          <option key={plan.value} value={plan.value}>
            {plan.label}
          </option>
        ))}
      </SelectInput>
      <small>Intraday and delivery are charged their own STT and stamp duty</small>
    </Field>
  );
}
