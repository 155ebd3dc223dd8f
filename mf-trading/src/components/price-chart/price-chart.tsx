import { useCandles } from '@td/api-client';
import { candleSchema } from '@td/contracts';
import { useStreamTopic } from '@td/platform';
import { ErrorPanel, Skeleton } from '@td/ui';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { type ChartBar, foldIntoMinute, toChartBar } from './minute-bars';

const PriceChartCanvas = lazy(() => import('./price-chart-canvas'));

const Frame = styled.div`
  height: 320px;
  ${({ theme }) => theme.media.phone} {
    height: 240px;
  }
`;

const Caption = styled.p`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

export interface PriceChartProps {
  symbol: string;
}

/** Today's 1-minute candles for one symbol, the forming minute moving with every second's bar. */
export function PriceChart({ symbol }: PriceChartProps) {
  const candles = useCandles(symbol, '1m');
  const bars = useMemo(() => (candles.data?.candles ?? []).map(toChartBar), [candles.data]);
  const [live, setLive] = useState<ChartBar | null>(null);
  const lastDrawn = useRef<ChartBar | undefined>(undefined);
  lastDrawn.current = live && live.time >= (bars.at(-1)?.time ?? 0) ? live : bars.at(-1);

  useStreamTopic(`candles:${symbol}`, candleSchema, (candle) => {
    const next = foldIntoMinute(lastDrawn.current, candle);
    if (next) {
      lastDrawn.current = next;
      setLive(next);
    }
  });

  if (candles.isError) {
    return (
      <ErrorPanel
        title={`Chart for ${symbol} unavailable`}
        message={candles.error.message}
        onRetry={() => void candles.refetch()}
        retrying={candles.isFetching}
      />
    );
  }
  return (
    <>
      <Frame>
        {candles.isPending ? (
          <Skeleton block={{ height: '100%' }} label={`Loading ${symbol} chart`} />
        ) : (
          <Suspense fallback={<Skeleton block={{ height: '100%' }} label={`Loading ${symbol} chart`} />}>
            <PriceChartCanvas bars={bars} live={live} label={`${symbol} 1-minute price chart`} />
          </Suspense>
        )}
      </Frame>
      <Caption>
        {symbol} · 1-minute candles, IST · source {candles.data?.candles.at(-1)?.source ?? '—'}
      </Caption>
    </>
  );
}
