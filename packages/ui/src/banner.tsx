import type { ReactNode } from 'react';
import styled from 'styled-components';
import { toneColour } from './colour-scale';

export type BannerTone = 'info' | 'success' | 'warning' | 'error' | 'live';

export interface BannerProps {
  tone?: BannerTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons at the end ("Try Again", "Restart Page"). */
  actions?: ReactNode;
}

const COLOUR_TONE = {
  info: 'info',
  success: 'positive',
  warning: 'warning',
  error: 'negative',
  live: 'live',
} as const;
const ICON = { info: 'ℹ', success: '✓', warning: '⚠', error: '⚠', live: '●' };

const Root = styled.div<{ $colour: string; $solid: boolean }>`
  display: flex;
  align-items: flex-start;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border: 1px solid ${({ $colour }) => `${$colour}80`};
  border-left-width: 4px;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ $colour, $solid }) => ($solid ? $colour : `${$colour}1a`)};
  color: ${({ theme, $solid }) => ($solid ? '#fff' : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Icon = styled.span<{ $colour: string; $solid: boolean }>`
  color: ${({ $colour, $solid }) => ($solid ? '#fff' : $colour)};
  font-size: 1rem;
  line-height: 1.4;
`;

const Text = styled.div`
  flex: 1 1 240px;
  min-width: 0;
  line-height: 1.45;
  strong {
    display: block;
    margin-bottom: 2px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A page-wide message. Errors and live trading are announced at once (role="alert"), the rest politely. */
export function Banner({ tone = 'info', title, children, actions }: BannerProps) {
  const colour = toneColour(COLOUR_TONE[tone]);
  const solid = tone === 'live';
  return (
    <Root role={tone === 'error' || tone === 'live' ? 'alert' : 'status'} $colour={colour} $solid={solid}>
      <Icon aria-hidden="true" $colour={colour} $solid={solid}>
        {ICON[tone]}
      </Icon>
      <Text>
        {title && <strong>{title}</strong>}
        {children}
      </Text>
      {actions && <Actions>{actions}</Actions>}
    </Root>
  );
}
