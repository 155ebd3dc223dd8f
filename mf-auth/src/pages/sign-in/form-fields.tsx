import { Button } from '@td/ui';
import type { ReactNode } from 'react';
import { Field, Hint, Input, Label } from './form-parts';

interface EmailFieldProps {
  id: string;
  value: string;
  onChange(value: string): void;
  invalid?: boolean;
  disabled?: boolean;
}

/** The email input of the login and reset forms. */
export function EmailField({ id, value, onChange, invalid, disabled }: EmailFieldProps) {
  return (
    <Field>
      <Label htmlFor={id}>Email</Label>
      <Input
        id={id}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        disabled={disabled}
      />
    </Field>
  );
}

interface SubmitWithHintProps {
  hintId: string;
  hint: ReactNode;
  disabled: boolean;
  loading: boolean;
  children: ReactNode;
}

/** A form's submit button with the sentence that says why it is disabled, read out as it changes. */
export function SubmitWithHint({ hintId, hint, disabled, loading, children }: SubmitWithHintProps) {
  return (
    <>
      <Button
        type="submit"
        size="lg"
        fullWidth
        disabled={disabled}
        loading={loading}
        aria-describedby={hintId}
      >
        {children}
      </Button>
      <Hint id={hintId} aria-live="polite">
        {hint}
      </Hint>
    </>
  );
}
