import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage, isApiError, usePredictionExplanation } from '@td/api-client';
import type { ExplainabilityStatus, PredictionExplanation } from '@td/contracts';
import { Button, formatIstDateTime, formatNumber, TextInput } from '@td/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { count, Facts, NotConnected, Note, StatusCard, share } from '../../components/ml-status';

export const DEFAULT_EXPLAINED_SYMBOL = 'RELIANCE';

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(4)} 0 ${({ theme }) => theme.space(3)};
  label {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(1)};
    flex: 1 1 160px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSize.xs};
  }
`;

const Reasons = styled.ol`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding-left: ${({ theme }) => theme.space(5)};
  font-size: ${({ theme }) => theme.fontSize.sm};
  li + li {
    margin-top: ${({ theme }) => theme.space(1)};
  }
`;

const Answer = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

function Explanation({ e }: { e: PredictionExplanation }) {
  const sum = e.base_value + e.contributions.reduce((total, c) => total + c.contribution, 0);
  return (
    <section aria-label={`Why ${e.symbol}`}>
      <Answer>
        <strong>{e.symbol}</strong>: {e.model} expects <strong>{e.direction}</strong> over {e.horizon} · P(up){' '}
        {share(e.probability_up)} · confidence {share(e.confidence)} · made {formatIstDateTime(e.made_at)} IST
      </Answer>
      <Reasons aria-label="Top reasons">
        {e.top_reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </Reasons>
      <Note>
        Base {formatNumber(e.base_value, { decimals: 3 })} + {e.contributions.length} feature contributions
        (weight × (value − mean)) = {formatNumber(sum, { decimals: 3 })}; the model's logit is{' '}
        {formatNumber(e.logit, { decimals: 3 })}.
      </Note>
    </section>
  );
}

/** The newest prediction's reasons for one stock; a refusal (no prediction yet) is the server's sentence. */
function ExplainOne() {
  const inputId = useId();
  const [draft, setDraft] = useState(DEFAULT_EXPLAINED_SYMBOL);
  const [symbol, setSymbol] = useState(DEFAULT_EXPLAINED_SYMBOL);
  const query = usePredictionExplanation(symbol);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSymbol(draft.trim().toUpperCase());
  };
  const refused = isApiError(query.error) && query.error.kind === 'http' && query.error.status !== 503;
  return (
    <>
      <Form onSubmit={submit} aria-label="Explain a prediction">
        <label htmlFor={inputId}>
          Stock
          <TextInput
            id={inputId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            autoCapitalize="characters"
            spellCheck={false}
          />
        </label>
        <Button type="submit" size="sm" variant="secondary" loading={query.isFetching}>
          Explain
        </Button>
      </Form>
      {query.data ? (
        <Explanation e={query.data} />
      ) : refused ? (
        <Answer role="status">{errorMessage(query.error, '')}</Answer>
      ) : query.isError ? (
        <NotConnected error={query.error} />
      ) : symbol ? (
        <Answer aria-busy="true">Loading…</Answer>
      ) : null}
    </>
  );
}

/** spec part 2 §2.6 "Trade Explainability": the explainer's counts and one prediction's reasons. */
export function ExplainabilityCard({ query }: { query: UseQueryResult<ExplainabilityStatus> }) {
  return (
    <StatusCard title="Trade Explainability" query={query}>
      {(x) => (
        <>
          <Facts>
            <dt>Total explanations</dt>
            <dd>{count(x.total_explanations)}</dd>
            <dt>Exact additive (SHAP) explanations</dt>
            <dd>{count(x.shap_explanations)}</dd>
            <dt>Average confidence</dt>
            <dd>{share(x.avg_confidence)}</dd>
            <dt>Cache size</dt>
            <dd>{count(x.cache_size)}</dd>
          </Facts>
          <Note>
            {x.method}
            {x.note ? ` · ${x.note}` : ''}
          </Note>
          <ExplainOne />
        </>
      )}
    </StatusCard>
  );
}
