import type { ResearchRecommendation } from '@td/contracts';
import { Badge, formatINR, formatPercent, PhoneList, type Tone } from '@td/ui';
import styled from 'styled-components';

export const SIGNAL_TONE: Record<ResearchRecommendation['signal'], Tone> = {
  BUY: 'positive',
  SELL: 'negative',
  HOLD: 'neutral',
};

const Empty = styled.p`
  display: none;
  margin: 0;
  padding: ${({ theme }) => theme.space(6)} 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  ${({ theme }) => theme.media.phone} {
    display: block;
  }
`;

const SymbolLink = styled.button`
  all: unset;
  cursor: pointer;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline dotted;
`;

export interface SignalsListProps {
  rows: readonly ResearchRecommendation[];
  emptyText: string;
  onOpenChart: (symbol: string) => void;
}

/** On phones each signal is two lines, so confidence, target and risk show without scrolling sideways. */
export function SignalsList({ rows, emptyText, onOpenChart }: SignalsListProps) {
  if (rows.length === 0) return <Empty>{emptyText}</Empty>;
  return (
    <PhoneList aria-label="AI Trading Signals">
      {rows.map((row) => (
        <li key={row.symbol}>
          <span>
            <SymbolLink
              type="button"
              aria-label={`${row.symbol} chart`}
              onClick={() => onOpenChart(row.symbol)}
            >
              {row.symbol}
            </SymbolLink>{' '}
            <Badge tone={SIGNAL_TONE[row.signal]}>{row.signal}</Badge>
          </span>
          <span className="right">{formatPercent(row.confidence * 100, { decimals: 0 })}</span>
          {row.target !== null && row.risk !== null && (
            <>
              <small>Target {formatINR(row.target)}</small>
              <small className="right">
                Risk {formatINR(row.risk)} ({formatPercent(row.risk_percent)})
                {row.risk_band ? ` · ${row.risk_band}` : ''}
              </small>
            </>
          )}
        </li>
      ))}
    </PhoneList>
  );
}
