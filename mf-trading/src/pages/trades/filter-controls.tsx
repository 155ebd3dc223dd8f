import { SelectInput, TextInput } from '@td/ui';
import { type ReactNode, useId } from 'react';
import styled from 'styled-components';

// The trade history's own labelled search box and select, styled like the kit's fields.

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
  label {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
    font-weight: 600;
  }
`;

const Input = styled(TextInput)`
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Select = styled(SelectInput)`
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

export function SearchField({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}

export function SelectField<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: Value;
  options: readonly { value: Value; label: ReactNode }[];
  onChange: (value: Value) => void;
}) {
  const id = useId();
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** A calendar date (YYYY-MM-DD) in the same style; the browser's own picker. */
export function DateField({
  label,
  value,
  onChange,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
}) {
  const id = useId();
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <Input
        id={id}
        type="date"
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
