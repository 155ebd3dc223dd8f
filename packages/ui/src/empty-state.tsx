import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface EmptyStateProps {
  title: ReactNode;
  message?: ReactNode;
  icon?: ReactNode;
  /** A way forward ("Add funds", "Retry"). */
  action?: ReactNode;
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(10)} ${theme.space(4)}`};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  p {
    margin: 0;
    max-width: 42ch;
  }
`;

const Title = styled.p`
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
`;

const Icon = styled.div`
  font-size: 2rem;
  opacity: 0.6;
`;

/** What a list or table shows when there is nothing in it ("No holdings found"). */
export function EmptyState({ title, message, icon, action }: EmptyStateProps) {
  return (
    <Root>
      {icon && <Icon aria-hidden="true">{icon}</Icon>}
      <Title>{title}</Title>
      {message && <p>{message}</p>}
      {action}
    </Root>
  );
}
