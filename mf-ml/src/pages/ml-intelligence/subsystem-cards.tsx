import type { UseQueryResult } from '@tanstack/react-query';
import type { EngineStatus, KnowledgeGraphStatus, LearningStatus, MemoryStatus } from '@td/contracts';
import { Badge, formatIstDateTime, formatNumber } from '@td/ui';
import {
  count,
  Facts,
  Grid,
  HealthScore,
  Note,
  STATUS_UNAVAILABLE,
  StatusCard,
  share,
} from '../../components/ml-status';

/** `computed` false: the engine has not measured these yet and says why. */
function Unmeasured({ computed, note }: { computed: boolean; note: string | null }) {
  return !computed && note ? <Note>{note}</Note> : null;
}

function MemoryCard({ query }: { query: UseQueryResult<MemoryStatus> }) {
  return (
    <StatusCard title="Memory System" query={query}>
      {(m) => (
        <>
          <Facts>
            <dt>Memory health</dt>
            <dd>
              <HealthScore score={m.memory_health} />
            </dd>
            <dt>Total memories</dt>
            <dd>{count(m.total_memories)}</dd>
            <dt>Active patterns</dt>
            <dd>{count(m.active_patterns)}</dd>
            <dt>Retention rate</dt>
            <dd>{share(m.retention_rate)}</dd>
          </Facts>
          <Note>
            {count(m.breakdown.predictions)} predictions ({count(m.breakdown.resolved_predictions)} resolved),{' '}
            {count(m.breakdown.trade_decisions)} trade decisions ({count(m.breakdown.closed_trades)} closed)
          </Note>
          <Unmeasured computed={m.computed} note={m.note} />
        </>
      )}
    </StatusCard>
  );
}

function KnowledgeGraphCard({ query }: { query: UseQueryResult<KnowledgeGraphStatus> }) {
  return (
    <StatusCard title="Knowledge Graph" query={query}>
      {(g) => (
        <>
          <Facts>
            <dt>Knowledge depth</dt>
            <dd>{share(g.knowledge_depth)}</dd>
            <dt>Total nodes</dt>
            <dd>{count(g.total_nodes)}</dd>
            <dt>Relationships</dt>
            <dd>{count(g.total_relationships)}</dd>
            <dt>Active concepts</dt>
            <dd>{count(g.active_concepts)}</dd>
          </Facts>
          <Note>
            {count(g.nodes.stocks)} stocks, {count(g.nodes.sectors)} sectors, {count(g.nodes.topics)} topics ·
            correlations |ρ| ≥ {formatNumber(g.correlation_threshold)} over {count(g.correlation_sessions)}{' '}
            sessions · rebuilt every {formatNumber(g.rebuild_interval_minutes, { decimals: 0 })} min
          </Note>
          <Unmeasured computed={g.computed} note={g.note} />
        </>
      )}
    </StatusCard>
  );
}

function LearningEngineCard({ query }: { query: UseQueryResult<LearningStatus> }) {
  return (
    <StatusCard
      title="Learning Engine"
      query={query}
      badge={(l) => (
        <Badge tone={l.learning_active ? 'positive' : 'neutral'} dot>
          {l.learning_active ? 'Active' : 'Inactive'}
        </Badge>
      )}
    >
      {(l) => (
        <>
          <Facts>
            <dt>Adaptation success</dt>
            <dd>{share(l.adaptation_success_rate)}</dd>
            <dt>Recent adaptations</dt>
            <dd>{count(l.recent_adaptations)}</dd>
            <dt>Learning rate</dt>
            <dd>{formatNumber(l.learning_rate, { decimals: 4 })}</dd>
            <dt>Last update</dt>
            <dd>{l.last_update_time ? `${formatIstDateTime(l.last_update_time)} IST` : 'Never'}</dd>
          </Facts>
          <Unmeasured computed={l.computed} note={l.note} />
        </>
      )}
    </StatusCard>
  );
}

const MODE_LABEL = { paper: 'Paper', live: 'Live' } as const;

/** The server's engines, read from /api/engines/status (spec part 2 §3 "engines status"). */
function OrchestratorCard({ query }: { query: UseQueryResult<EngineStatus> }) {
  return (
    <StatusCard
      title="Orchestrator"
      query={query}
      failedLabel={STATUS_UNAVAILABLE}
      badge={(e) => {
        const engines = Object.values(e.engines);
        const running = engines.filter((engine) => engine.running).length;
        return (
          <Badge tone={running === engines.length ? 'positive' : 'warning'} dot>
            {running === engines.length ? 'All engines running' : 'Degraded'}
          </Badge>
        );
      }}
    >
      {(e) => {
        const engines = Object.values(e.engines);
        return (
          <Facts>
            <dt>Engines active</dt>
            <dd>
              {engines.filter((engine) => engine.running).length} of {engines.length}
            </dd>
            <dt>Trading mode</dt>
            <dd>{MODE_LABEL[e.trading_loop.account]}</dd>
            <dt>Trading loop</dt>
            <dd>{e.trading_loop.status}</dd>
            <dt>Market</dt>
            <dd>{e.market_status.is_open ? 'Open' : 'Closed'}</dd>
          </Facts>
        );
      }}
    </StatusCard>
  );
}

export interface SubsystemCardsProps {
  memory: UseQueryResult<MemoryStatus>;
  graph: UseQueryResult<KnowledgeGraphStatus>;
  learning: UseQueryResult<LearningStatus>;
  engines: UseQueryResult<EngineStatus>;
}

/** spec part 2 §2.6: four cards (Memory System, Knowledge Graph, Learning Engine, Orchestrator). */
export function SubsystemCards({ memory, graph, learning, engines }: SubsystemCardsProps) {
  return (
    <Grid $min="260px">
      <MemoryCard query={memory} />
      <KnowledgeGraphCard query={graph} />
      <LearningEngineCard query={learning} />
      <OrchestratorCard query={engines} />
    </Grid>
  );
}
