import type { SweepCombination, SweepResult } from '@td/contracts';
import { Badge, formatINR, formatPercent, formatSignedINR, pnlTone, Table, type TableColumn } from '@td/ui';
import styled from 'styled-components';
import { combinationLabel } from './backtest-sweep-values';

const Lead = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-weight: 600;
`;

const Caution = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Money = styled.span<{ $tone: 'positive' | 'negative' }>`
  font-weight: 700;
  color: ${({ theme, $tone }) => ($tone === 'positive' ? theme.colors.positive : theme.colors.negative)};
`;

/** The in-sample figures: what the parameters were chosen on, so shown small and muted, never as evidence. */
const Fitted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const Parameters = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const sessions = (n: number) => `${n} session${n === 1 ? '' : 's'}`;

function edgeBadge(row: SweepCombination) {
  const { within_noise: noise, mean_session_pnl: mean } = row.out_of_sample;
  if (noise) return <Badge tone="warning">Within noise</Badge>;
  return mean > 0 ? (
    <Badge tone="positive">Gain beyond noise</Badge>
  ) : (
    <Badge tone="negative">Loss beyond noise</Badge>
  );
}

/** Each row's interval level as a percentage, e.g. 0.9875 → 98.8 %: Bonferroni over the combinations. */
const levelLabel = (result: SweepResult) => formatPercent(result.interval_level * 100, { decimals: 1 });

const columns = (result: SweepResult): TableColumn<SweepCombination>[] => [
  {
    key: 'oos',
    header: 'Out-of-sample net P&L after charges',
    align: 'right',
    cell: (row) => (
      <Money $tone={pnlTone(row.out_of_sample.net_pnl)}>{formatSignedINR(row.out_of_sample.net_pnl)}</Money>
    ),
  },
  { key: 'edge', header: 'Edge', cell: edgeBadge },
  {
    key: 'per-session',
    header: `Per held-out session (${levelLabel(result)} interval)`,
    align: 'right',
    cell: ({ out_of_sample: oos }) =>
      oos.interval
        ? `${formatSignedINR(oos.mean_session_pnl)} (${formatINR(oos.interval[0])} to ${formatINR(oos.interval[1])})`
        : `${formatSignedINR(oos.mean_session_pnl)} (too few sessions)`,
  },
  {
    key: 'parameters',
    header: 'Parameters',
    cell: (row) => (
      <Parameters>
        {combinationLabel(row.parameters)}
        {row.fitted && <Badge tone="info">In-sample pick</Badge>}
      </Parameters>
    ),
  },
  {
    key: 'charges',
    header: 'Out-of-sample charges',
    align: 'right',
    cell: (row) => formatINR(row.out_of_sample.charges),
  },
  { key: 'orders', header: 'Out-of-sample orders', align: 'right', cell: (row) => row.out_of_sample.orders },
  {
    key: 'in-sample',
    header: <Fitted>in-sample (fitted on)</Fitted>,
    align: 'right',
    cell: (row) => <Fitted>{formatSignedINR(row.in_sample.net_pnl)}</Fitted>,
  },
];

/** What the in-sample fit chose, and what that choice made on sessions it never saw. */
export function fitSentence(result: SweepResult): string {
  const fitted = result.combinations.find((row) => row.fitted);
  const { in_sample: fit, out_of_sample: held } = result;
  if (result.combinations.length === 0) return 'No combination completed.';
  if (!fitted)
    return `No combination was chosen: every combination made the same in-sample net P&L (as when none traded), so fitting on ${fit.from} to ${fit.to} had nothing to choose between.`;
  const { within_noise: withinNoise, mean_session_pnl: mean } = fitted.out_of_sample;
  const noise = withinNoise ? ', within noise' : mean > 0 ? ', a gain beyond noise' : ', a loss beyond noise';
  return `Fitted on ${fit.from} to ${fit.to} (${sessions(fit.sessions)}), the sweep would choose ${combinationLabel(fitted.parameters)}: out of sample, ${held.from} to ${held.to} (${sessions(held.sessions)}), it made ${formatSignedINR(fitted.out_of_sample.net_pnl)} after charges${noise}.`;
}

/**
 * A complete sweep: the in-sample pick first (its held-out figure is the honest one), then the rest by
 * out-of-sample net P&L; in-sample figures only as what the pick was fitted on.
 */
export function BacktestSweepTable({ result }: { result: SweepResult }) {
  const count = result.combinations.length;
  return (
    <section aria-label="Sweep results">
      <Lead>{fitSentence(result)}</Lead>
      <Caution>
        Only the out-of-sample columns are evidence: the in-sample figure is the period the parameters were
        chosen on, and the best of many combinations there looks good by chance. Picking the best held-out row
        is itself fitting, on the held-out sessions: only the in-sample pick's held-out figure, shown first,
        is an honest estimate. Each interval is at {levelLabel(result)}, corrected for the {count}{' '}
        combinations tried, so noise alone badges a row beyond noise in about 1 sweep in 20.
      </Caution>
      <Table
        label="Combinations: the in-sample pick first, then by out-of-sample net P&L"
        columns={columns(result)}
        rows={result.combinations}
        rowKey={(row) => combinationLabel(row.parameters)}
      />
    </section>
  );
}
