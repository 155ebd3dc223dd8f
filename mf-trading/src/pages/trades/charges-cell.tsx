import type { Trade } from '@td/contracts';
import { Badge, MISSING_VALUE } from '@td/ui';
import styled from 'styled-components';
import { formatPrice } from './trade-display';

// The contract note of a trade, line by line (docs/decisions/0024-intraday-charges.md).

const Note = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  gap: 0 ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(1)} 0 0;
  font-size: ${({ theme }) => theme.fontSize.xs};
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

const LINES: readonly [keyof NonNullable<Trade['charges']>, string][] = [
  ['brokerage', 'Brokerage'],
  ['stt', 'STT'],
  ['exchange', 'Exchange'],
  ['sebi', 'SEBI'],
  ['stamp', 'Stamp'],
  ['gst', 'GST'],
];

export const PRODUCT_LABEL: Record<Trade['product'], string> = { I: 'Intraday', D: 'Delivery' };

/** The product as a badge and, once something filled, each charge line in rupees to the paisa. */
export function ChargesCell({ trade }: { trade: Trade }) {
  const { charges } = trade;
  return (
    <div>
      <span title={trade.product === 'I' ? 'Squared off the same day' : 'Held overnight or longer'}>
        <Badge tone={trade.product === 'I' ? 'info' : 'neutral'}>{PRODUCT_LABEL[trade.product]}</Badge>
      </span>
      {charges === null ? (
        <div>{MISSING_VALUE}</div>
      ) : (
        <Note aria-label={`Charges on trade ${trade.id}`}>
          {LINES.map(([key, label]) => (
            <div key={key} style={{ display: 'contents' }}>
              <dt>{label}</dt>
              <dd>{formatPrice(charges[key])}</dd>
            </div>
          ))}
        </Note>
      )}
    </div>
  );
}
