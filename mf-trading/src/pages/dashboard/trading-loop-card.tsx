import { useEngineStatus } from '@td/api-client';
import type { LoopDecisionContract, TradingLoopStatus } from '@td/contracts';
import {
  Badge,
  Card,
  DividedList,
  ErrorPanel,
  FactList,
  formatINR,
  formatIstClock,
  formatNumber,
  Skeleton,
  type Tone,
} from '@td/ui';
import styled from 'styled-components';

const DECISIONS_SHOWN = 6;
const SIGNALS_SHOWN = 3;

const STATUS: Record<TradingLoopStatus['status'], { label: string; tone: Tone }> = {
  active: { label: 'Active', tone: 'positive' },
  waiting: { label: 'Waiting', tone: 'warning' },
  halted: { label: 'Halted', tone: 'negative' },
  error: { label: 'Error', tone: 'negative' },
  stopped: { label: 'Stopped', tone: 'neutral' },
};

const OUTCOME: Record<LoopDecisionContract['outcome'], { label: string; tone: Tone }> = {
  filled: { label: 'filled', tone: 'positive' },
  placed: { label: 'placed', tone: 'info' },
  rejected: { label: 'rejected', tone: 'negative' },
  skipped: { label: 'skipped', tone: 'neutral' },
  waiting: { label: 'waiting', tone: 'warning' },
  error: { label: 'error', tone: 'negative' },
};

const StatusText = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Heading = styled.h3`
  margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Decisions = styled(DividedList)`
  font-size: ${({ theme }) => theme.fontSize.sm};
  li {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    align-items: baseline;
    column-gap: ${({ theme }) => theme.space(2)};
  }
`;

const Time = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

const Reason = styled.span`
  grid-column: 2 / 4;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Mono = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
  font-variant-numeric: tabular-nums;
`;

/** "BUY 4 RELIANCE", or the symbol alone for a decision that placed nothing. */
function what(decision: LoopDecisionContract): string {
  const subject = decision.symbol === '*' ? 'All symbols' : decision.symbol;
  return [decision.side, decision.quantity, subject].filter((part) => part !== null).join(' ');
}

function DecisionRow({ decision }: { decision: LoopDecisionContract }) {
  const outcome = OUTCOME[decision.outcome];
  return (
    <li>
      <Time>{formatIstClock(decision.at)}</Time>
      <strong>
        {what(decision)}
        {decision.repeats > 1 && (
          <Time>
            {' '}
            ×{decision.repeats} since {formatIstClock(decision.first_at)}
          </Time>
        )}
      </strong>
      <Badge tone={outcome.tone}>{outcome.label}</Badge>
      <Reason>{decision.reason}</Reason>
    </li>
  );
}

function LoopDetails({ loop }: { loop: TradingLoopStatus }) {
  const run = loop.last_run;
  return (
    <>
      <StatusText>{loop.status_text}</StatusText>
      <FactList>
        <dt>Account</dt>
        <dd>{loop.account === 'live' ? 'Live (Upstox)' : 'Paper'}</dd>
        <dt>Last run</dt>
        <dd>{formatIstClock(loop.last_run_at)}</dd>
        <dt>Next run</dt>
        <dd>{formatIstClock(loop.next_run_at)}</dd>
        <dt>Signals in the last run</dt>
        <dd>{run?.market_open ? `${run.buy_signals} BUY · ${run.sell_signals} SELL` : '—'}</dd>
        <dt>Orders today</dt>
        <dd>
          {loop.orders_placed_today} placed
          {loop.orders_rejected_today > 0 && `, ${loop.orders_rejected_today} rejected`}
        </dd>
        <dt>Day budget left</dt>
        <dd>
          {formatINR(loop.budget_left)} of {formatINR(loop.budget)}
        </dd>
      </FactList>
      {loop.top_signals.length > 0 && (
        <>
          <Heading>Top signals</Heading>
          <Decisions aria-label="Top signals">
            {loop.top_signals.slice(0, SIGNALS_SHOWN).map((signal) => (
              <li key={signal.symbol}>
                <Mono>{formatNumber(signal.score, { decimals: 2 })}</Mono>
                <strong>{signal.symbol}</strong>
                <Badge
                  tone={
                    signal.direction === 'BUY'
                      ? 'positive'
                      : signal.direction === 'SELL'
                        ? 'negative'
                        : 'neutral'
                  }
                >
                  {signal.direction}
                </Badge>
                <Reason>{signal.reason}</Reason>
              </li>
            ))}
          </Decisions>
        </>
      )}
      <Heading>Last decisions</Heading>
      {loop.recent_decisions.length === 0 ? (
        <StatusText>None yet: the first run records what it decided and why.</StatusText>
      ) : (
        <Decisions aria-label="Last decisions">
          {loop.recent_decisions.slice(0, DECISIONS_SHOWN).map((decision) => (
            <DecisionRow
              key={`${decision.first_at}|${decision.symbol}|${decision.outcome}|${decision.reason}`}
              decision={decision}
            />
          ))}
        </Decisions>
      )}
    </>
  );
}

/**
 * The automated loop in the open: what it is doing, when it runs, what it decided and why. Reads
 * the same engines status as the top bar, so the two never disagree.
 */
export function TradingLoopCard() {
  const { data, isPending, isError, refetch, isFetching } = useEngineStatus();
  const status = data ? STATUS[data.trading_loop.status] : null;
  return (
    <Card
      title="Trading Loop"
      action={
        status && (
          <Badge tone={status.tone} dot>
            {status.label}
          </Badge>
        )
      }
    >
      {isPending ? (
        <Skeleton lines={5} label="Loading the trading loop" />
      ) : isError ? (
        <ErrorPanel
          title="Trading loop status unavailable"
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <LoopDetails loop={data.trading_loop} />
      )}
    </Card>
  );
}
