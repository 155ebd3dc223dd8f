import { type PerformancePeriod, RISK_SHARPE_PERIOD, type RiskMetrics } from '@td/contracts';
import {
  Badge,
  Banner,
  Card,
  DividedList,
  formatINR,
  formatIstDate,
  formatNumber,
  formatPercent,
  formatSignedINR,
  healthTone,
  MISSING_VALUE,
  pnlTone,
  riskScoreBand,
  Tile,
  TileGrid,
} from '@td/ui';
import styled from 'styled-components';

const Notes = styled.ul`
  margin: 0;
  padding-left: 1.1em;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  line-height: 1.5;
`;

const Loss = styled.strong`
  color: ${({ theme }) => theme.colors.negative};
  font-variant-numeric: tabular-nums;
`;

const ratio = (value: number | null) => formatNumber(value, { decimals: 2 });
/** A loss the API gives as a positive number of rupees, shown with its minus sign. */
const lossINR = (value: number | null) =>
  value === null ? MISSING_VALUE : value === 0 ? formatINR(0) : formatSignedINR(-value);

/** The span the account's Sharpe covers, for its tile's name (decision 0061), as "Max Drawdown (30-day)" names its own. */
const SHARPE_WINDOWS: Record<PerformancePeriod, string> = {
  day: '1-day',
  week: '1-week',
  month: '1-month',
  quarter: '3-month',
  year: '1-year',
  all: 'all-time',
};

/** "annualised, 5 Oct 2026 – 27 Nov 2026"; withheld, the server's sentence ("Needs 30 trading days; …"). */
function sharpeSubtitle(f: RiskMetrics): string {
  if (f.sharpe_ratio === null)
    return f.sharpe_note ?? 'not computable: the account’s daily returns do not vary';
  const { from, to } = f.sharpe_window;
  return `annualised, ${formatIstDate(from)} – ${formatIstDate(to)}`;
}

export interface OverviewTabProps {
  metrics: RiskMetrics | undefined;
  loading: boolean;
}

/** spec part 1 §2 "Overview": the risk figures of today's positions and of the account's last month (Sharpe: quarter). */
export function OverviewTab({ metrics: m, loading }: OverviewTabProps) {
  const value = (text: (figures: RiskMetrics) => string) => (m ? text(m) : loading ? '…' : MISSING_VALUE);
  const sub = (text: (figures: RiskMetrics) => string) => (m ? text(m) : undefined);
  const level = m?.risk_level ?? (m?.ml_risk_score == null ? null : riskScoreBand(m.ml_risk_score));
  const drops = m?.stress_drops_percent ?? [10, 20, 30];
  const stress = m ? [m.stress_test.scenario_1, m.stress_test.scenario_2, m.stress_test.scenario_3] : [];
  return (
    <>
      {m?.note && <Banner tone="info">{m.note}</Banner>}
      <TileGrid $min="220px" aria-busy={loading || undefined}>
        <Tile
          label="Max Drawdown (30-day)"
          value={value((f) => (f.max_drawdown === null ? MISSING_VALUE : formatPercent(-f.max_drawdown)))}
          subValue={sub((f) => lossINR(f.max_drawdown_rupees))}
          tone={m?.max_drawdown ? 'negative' : 'neutral'}
        />
        <Tile
          label={`Sharpe Ratio (${SHARPE_WINDOWS[m?.sharpe_window.period ?? RISK_SHARPE_PERIOD]})`}
          value={value((f) => ratio(f.sharpe_ratio))}
          subValue={sub(sharpeSubtitle)}
        />
        <Tile
          label="VaR 95%"
          value={value((f) => lossINR(f.var_95.historical_rupees))}
          subValue={sub((f) =>
            f.var_95.historical_rupees === null
              ? 'not computable yet: see the note above'
              : `historical 1-day, ${formatPercent(f.var_95.historical_pct)} · parametric ${lossINR(
                  f.var_95.parametric_rupees,
                )} (${formatPercent(f.var_95.parametric_pct)}) · ${f.var_95.sessions} sessions`,
          )}
          tone={m?.var_95.historical_rupees ? 'negative' : 'neutral'}
        />
        <Tile
          label="Beta"
          value={value((f) => ratio(f.beta))}
          subValue={sub((f) => `against ${f.beta_benchmark}`)}
        />
        <Tile
          label="Portfolio Return"
          value={value((f) => formatPercent(f.portfolio_return, { signed: true }))}
          subValue={sub((f) => `${formatSignedINR(f.portfolio_return_rupees)} · trailing month`)}
          tone={m ? pnlTone(m.portfolio_return) : 'neutral'}
        />
        <Tile
          label="Volatility"
          value={value((f) => formatPercent(f.volatility))}
          subValue={sub(() => 'annualised, positions')}
        />
        <Tile
          label="ML Risk Score"
          value={value((f) => ratio(f.ml_risk_score))}
          subValue={
            m ? level ? <Badge tone={healthTone(level)}>{level} risk</Badge> : 'level unavailable' : undefined
          }
        />
        <Tile
          label="Diversification Score"
          value={value((f) => ratio(f.diversification_score))}
          subValue={sub((f) => `0 = one bet, 1 = fully spread · ${f.positions_count} positions`)}
        />
      </TileGrid>
      <Card title="Stress tests">
        <DividedList aria-label="Stress tests">
          {drops.map((drop, index) => (
            <li key={drop}>
              <span>NIFTY 50 falls {drop}%</span>
              {typeof stress[index] === 'number' ? (
                <Loss>{lossINR(stress[index])}</Loss>
              ) : (
                <span>{loading && !m ? '…' : MISSING_VALUE}</span>
              )}
            </li>
          ))}
        </DividedList>
      </Card>
      {m && (
        <Notes aria-label="How the figures are computed">
          <li>
            {`Positions ${formatINR(m.positions_value)} of a portfolio worth ${formatINR(m.portfolio_value)}; stress losses scale each position by its beta.`}
          </li>
          <li>Diversification: {m.diversification_method}</li>
          <li>ML risk score: {m.ml_risk_basis}</li>
        </Notes>
      )}
    </>
  );
}
