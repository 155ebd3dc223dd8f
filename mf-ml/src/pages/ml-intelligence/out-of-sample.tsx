import type { OutOfSample } from '@td/contracts';
import { Badge, formatPoints, Tile, TileGrid } from '@td/ui';
import { count, Note, share } from '../../components/ml-status';

const STATUS_TEXT: Record<OutOfSample['status'], string> = {
  complete: 'Measured',
  running: 'Measuring…',
  not_run: 'Not measured',
  failed: 'Failed',
};

/**
 * The ensemble's out-of-sample record from the walk-forward over past sessions, beside the two
 * baselines a direction call must beat (always up, a coin), with the edge's 95 % interval and the
 * say in the loop it earns: so a trader never reads an in-sample accuracy as evidence.
 */
export function OutOfSampleRecord({ record }: { record: OutOfSample }) {
  const edgeShown = record.edge_low !== null && record.edge_low > 0;
  return (
    <section aria-label="Out-of-sample record">
      <h3>
        Out of sample, walk-forward{' '}
        <Badge tone={record.status === 'complete' ? (edgeShown ? 'positive' : 'neutral') : 'info'}>
          {STATUS_TEXT[record.status]}
        </Badge>
      </h3>
      {record.status === 'complete' && (
        <TileGrid $min="140px">
          <Tile
            label="Ensemble"
            value={share(record.accuracy)}
            subValue={`${count(record.predictions)} predictions`}
          />
          <Tile label="Always up" value={share(record.always_up_accuracy)} />
          <Tile label="Coin flip" value={share(record.coin_accuracy)} />
          <Tile
            label="Edge"
            value={formatPoints(record.edge)}
            subValue={
              record.edge_low === null || record.edge_high === null
                ? 'no interval'
                : `95 %: ${formatPoints(record.edge_low)} to ${formatPoints(record.edge_high)}`
            }
          />
          <Tile label="Say in the loop" value={share(record.say, 0)} />
        </TileGrid>
      )}
      <Note>{record.note}</Note>
    </section>
  );
}
