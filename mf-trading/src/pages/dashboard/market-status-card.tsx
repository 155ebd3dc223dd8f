import type { IndexIdContract, IndexQuoteContract } from '@td/contracts';
import {
  Badge,
  Button,
  Card,
  DividedList,
  formatNumber,
  formatPercent,
  pnlTone,
  Skeleton,
  toneColour,
} from '@td/ui';
import styled from 'styled-components';
import { useLiveMarketOverview } from './use-dashboard-data';

const INDICES: { id: IndexIdContract; name: string }[] = [
  { id: 'NIFTY_50', name: 'NIFTY 50' },
  { id: 'SENSEX', name: 'SENSEX' },
  { id: 'BANK_NIFTY', name: 'Bank NIFTY' },
];

const Name = styled.span`
  font-weight: 600;
`;

const Figures = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.space(3)};
  font-family: ${({ theme }) => theme.font.mono};
  font-variant-numeric: tabular-nums;
`;

const Change = styled.span<{ $colour: string }>`
  color: ${({ $colour }) => $colour};
`;

const Note = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

function IndexRow({ name, quote }: { name: string; quote: IndexQuoteContract | null | undefined }) {
  return (
    <li aria-label={name}>
      <Name>{name}</Name>
      {quote ? (
        <Figures>
          <span>{formatNumber(quote.value)}</span>
          <Change $colour={toneColour(pnlTone(quote.change_percent))}>
            {formatPercent(quote.change_percent, { signed: true })}
          </Change>
        </Figures>
      ) : (
        <Figures>Unavailable</Figures>
      )}
    </li>
  );
}

/** spec part 1 §2: NIFTY 50, SENSEX and Bank NIFTY with value and percent change; simulated data says so. */
export function MarketStatusCard() {
  const { data, isPending, isError, refetch, isFetching } = useLiveMarketOverview();
  const badge = data ? (
    data.simulated ? (
      <Badge tone="warning">Simulated data</Badge>
    ) : (
      <Badge tone="positive" dot>
        Live data
      </Badge>
    )
  ) : undefined;
  return (
    <Card title="Market Status" action={badge}>
      {data ? (
        <>
          <DividedList>
            {INDICES.map(({ id, name }) => (
              <IndexRow key={id} name={name} quote={data.indices[id]} />
            ))}
          </DividedList>
          <Note>
            Source: {data.source}
            {data.simulated && ' (market simulator, not exchange prices)'}
          </Note>
        </>
      ) : isPending ? (
        <Skeleton lines={3} label="Loading market status" />
      ) : (
        isError && (
          <div role="alert">
            <p>Market data unavailable</p>
            <Button size="sm" variant="secondary" onClick={() => void refetch()} loading={isFetching}>
              Retry
            </Button>
          </div>
        )
      )}
    </Card>
  );
}
