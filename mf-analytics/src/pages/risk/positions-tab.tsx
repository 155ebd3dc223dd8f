import type { PositionRisk, RiskRecommendation } from '@td/contracts';
import {
  Badge,
  Card,
  DividedList,
  formatINR,
  formatNumber,
  formatPercent,
  formatSignedINR,
  healthTone,
  PhoneList,
  pnlTone,
  Table,
  type TableColumn,
  type Tone,
  toneColour,
  WideOnly,
} from '@td/ui';
import styled from 'styled-components';

const RECOMMENDATION_TONE: Record<RiskRecommendation, Tone> = {
  hold: 'positive',
  reduce: 'warning',
  exit: 'negative',
};

const Rule = styled.span`
  flex: 1 1 260px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

function Level({ row }: { row: PositionRisk }) {
  if (!row.risk_level) return <span>{formatNumber(row.ml_risk_score, { decimals: 2 })}</span>;
  return (
    <Badge tone={healthTone(row.risk_level)}>
      {formatNumber(row.ml_risk_score, { decimals: 2 })} {row.risk_level}
    </Badge>
  );
}

const Recommendation = ({ value }: { value: RiskRecommendation }) => (
  <Badge tone={RECOMMENDATION_TONE[value]}>{value}</Badge>
);

const pnl = (row: PositionRisk) => (
  <span style={{ color: toneColour(pnlTone(row.unrealized_pnl)) }}>
    {formatSignedINR(row.unrealized_pnl)} ({formatPercent(row.unrealized_pnl_pct, { signed: true })})
  </span>
);

const columns: TableColumn<PositionRisk>[] = [
  { key: 'symbol', header: 'Symbol', cell: (row) => <strong>{row.symbol}</strong> },
  { key: 'value', header: 'Value', align: 'right', cell: (row) => formatINR(row.position_value) },
  { key: 'pnl', header: 'Unrealised P&L', align: 'right', cell: pnl },
  {
    key: 'volatility',
    header: 'Volatility',
    align: 'right',
    cell: (row) => formatPercent(row.price_volatility, { decimals: 1 }),
  },
  {
    key: 'concentration',
    header: 'Concentration',
    align: 'right',
    cell: (row) => formatPercent(row.concentration_risk, { decimals: 1 }),
  },
  {
    key: 'liquidity',
    header: 'Liquidity',
    align: 'right',
    cell: (row) => formatNumber(row.liquidity_score, { decimals: 2 }),
  },
  { key: 'risk', header: 'Risk', cell: (row) => <Level row={row} /> },
  { key: 'stop', header: 'Stop loss', align: 'right', cell: (row) => formatINR(row.stop_loss_suggestion) },
  { key: 'target', header: 'Target', align: 'right', cell: (row) => formatINR(row.target_price) },
  { key: 'action', header: 'Action', cell: (row) => <Recommendation value={row.recommendation} /> },
];

export interface PositionsTabProps {
  positions: PositionRisk[] | undefined;
  loading: boolean;
}

/** spec part 1 §2 "Positions": each position's risk and its recommendation, with the rule that chose it. */
export function PositionsTab({ positions, loading }: PositionsTabProps) {
  const rows = positions ?? [];
  const empty = loading
    ? 'Loading positions…'
    : positions
      ? 'No open positions'
      : 'Position risk unavailable';
  return (
    <>
      <Card title="Position risk">
        <WideOnly>
          <Table
            label="Position risk"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.symbol}
            loading={loading && !positions}
            emptyText={empty}
          />
        </WideOnly>
        <PhoneList aria-label="Position risk">
          {rows.length === 0 && <li>{empty}</li>}
          {rows.map((row) => (
            <li key={row.symbol}>
              <span>
                <strong>{row.symbol}</strong> <Recommendation value={row.recommendation} />
                <br />
                <small>
                  {row.quantity} × {formatINR(row.current_price)} · stop {formatINR(row.stop_loss_suggestion)}{' '}
                  · target {formatINR(row.target_price)}
                </small>
              </span>
              <span className="right">
                {formatINR(row.position_value)}
                <br />
                <small>{pnl(row)}</small>
                <br />
                <Level row={row} />
              </span>
            </li>
          ))}
        </PhoneList>
      </Card>
      {rows.length > 0 && (
        <Card title="Why each recommendation">
          <DividedList aria-label="Recommendation rules">
            {rows.map((row) => (
              <li key={row.symbol}>
                <span>
                  <strong>{row.symbol}</strong> <Recommendation value={row.recommendation} />
                </span>
                <Rule>{row.recommendation_rule}</Rule>
              </li>
            ))}
          </DividedList>
        </Card>
      )}
    </>
  );
}
