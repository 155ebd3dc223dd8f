import type { UseQueryResult } from '@tanstack/react-query';
import type { EnsembleModel, EnsembleStatus } from '@td/contracts';
import {
  Badge,
  formatFractionRate,
  isRateFromEnoughCases,
  PhoneList,
  Table,
  type TableColumn,
  Tile,
  TileGrid,
  WideOnly,
  winRateTone,
} from '@td/ui';
import { count, Note, StatusCard, share } from '../../components/ml-status';
import { OutOfSampleRecord } from './out-of-sample';

/** spec part 2 §9: the ensemble has 6 models. */
export const ENSEMBLE_SIZE = 6;

type ModelRow = EnsembleModel & { name: string };

const modelName = (key: string) => key.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

const PREDICTIONS = { unit: ['prediction', 'predictions'] } as const;

/** A model's accuracy over its resolved predictions, with the count beside it while there are few. */
const accuracy = (m: EnsembleModel) => formatFractionRate(m.accuracy, m.prediction_count, PREDICTIONS);

/**
 * spec part 2 §9: win rate 60+ green, 40+ yellow, else red; a dash before any call resolved, and
 * no colour while too few predictions have resolved to rate the model.
 */
const winRate = (m: EnsembleModel) =>
  m.win_rate === null || !isRateFromEnoughCases(m.prediction_count) ? (
    share(m.win_rate)
  ) : (
    <Badge tone={winRateTone(m.win_rate * 100)}>{share(m.win_rate)}</Badge>
  );

const COLUMNS: readonly TableColumn<ModelRow>[] = [
  { key: 'name', header: 'Model', cell: (m) => m.name },
  {
    key: 'status',
    header: 'Status',
    cell: (m) => <Badge tone={m.active ? 'positive' : 'neutral'}>{m.active ? 'Active' : 'Inactive'}</Badge>,
  },
  { key: 'weight', header: 'Weight', align: 'right', cell: (m) => share(m.weight) },
  { key: 'accuracy', header: 'Accuracy', align: 'right', cell: accuracy },
  { key: 'win', header: 'Win rate', align: 'right', cell: winRate },
  { key: 'count', header: 'Predictions', align: 'right', cell: (m) => count(m.prediction_count) },
];

/** spec part 2 §2.6 "Ensemble Model Optimizer (6 models)": each model's weight and measured record. */
export function EnsembleCard({ query }: { query: UseQueryResult<EnsembleStatus> }) {
  return (
    <StatusCard
      title={`Ensemble Model Optimizer (${ENSEMBLE_SIZE} models)`}
      query={query}
      badge={(e) => <Badge tone="info">{e.horizon}</Badge>}
    >
      {(e) => {
        const rows = Object.entries(e.models)
          .map(([key, model]) => ({ ...model, name: modelName(key) }))
          .sort((a, b) => b.weight - a.weight);
        return (
          <>
            <TileGrid $min="160px">
              <Tile
                label="Ensemble Accuracy"
                value={formatFractionRate(e.ensemble_accuracy, e.resolved_predictions, PREDICTIONS)}
              />
              <Tile
                label="Predictions"
                value={count(e.total_predictions)}
                subValue={`${count(e.resolved_predictions)} resolved`}
              />
              <Tile label="Model Rebalances" value={count(e.model_rebalances)} />
            </TileGrid>
            {e.out_of_sample && <OutOfSampleRecord record={e.out_of_sample} />}
            <WideOnly>
              <Table label="Ensemble models" columns={COLUMNS} rows={rows} rowKey={(m) => m.name} />
            </WideOnly>
            <PhoneList aria-label="Ensemble models">
              {rows.map((m) => (
                <li key={m.name}>
                  <span>
                    <strong>{m.name}</strong>
                    <br />
                    <small>
                      {m.active ? 'Active' : 'Inactive'} · {count(m.prediction_count)} predictions
                    </small>
                  </span>
                  <span className="right">
                    weight {share(m.weight)}
                    <br />
                    <small>
                      accuracy {accuracy(m)} · win {share(m.win_rate)}
                    </small>
                  </span>
                </li>
              ))}
            </PhoneList>
            {e.note && <Note>{e.note}</Note>}
          </>
        );
      }}
    </StatusCard>
  );
}
