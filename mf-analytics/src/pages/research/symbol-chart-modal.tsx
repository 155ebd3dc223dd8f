import { useCandles } from '@td/api-client';
import type { ResearchRecommendation } from '@td/contracts';
import { ErrorPanel, formatINR, Modal, Skeleton } from '@td/ui';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';

const DailyCandlesCanvas = lazy(
  () => import(/* webpackChunkName: "widget-daily-candles" */ './daily-candles-canvas'),
);

const Frame = styled.div`
  height: 320px;
  ${({ theme }) => theme.media.phone} {
    height: 240px;
  }
`;

const Reasons = styled.ul`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding-left: 1.2em;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  line-height: 1.5;
  overflow-wrap: anywhere;
`;

export interface SymbolChartModalProps {
  recommendation: ResearchRecommendation | null;
  onClose: () => void;
}

/** A signal's symbol: its daily candles from the market engine, and the reasons behind the signal. */
export function SymbolChartModal({ recommendation, onClose }: SymbolChartModalProps) {
  const symbol = recommendation?.symbol ?? null;
  const candles = useCandles(symbol, '1d');
  if (!recommendation) return null;
  const label = `${recommendation.symbol} daily price chart`;
  return (
    <Modal open onClose={onClose} title={`${recommendation.symbol} · ${recommendation.signal}`} size="lg">
      {candles.isError ? (
        <ErrorPanel
          title={`Chart for ${recommendation.symbol} unavailable`}
          message={candles.error.message}
          onRetry={() => void candles.refetch()}
          retrying={candles.isFetching}
        />
      ) : (
        <Frame>
          {candles.isPending ? (
            <Skeleton block={{ height: '100%' }} label={`Loading ${recommendation.symbol} chart`} />
          ) : (
            <Suspense
              fallback={
                <Skeleton block={{ height: '100%' }} label={`Loading ${recommendation.symbol} chart`} />
              }
            >
              <DailyCandlesCanvas candles={candles.data.candles} label={label} />
            </Suspense>
          )}
        </Frame>
      )}
      <p>
        Last {formatINR(recommendation.price)}
        {recommendation.target !== null && ` · target ${formatINR(recommendation.target)}`}
        {recommendation.stop !== null && ` · stop ${formatINR(recommendation.stop)}`}
      </p>
      <Reasons aria-label="Why this signal">
        {recommendation.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </Reasons>
    </Modal>
  );
}
