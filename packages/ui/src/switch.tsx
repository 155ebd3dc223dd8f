import type { ReactNode } from 'react';
import styled from 'styled-components';
import { focusRing } from './focus-ring';
import { VisuallyHidden } from './visually-hidden';

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name; shown beside the track unless hideLabel. */
  label: ReactNode;
  hideLabel?: boolean;
  disabled?: boolean;
  /** Colours the track when on: 'live' for real-money switches. */
  tone?: 'primary' | 'positive' | 'live';
  id?: string;
  className?: string;
}

const Root = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 32px;
  padding: 2px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSize.sm};
  cursor: pointer;
  ${focusRing}
  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

const Track = styled.span<{ $on: boolean; $tone: 'primary' | 'positive' | 'live' }>`
  position: relative;
  flex: none;
  width: 40px;
  height: 22px;
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme, $on, $tone }) => ($on ? theme.colors[$tone] : theme.colors.border)};
  background: ${({ theme, $on, $tone }) => ($on ? theme.colors[$tone] : theme.colors.surfaceRaised)};
  transition: background-color 0.15s ease, border-color 0.15s ease;
`;

const Thumb = styled.span<{ $on: boolean }>`
  position: absolute;
  top: 2px;
  left: 2px;
  width: 16px;
  height: 16px;
  border-radius: 50%;
  background: #fff;
  box-shadow: 0 1px 2px rgba(0, 0, 0, 0.4);
  transform: translateX(${({ $on }) => ($on ? '18px' : '0')});
  transition: transform 0.15s ease;
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

/** An on/off control: role="switch" with aria-checked; Space and Enter toggle it, as a button does. */
export function Switch({
  checked,
  onChange,
  label,
  hideLabel,
  disabled,
  tone = 'primary',
  id,
  className,
}: SwitchProps) {
  return (
    <Root
      type="button"
      role="switch"
      id={id}
      className={className}
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    >
      <Track $on={checked} $tone={tone} aria-hidden="true">
        <Thumb $on={checked} />
      </Track>
      {hideLabel ? <VisuallyHidden>{label}</VisuallyHidden> : <span>{label}</span>}
    </Root>
  );
}
