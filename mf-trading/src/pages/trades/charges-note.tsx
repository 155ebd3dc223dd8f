import type { Trade } from '@td/contracts';
import styled from 'styled-components';
import { formatPrice } from './trade-display';

// The contract note of a trade, line by line, under its P&L (docs/decisions/0027-intraday-charges.md).

const Note = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  gap: 0 ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(1)} 0 0 auto;
  width: max-content;
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

export const PRODUCT_LABEL: Record<Trade['product'], string> = { I: 'intraday', D: 'delivery' };

/** Each charge line of a trade's contract note in rupees to the paisa; nothing before a fill. */
export function ChargesNote({ trade }: { trade: Trade }) {
  const { charges } = trade;
  if (charges === null) return null;
  return (
    <Note aria-label={`Charges on trade ${trade.id}`}>
      {LINES.map(([key, label]) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{formatPrice(charges[key])}</dd>
        </div>
      ))}
    </Note>
  );
}
