import { type ReactNode, useId } from 'react';
import styled from 'styled-components';

export interface CardProps {
  title?: ReactNode;
  /** A small control at the header's right (a link, a Refresh button). */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}

const Section = styled.section`
  min-width: 0;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.shadow.card};
  padding: ${({ theme }) => theme.space(5)};
  ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.md};
    font-weight: 600;
    color: ${({ theme }) => theme.colors.text};
  }
`;

/** A titled panel; the title names the region for screen readers. */
export function Card({ title, action, children, className }: CardProps) {
  const titleId = useId();
  return (
    <Section className={className} aria-labelledby={title ? titleId : undefined}>
      {(title || action) && (
        <Header>
          {title && <h2 id={titleId}>{title}</h2>}
          {action && <div>{action}</div>}
        </Header>
      )}
      {children}
    </Section>
  );
}
