import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: ${({ $size }) => Math.max(2, Math.round($size / 8))}px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  animation: ${spin} 0.75s linear infinite;
  opacity: 0.85;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2s;
  }
`;

export interface SpinnerProps {
  /** Diameter in pixels. */
  size?: number;
  /** What is loading, for screen readers; empty when a surrounding element already says so. */
  label?: string;
}

export function Spinner({ size = 20, label = 'Loading' }: SpinnerProps) {
  if (!label) return <Ring $size={size} aria-hidden="true" />;
  return <Ring $size={size} role="status" aria-label={label} />;
}
