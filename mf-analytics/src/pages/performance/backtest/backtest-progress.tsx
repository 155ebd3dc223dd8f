import type { BacktestRun } from '@td/contracts';
import { Button, formatNumber, formatPercent } from '@td/ui';
import type { ReactNode } from 'react';
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

export interface ProgressMeterProps {
  /** The progress bar's accessible name ("Backtest progress"). */
  label: string;
  percent: number;
  /** What the bar reads out after its percent ("12.5 %, 3 of 24 combinations"). */
  valueText: string;
  /** The line under the bar, beside Cancel. */
  summary: ReactNode;
  cancelLabel: string;
  onCancel: () => void;
  cancelling: boolean;
}

/** A job under way (a backtest or a sweep): its progress bar, a line of counts and its Cancel button. */
export function ProgressMeter({
  label,
  percent,
  valueText,
  summary,
  cancelLabel,
  onCancel,
  cancelling,
}: ProgressMeterProps) {
  return (
    <>
      <Track
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
      >
        <Fill style={{ width: `${percent}%` }} />
      </Track>
      <Row>
        <span>{summary}</span>
        <Button size="sm" variant="danger" onClick={onCancel} loading={cancelling}>
          {cancelLabel}
        </Button>
      </Row>
    </>
  );
}

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
      <ProgressMeter
        label="Backtest progress"
        percent={percent}
        valueText={`${formatPercent(percent, { decimals: 1 })}, ${formatNumber(done, { decimals: 0 })} of ${formatNumber(total, { decimals: 0 })} bars`}
        summary={
          <>
            {formatNumber(done, { decimals: 0 })} of {formatNumber(total, { decimals: 0 })} bars ·{' '}
            {formatPercent(percent, { decimals: 1 })} · {timeLeftLabel(etaSeconds)}
          </>
        }
        cancelLabel="Cancel"
        onCancel={onCancel}
        cancelling={cancelling}
      />
    </section>
  );
}
