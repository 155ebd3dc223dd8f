import styled from 'styled-components';
import { Field, Input, Label } from './form-parts';
import { StrengthMeter } from './strength-meter';

export interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  visible: boolean;
  onToggleVisible: () => void;
  autoComplete: 'current-password' | 'new-password';
  /** Shows the strength meter under the field. */
  showStrength?: boolean;
  /** Shows the "Generate strong password" helper. */
  onGenerate?: () => void;
  disabled?: boolean;
  invalid?: boolean;
}

const InputRow = styled.div`
  position: relative;
  input {
    padding-right: 72px;
  }
`;

const Toggle = styled.button`
  position: absolute;
  top: 50%;
  right: ${({ theme }) => theme.space(1.5)};
  transform: translateY(-50%);
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 600;
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
  &:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.focusRing};
  }
`;

const LabelRow = styled.div`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

const GenerateButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.info};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 600;
  cursor: pointer;
  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: none;
    border-radius: 2px;
    box-shadow: ${({ theme }) => theme.focusRing};
  }
`;

/** A password input with show/hide, and optionally the strength meter and the generator. */
export function PasswordField(props: PasswordFieldProps) {
  const { id, label, value, onChange, visible, onToggleVisible, autoComplete, showStrength, onGenerate } =
    props;
  return (
    <Field>
      <LabelRow>
        <Label htmlFor={id}>{label}</Label>
        {onGenerate && (
          <GenerateButton type="button" onClick={onGenerate} disabled={props.disabled}>
            Generate strong password
          </GenerateButton>
        )}
      </LabelRow>
      <InputRow>
        <Input
          id={id}
          name={id}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          disabled={props.disabled}
          aria-invalid={props.invalid || undefined}
          spellCheck={false}
          autoCapitalize="off"
        />
        <Toggle
          type="button"
          onClick={onToggleVisible}
          aria-controls={id}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
        >
          {visible ? 'Hide' : 'Show'}
        </Toggle>
      </InputRow>
      {showStrength && <StrengthMeter password={value} />}
    </Field>
  );
}
