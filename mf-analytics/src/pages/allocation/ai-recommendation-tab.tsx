import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '@td/api-client';
import type { AiRecommendation } from '@td/contracts';
import { Badge, Card, ErrorPanel, FactList, formatINR, formatPercent, Skeleton } from '@td/ui';
import styled from 'styled-components';

const Reasons = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.fontSize.sm};
  line-height: 1.5;
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(240px, 1fr) minmax(0, 2fr);
  gap: ${({ theme }) => theme.space(4)};
  ${({ theme }) => theme.media.phone} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const RISK_TONE = { low: 'positive', medium: 'warning', high: 'negative' } as const;
const RISK_LABEL = { low: 'Low', medium: 'Medium', high: 'High' } as const;

/** spec part 1 §2 "AI Recommendation": every figure from the server's recommendation, none made up here. */
export function AiRecommendationTab({ query }: { query: UseQueryResult<AiRecommendation> }) {
  if (query.isPending) return <Skeleton lines={5} label="Loading the AI recommendation" />;
  if (query.isError) {
    return (
      <ErrorPanel
        title="AI recommendation unavailable"
        message={errorMessage(query.error, 'The recommendation could not be computed.')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const recommendation = query.data;
  return (
    <Columns>
      <Card
        title="AI Recommendation"
        action={recommendation.fallback ? <Badge tone="warning">Fallback</Badge> : undefined}
      >
        <FactList>
          <dt>Allocation amount</dt>
          <dd>{formatINR(recommendation.allocation_amount)}</dd>
          <dt>Allocation percent</dt>
          <dd>{formatPercent(recommendation.allocation_pct, { decimals: 1 })}</dd>
          <dt>Confidence</dt>
          <dd>{formatPercent(recommendation.confidence * 100, { decimals: 0 })}</dd>
          <dt>Risk assessment</dt>
          <dd>
            <Badge tone={RISK_TONE[recommendation.risk_assessment]}>
              {RISK_LABEL[recommendation.risk_assessment]}
            </Badge>
          </dd>
          <dt>Expected opportunities</dt>
          <dd>{recommendation.expected_opportunities}</dd>
        </FactList>
      </Card>
      <Card title="Reasoning">
        {recommendation.reasoning.length === 0 ? (
          <p>No reasoning was given.</p>
        ) : (
          <Reasons>
            {recommendation.reasoning.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </Reasons>
        )}
      </Card>
    </Columns>
  );
}
