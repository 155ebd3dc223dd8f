import type { ReactNode } from 'react';
import styled from 'styled-components';

/** A screen's column: header, then sections with even spacing. */
export const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(5)};
  min-width: 0;
  padding: ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.font.body};
  ${({ theme }) => theme.media.phone} {
    padding: ${({ theme }) => theme.space(3)};
    gap: ${({ theme }) => theme.space(4)};
  }
`;

const Header = styled.header`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.lg};
    font-weight: 700;
  }
  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Controls at the right (Refresh, a mode switch); they wrap under the title on phones. */
  actions?: ReactNode;
}

/** The screen's one h1 with its subtitle and actions. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Header>
      <div>
        <h1>{title}</h1>
        {subtitle && <p>{subtitle}</p>}
      </div>
      {actions && <Actions>{actions}</Actions>}
    </Header>
  );
}

/** Headline tiles: as many columns as fit at `min` wide, one column on the narrowest phones. */
export const TileGrid = styled.div<{ $min?: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $min }) => $min ?? '200px'}, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.phone} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: ${({ theme }) => theme.space(3)};
  }
  @media (max-width: 359.98px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;
