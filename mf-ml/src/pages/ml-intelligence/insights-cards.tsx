import type { UseQueryResult } from '@tanstack/react-query';
import type { LearnedPattern, LearnedPatterns, MlIntelligenceMetricsData } from '@td/contracts';
import { Badge, formatFractionRate, formatNumber, formatPercent } from '@td/ui';
import styled from 'styled-components';
import { count, Facts, Grid, Note, StatusCard, share } from '../../components/ml-status';

/** spec part 2 §9: pattern lists show their first 3 items per group. */
export const PATTERNS_PER_GROUP = 3;

const Group = styled.section`
  min-width: 0;
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.fontSize.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
  li {
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:last-child {
    border-bottom: 0;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.sm};
  }
`;

const title = (name: string) => name.replace(/_/g, ' ');
/** A graph node's name without its kind ("stock:TATASTEEL" → "TATASTEEL"). */
const node = (id: string) => id.replace(/^[a-z]+:/, '');

function PatternItem({ pattern }: { pattern: LearnedPattern }) {
  return (
    <li>
      <strong>{title(pattern.name)}</strong>{' '}
      {pattern.learned ? <Badge tone="positive">learned</Badge> : <Badge>learning</Badge>}
      <small>
        {pattern.expected_direction} · hit rate {share(pattern.hit_rate)} ({count(pattern.hits)} of{' '}
        {count(pattern.resolved)} resolved, {count(pattern.occurrences)} seen) · mean move{' '}
        {pattern.avg_forward_return === null
          ? '—'
          : formatPercent(pattern.avg_forward_return * 100, { signed: true })}{' '}
        over {pattern.horizon}
      </small>
    </li>
  );
}

function PatternGroup({ heading, patterns }: { heading: string; patterns: LearnedPattern[] }) {
  return (
    <Group aria-label={heading}>
      <h3>{heading}</h3>
      {patterns.length === 0 ? (
        <p>None observed yet.</p>
      ) : (
        <ul>
          {patterns.slice(0, PATTERNS_PER_GROUP).map((pattern) => (
            <PatternItem key={`${pattern.kind}-${pattern.name}`} pattern={pattern} />
          ))}
        </ul>
      )}
    </Group>
  );
}

/** spec part 2 §2.6 "Learned Patterns and Insights": the first 3 items of each group. */
export function PatternsCard({ query }: { query: UseQueryResult<LearnedPatterns> }) {
  return (
    <StatusCard title="Learned Patterns and Insights" query={query}>
      {(p) => (
        <>
          <Grid $min="220px">
            <PatternGroup heading="Candle patterns" patterns={p.candle_patterns} />
            <PatternGroup heading="News events" patterns={p.news_events} />
            <Group aria-label="Correlations">
              <h3>Correlations</h3>
              {p.correlations.length === 0 ? (
                <p>None measured yet.</p>
              ) : (
                <ul>
                  {p.correlations.slice(0, PATTERNS_PER_GROUP).map((r) => (
                    <li key={`${r.source}-${r.target}-${r.kind}`}>
                      <strong>
                        {node(r.source)} ↔ {node(r.target)}
                      </strong>
                      <small>
                        {r.kind === 'return_correlation'
                          ? `return correlation ρ = ${formatNumber(r.weight)}`
                          : r.kind === 'news_co_mention'
                            ? `named together in ${formatNumber(r.weight, { decimals: 0 })} headlines`
                            : 'same sector'}
                      </small>
                    </li>
                  ))}
                </ul>
              )}
            </Group>
          </Grid>
          <Note>
            A pattern counts as learned after {count(p.min_resolved_to_learn)} resolved occurrences.
            {!p.computed && p.note ? ` ${p.note}` : ''}
          </Note>
        </>
      )}
    </StatusCard>
  );
}

const PRIORITY_TONE = { high: 'negative', medium: 'warning', low: 'info' } as const;

/** spec part 2 §2.6 "AI System Recommendations and Gap Analysis": the shortcomings analysis. */
export function RecommendationsCard({ query }: { query: UseQueryResult<MlIntelligenceMetricsData> }) {
  return (
    <StatusCard title="AI System Recommendations and Gap Analysis" query={query}>
      {(m) => (
        <Grid $min="260px">
          <Group aria-label="Recommendations">
            <h3>Recommendations</h3>
            {m.shortcomings_analysis.recommendations.length === 0 ? (
              <p>No gaps found in the last measurement.</p>
            ) : (
              <ul>
                {m.shortcomings_analysis.recommendations.map((r) => (
                  <li key={r.title}>
                    <Badge tone={PRIORITY_TONE[r.priority]}>{r.priority}</Badge> <strong>{r.title}</strong>
                    <small>{r.description}</small>
                  </li>
                ))}
              </ul>
            )}
          </Group>
          <Group aria-label="Gap analysis">
            <h3>Gap analysis</h3>
            <Facts>
              <dt>Decision quality</dt>
              <dd>{share(m.decision_quality.average_quality_score)}</dd>
              <dt>Approved decisions</dt>
              <dd>{share(m.decision_quality.approval_rates.approved)}</dd>
              <dt>Quality trend</dt>
              <dd>{m.decision_quality.quality_trend}</dd>
              <dt>Win rate (closed trades)</dt>
              <dd>
                {formatFractionRate(m.performance_trends.win_rate, m.performance_trends.closed_trades, {
                  unit: ['closed trade', 'closed trades'],
                })}
              </dd>
              <dt>Average return per trade</dt>
              <dd>
                {m.performance_trends.average_return === null
                  ? '—'
                  : formatPercent(m.performance_trends.average_return * 100, { signed: true })}
              </dd>
              <dt>Sharpe (per trade)</dt>
              <dd>{formatNumber(m.performance_trends.sharpe_ratio)}</dd>
              <dt>Measured over</dt>
              <dd>
                {count(m.decision_quality.decisions_measured)} decisions,{' '}
                {count(m.performance_trends.closed_trades)} closed trades
              </dd>
            </Facts>
          </Group>
        </Grid>
      )}
    </StatusCard>
  );
}
