import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';

export interface ErrorPanelProps {
  title: ReactNode;
  message?: ReactNode;
  /** Shows a Retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  /** True while the retry is running: the button shows a spinner. */
  retrying?: boolean;
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(5)};
  border: 1px solid ${({ theme }) => `${theme.colors.negative}66`};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => `${theme.colors.negative}12`};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.md};
    color: ${({ theme }) => theme.colors.negative};
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** A failed load, in words, with a way to try again ("Error loading portfolio data"). */
export function ErrorPanel({ title, message, onRetry, retryLabel = 'Retry', retrying }: ErrorPanelProps) {
  return (
    <Root role="alert">
      <h3>{title}</h3>
      {message && <p>{message}</p>}
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry} loading={retrying}>
          {retryLabel}
        </Button>
      )}
    </Root>
  );
}
