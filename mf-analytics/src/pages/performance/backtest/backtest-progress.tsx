import type { BacktestRun } from '@td/contracts';
import { Button, formatNumber, formatPercent } from '@td/ui';
import styled from 'styled-components';
import { rangeLabel, timeLeftLabel } from './backtest-figures';

const Track = styled.div`
  height: 10px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 0.2s ease;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface BacktestProgressProps {
  run: BacktestRun;
  etaSeconds: number | null;
  onCancel: () => void;
  cancelling: boolean;
}

/** A running backtest: bars replayed of all, percent and the time left; Cancel stops it between two minutes. */
export function BacktestProgress({ run, etaSeconds, onCancel, cancelling }: BacktestProgressProps) {
  const { bars_done: done, total_bars: total, percent } = run.progress;
  return (
    <section aria-label="Backtest under way">
      <p>Replaying {rangeLabel(run)}</p>
      <Track
        role="progressbar"
        aria-label="Backtest progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${formatPercent(percent, { decimals: 1 })}, ${formatNumber(done, { decimals: 0 })} of ${formatNumber(total, { decimals: 0 })} bars`}
      >
        <Fill style={{ width: `${percent}%` }} />
      </Track>
      <Row>
        <span>
          {formatNumber(done, { decimals: 0 })} of {formatNumber(total, { decimals: 0 })} bars ·{' '}
          {formatPercent(percent, { decimals: 1 })} · {timeLeftLabel(etaSeconds)}
        </span>
        <Button size="sm" variant="danger" onClick={onCancel} loading={cancelling}>
          Cancel
        </Button>
      </Row>
    </section>
  );
}
