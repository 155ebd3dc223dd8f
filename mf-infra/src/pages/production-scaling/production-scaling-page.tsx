import { useScalingStatus } from '@td/api-client';
import { SCALING_STATUS_FALLBACK, type ScalingStatus } from '@td/contracts';
import {
  Badge,
  Banner,
  Card,
  formatCapital,
  formatINR,
  formatIstDateTime,
  formatPercent,
  formatRate,
  Page,
  PageHeader,
  Tile,
  TileGrid,
} from '@td/ui';
import styled from 'styled-components';
import { PhaseCard } from './phase-card';
import { PhaseHistory } from './phase-history';
import { SafetyMechanisms } from './safety-mechanisms';

const Phases = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space(4)};
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const ACCOUNT = { paper: 'Paper account', live: 'Upstox account' } as const;

/** The header card: the spec's current phase, capital and success rate, with days in phase and status. */
function StatusHeader({
  status,
  fallback,
}: {
  status: Pick<ScalingStatus, 'currentPhase' | 'capital' | 'successRate' | 'daysInPhase'> & {
    status: string;
  };
  fallback: boolean;
}) {
  const phaseName = fallback
    ? null
    : (status as ScalingStatus).phases?.find((p) => p.phase === status.currentPhase)?.name;
  return (
    <Card
      title={`Current Phase: Phase ${status.currentPhase}${phaseName ? ` · ${phaseName}` : ''}`}
      action={
        <Badge tone={status.status === 'halted' ? 'negative' : fallback ? 'neutral' : 'positive'} dot>
          {status.status === 'halted' ? 'Halted' : status.status === 'active' ? 'Active' : 'Ready'}
        </Badge>
      }
    >
      <TileGrid $min="160px">
        <Tile label="Capital" value={formatCapital(status.capital)} subValue={formatINR(status.capital)} />
        <Tile
          label="Success Rate"
          value={formatRate(
            status.successRate,
            fallback ? undefined : (status as ScalingStatus).closedTrades,
          )}
        />
        <Tile label="Days in Phase" value={String(status.daysInPhase)} />
      </TileGrid>
    </Card>
  );
}

/** spec part 2 §2.8 "Production Scaling" (route /production-scaling), every figure from the phase engine. */
export function ProductionScalingPage() {
  const query = useScalingStatus();
  const header = (
    <PageHeader
      title="Production Scaling"
      subtitle="Capital phases, their limits and the safety mechanisms"
    />
  );
  if (query.isPending) {
    return (
      <Page>
        {header}
        <Muted role="status">Loading production scaling status...</Muted>
      </Page>
    );
  }
  const data = query.data ?? null;
  return (
    <Page>
      {header}
      {!data && (
        <Banner tone="warning" title="Showing default figures">
          The scaling status could not be loaded ({query.error?.message ?? 'no answer'}); these are the
          defaults, not your account.
        </Banner>
      )}
      <StatusHeader status={data ?? SCALING_STATUS_FALLBACK} fallback={!data} />
      {data && (
        <Muted data-testid="scaling-source">
          {ACCOUNT[data.account]} · phase since {formatIstDateTime(data.phaseStartedAt)} · {data.closedTrades}{' '}
          closed trades in the phase ({data.winningTrades} winning), realised {formatINR(data.phaseProfit)} (
          {formatPercent(data.phaseProfitPercent, { signed: true })}) · {data.outlook}
        </Muted>
      )}
      {data ? (
        <Phases aria-label="Phases">
          {data.phases.map((phase) => (
            <PhaseCard
              key={phase.phase}
              phase={phase}
              progress={{
                successRate: data.successRate,
                closedTrades: data.closedTrades,
                profitPercent: data.phaseProfitPercent,
                daysInPhase: data.daysInPhase,
              }}
            />
          ))}
        </Phases>
      ) : (
        <Card title="Phases">
          <Muted>
            The five phases and their limits come from the server; they show once the status loads.
          </Muted>
        </Card>
      )}
      <SafetyMechanisms safety={data?.safety ?? null} />
      <Banner tone="info" title="Automatic scaling">
        The system moves up a phase on consistent performance — the phase's success rate, profit target and
        minimum days met once capital has reached the next range — and down on losses: the phase's emergency
        stop loss, or capital falling below its range. The trading loop applies the current phase's limits.
      </Banner>
      {data && data.history.length > 0 && <PhaseHistory history={data.history} />}
    </Page>
  );
}
