import type { BacktestMl } from '@td/contracts';
import {
  Card,
  formatNumber,
  formatPoints,
  formatShare,
  Table,
  type TableColumn,
  Tile,
  TileGrid,
} from '@td/ui';
import styled from 'styled-components';
import { FormNote as Note } from './backtest-form-parts';

// Wraps, so on a phone the figures stay beside the name rather than scrolled out of sight.
const Description = styled.small`
  display: block;
  min-width: 14em;
  white-space: normal;
  color: ${({ theme }) => theme.colors.textMuted};
`;

type ModelRow = BacktestMl['models'][number];

const count = (value: number) => formatNumber(value, { decimals: 0 });

const MODEL_COLUMNS: TableColumn<ModelRow>[] = [
  {
    key: 'model',
    header: 'Model',
    cell: (m) => (
      <>
        {m.name}
        <Description>{m.description}</Description>
      </>
    ),
  },
  {
    key: 'calls',
    header: 'Calls (coverage)',
    align: 'right',
    cell: (m) => `${count(m.views)} (${formatShare(m.coverage, 0)})`,
  },
  { key: 'accuracy', header: 'Right on its calls', align: 'right', cell: (m) => formatShare(m.accuracy) },
];

/**
 * What the ML ensemble measured in a run it ranked in: its say and why, its accuracy over the range
 * against always-up, the walk-forward before the range, and each model's calls, the news model's
 * among them, so a trader sees whether the news (or the ensemble) earned its place.
 */
export function BacktestMlCard({ ml }: { ml: BacktestMl }) {
  const before = ml.before;
  const asked = ml.predictions > 0;
  return (
    <Card title={`ML ensemble, ${ml.news ? 'reading the news' : 'without the news'}`}>
      <TileGrid $min="150px" role="group" aria-label="ML ensemble figures">
        <Tile
          label="Say in the signal"
          value={formatShare(ml.say, 0)}
          subValue="of its third, beside the two rules"
        />
        <Tile
          label="Right in the range"
          value={formatShare(ml.accuracy)}
          subValue={
            asked
              ? `${count(ml.predictions)} predictions, each checked 30 min on (or at the close)`
              : 'not asked: no say'
          }
        />
        <Tile label="Always up in the range" value={formatShare(ml.always_up_accuracy)} />
        <Tile
          label="Before the range"
          value={formatShare(before?.accuracy ?? null)}
          subValue={
            before
              ? `edge ${formatPoints(before.edge)} over ${count(before.scored_sessions)} scored sessions`
              : `${count(ml.trained_sessions)} sessions: too few to score`
          }
        />
        {ml.news && <Tile label="Headlines in the range" value={count(ml.headlines)} />}
      </TileGrid>
      <Note>{ml.say_reason}</Note>
      {asked && (
        <Table
          label="Each model’s calls in the range"
          columns={MODEL_COLUMNS}
          rows={ml.models}
          rowKey={(m) => m.name}
          emptyText="No model made a call."
        />
      )}
    </Card>
  );
}
