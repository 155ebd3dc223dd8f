import { type ReactNode, useId } from 'react';
import styled from 'styled-components';
import { TextInput } from './text-input';

export interface NumberFieldProps {
  label: ReactNode;
  /** The text as typed: an empty or half-typed number stays what the user sees until they submit. */
  value: string;
  onChange: (value: string) => void;
  /** Why the value is refused; shown under the input and read out with it. */
  error?: ReactNode;
  /** A short line under the label ("A fraction from 0 to 1"). */
  hint?: ReactNode;
  name?: string;
  id?: string;
  min?: number;
  max?: number;
  step?: number | 'any';
  disabled?: boolean;
  /** Keep the label for screen readers only (an inline edit where the context names the field). */
  hideLabel?: boolean;
  autoFocus?: boolean;
  className?: string;
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1.5)};
  min-width: 0;
  font-family: ${({ theme }) => theme.font.body};
  font-weight: 400;
  line-height: 1.4;
`;

const Label = styled.label<{ $hidden: boolean }>`
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: 600;
  ${({ $hidden }) =>
    $hidden &&
    `position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0);
     white-space: nowrap; border: 0;`}
`;

const Hint = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const Input = styled(TextInput)`
  font-family: ${({ theme }) => theme.font.mono};
  font-weight: 400;
  font-variant-numeric: tabular-nums;
`;

const ErrorText = styled.span`
  color: ${({ theme }) => theme.colors.negative};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** A labelled number input with its hint and its error, both tied to the input with aria-describedby. */
export function NumberField({
  label,
  value,
  onChange,
  error,
  hint,
  name,
  id,
  min,
  max,
  step,
  disabled,
  hideLabel = false,
  autoFocus,
  className,
}: NumberFieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const describedBy = [hint ? hintId : null, hasError ? errorId : null].filter(Boolean).join(' ');
  return (
    <Root className={className}>
      <Label htmlFor={inputId} $hidden={hideLabel}>
        {label}
      </Label>
      {hint && <Hint id={hintId}>{hint}</Hint>}
      <Input
        id={inputId}
        name={name}
        type="number"
        inputMode="decimal"
        value={value}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={hasError || undefined}
        aria-describedby={describedBy || undefined}
      />
      {hasError && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </Root>
  );
}
