import type { Trade } from '@td/contracts';
import {
  Badge,
  formatINR,
  formatPercent,
  formatSignedINR,
  MISSING_VALUE,
  pnlTone,
  Table,
  type TableColumn,
  type Tone,
  toneColour,
} from '@td/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ChargesNote, PRODUCT_LABEL } from './charges-note';
import { DISPLAY_STATUS, formatPrice, formatTradeTime, shortTradeId } from './trade-display';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  align-items: inherit;
  gap: 2px;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
`;

const Mono = styled.span`
  font-family: ${({ theme }) => theme.font.mono};
`;

const Reason = styled(Muted)`
  display: block;
  max-width: 260px;
  white-space: normal;
`;

const SymbolCell = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-weight: 600;
`;

function Lines({ main, note }: { main: ReactNode; note?: ReactNode }) {
  return (
    <Stack>
      <span>{main}</span>
      {note && <Muted>{note}</Muted>}
    </Stack>
  );
}

/** spec part 2 §2.4: the exit price when filled, else the price now. */
function exitCell(trade: Trade): ReactNode {
  if (trade.status !== 'FILLED') {
    return trade.current_price === null ? (
      MISSING_VALUE
    ) : (
      <Lines main={formatPrice(trade.current_price)} note="now" />
    );
  }
  return trade.exit_price === null ? (
    // A buy opens or adds to a position: its exit is on the sell that closes it, whether or not that happened yet.
    <span title="A buy has no exit price; the sell that closes the position shows it">{MISSING_VALUE}</span>
  ) : (
    formatPrice(trade.exit_price)
  );
}

function entryCell(trade: Trade): ReactNode {
  if (trade.entry_price !== null) {
    return (
      <Lines main={formatPrice(trade.entry_price)} note={trade.side === 'SELL' ? 'avg cost' : undefined} />
    );
  }
  return trade.limit_price !== null ? (
    <Lines main={formatPrice(trade.limit_price)} note="limit" />
  ) : (
    MISSING_VALUE
  );
}

function pnlCell(trade: Trade): ReactNode {
  const fees = `${formatINR(trade.fees)} fees`;
  if (trade.pnl === null) {
    return (
      <>
        <Lines main={MISSING_VALUE} note={trade.fees > 0 ? fees : undefined} />
        <ChargesNote trade={trade} />
      </>
    );
  }
  return (
    <>
      <Lines
        main={
          <span style={{ color: toneColour(pnlTone(trade.pnl)) }}>
            {formatSignedINR(trade.pnl)}
            {trade.pnl_percent !== null && ` (${formatPercent(trade.pnl_percent, { signed: true })})`}
          </span>
        }
        note={`net ${formatSignedINR(trade.net_pnl)} after ${fees}`}
      />
      <ChargesNote trade={trade} />
    </>
  );
}

/** Who placed the order (SEBI's retail algo rules: loop orders told apart from manual ones). */
const ORIGIN: Record<Trade['origin'], { label: string; tone: Tone; title: string }> = {
  loop: { label: 'Loop', tone: 'info', title: 'Placed by the trading loop' },
  manual: { label: 'Manual', tone: 'neutral', title: 'Placed by a trader' },
  close_all: {
    label: 'Close all',
    tone: 'warning',
    title: 'Sold by the Emergency Stop closing every position',
  },
};

const COLUMNS: readonly TableColumn<Trade>[] = [
  {
    key: 'id',
    header: 'Trade ID',
    cell: (t) => (
      <Mono title={t.id} aria-label={`Trade ${t.id}`}>
        {shortTradeId(t.id)}
      </Mono>
    ),
  },
  {
    key: 'symbol',
    header: 'Symbol',
    cell: (t) => (
      <SymbolCell>
        {t.symbol}
        {t.simulated_replay && (
          <span title="Placed while replaying market history, not on a live session">
            <Badge tone="info">replay</Badge>
          </span>
        )}
      </SymbolCell>
    ),
  },
  {
    key: 'origin',
    header: 'Origin',
    cell: (t) => (
      <span title={ORIGIN[t.origin].title}>
        <Badge tone={ORIGIN[t.origin].tone}>{ORIGIN[t.origin].label}</Badge>
      </span>
    ),
  },
  {
    key: 'type',
    header: 'Type',
    cell: (t) => (
      <Lines
        main={<span style={{ color: toneColour(t.side === 'BUY' ? 'positive' : 'negative') }}>{t.side}</span>}
        note={`${t.order_type === 'LIMIT' ? 'limit' : 'market'} · ${PRODUCT_LABEL[t.product]}`}
      />
    ),
  },
  { key: 'quantity', header: 'Quantity', align: 'right', cell: (t) => t.quantity.toLocaleString('en-IN') },
  { key: 'entry', header: 'Entry Price', align: 'right', cell: entryCell },
  { key: 'exit', header: 'Exit Price', align: 'right', cell: exitCell },
  { key: 'pnl', header: 'P&L', align: 'right', cell: pnlCell },
  {
    key: 'status',
    header: 'Status',
    cell: (t) => (
      <Stack>
        <span>
          <Badge tone={DISPLAY_STATUS[t.status].tone} dot>
            {DISPLAY_STATUS[t.status].label}
          </Badge>
        </span>
        {t.status === 'REJECTED' && t.reject_reason && <Reason>{t.reject_reason}</Reason>}
      </Stack>
    ),
  },
  { key: 'strategy', header: 'Strategy', cell: (t) => t.strategy },
  {
    key: 'time',
    header: 'Entry/Exit time',
    cell: (t) => <Lines main={formatTradeTime(t.timestamp)} note={t.side === 'BUY' ? 'entry' : 'exit'} />,
  },
];

export interface TradesTableProps {
  trades: readonly Trade[];
  loading: boolean;
  /** What the table says when no trade matches. */
  emptyText: ReactNode;
}

/** spec part 2 §2.4 table; on phones it scrolls sideways inside its card. */
export function TradesTable({ trades, loading, emptyText }: TradesTableProps) {
  return (
    <Table
      label="Trades"
      columns={COLUMNS}
      rows={trades}
      rowKey={(trade) => trade.id}
      loading={loading}
      loadingRows={6}
      emptyText={emptyText}
    />
  );
}
