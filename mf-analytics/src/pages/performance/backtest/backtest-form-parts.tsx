import type { BacktestStartRequest } from '@td/contracts';
import { SelectInput, TextInput } from '@td/ui';
import { type ReactNode, useId, useState } from 'react';
import styled from 'styled-components';

/** The settings' fields, as many to a row as fit at 200 px or more. */
export const FormGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
  min-width: 0;
  label {
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: 600;
  }
`;

export const Hint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

export const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.negative};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** A muted sentence under a form or a figure: what a choice does, what a line is made of. */
export const FormNote = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** The row under the fields: the submit button and what goes beside it. */
export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
`;

/**
 * A settings form's values and the errors of its last check: `submit` tells `onAttempt` (an earlier
 * refusal no longer applies), checks the values with `read` and sends a valid request to `onValid`.
 */
export function useCheckedForm<Values, Key extends string, Request>({
  initial,
  read,
  onAttempt,
  onValid,
}: {
  initial: Values;
  read: (
    values: Values,
  ) => { request: Request; errors: null } | { request: null; errors: Partial<Record<Key, string>> };
  onAttempt: () => void;
  onValid: (request: Request) => void;
}) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const submit = () => {
    onAttempt();
    const checked = read(values);
    setErrors(checked.errors ?? {});
    if (checked.request !== null) onValid(checked.request);
  };
  return { values, setValues, errors, submit };
}

/** A settings form checked by the page, not the browser: Enter or the submit button calls `onSubmit`. */
export function SettingsForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/**
 * A labelled control (date, select, text) with its hint and its error tied to it, as NumberField does
 * for numbers: the control is rendered by `children` with the id and aria attributes to spread on it.
 */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error: string | undefined;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <FieldRoot>
      <label htmlFor={id}>{label}</label>
      {hint && <Hint id={`${id}-hint`}>{hint}</Hint>}
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {error && <ErrorText id={`${id}-error`}>{error}</ErrorText>}
    </FieldRoot>
  );
}

/** A labelled text or date input with its hint and its error: the text as typed goes to `onChange`. */
export function TextField({
  label,
  hint,
  error,
  type,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  error: string | undefined;
  type?: 'date' | 'text';
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(props) => (
        <TextInput
          type={type}
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
          {...props}
        />
      )}
    </Field>
  );
}

/** The data choice takes a row of its own: its options are long, and the stored-candles hint follows it. */
const DataRow = styled.div`
  grid-column: 1 / -1;
  max-width: 420px;
`;

export type BacktestData = BacktestStartRequest['data'];

/** Which bars a backtest or a sweep replays: the simulator's generated past or the stored candles. */
export function DataChoice({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: BacktestData;
  error: string | undefined;
  onChange: (value: BacktestData) => void;
}) {
  return (
    <DataRow>
      <Field label={label} error={error}>
        {(props) => (
          <SelectInput value={value} onChange={(e) => onChange(e.target.value as BacktestData)} {...props}>
            <option value="generated">Generated history (simulator)</option>
            <option value="stored">Imported / fetched candles</option>
          </SelectInput>
        )}
      </Field>
    </DataRow>
  );
}
