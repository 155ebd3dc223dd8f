import { NO_ANSWER } from '@td/platform/test-support';
import { act, screen, waitFor, within } from '@testing-library/react';
import { ok, renderTrades, SAMPLE_TRADES, TRADES, trade, tradesPage, unavailable } from './trades-test-data';

const tile = (label: string) => screen.getByRole('group', { name: label });
const rows = () =>
  within(screen.getByRole('table', { name: 'Trades' }))
    .getAllByRole('row')
    .slice(1);
function rowOf(text: string): HTMLElement {
  const row = rows().find((candidate) => candidate.textContent?.includes(text));
  if (!row) throw new Error(`No row shows ${text}`);
  return row;
}

describe('trading history: what it shows', () => {
  it('shows the title and the five summary cards from the server summary', async () => {
    renderTrades();
    expect(screen.getByRole('heading', { level: 1, name: 'Trading History' })).toBeInTheDocument();
    await waitFor(() => expect(tile('Total Trades')).toHaveTextContent('48'));
    expect(tile('Total Trades')).toHaveTextContent('40 completed');
    expect(tile('Total P&L')).toHaveTextContent('+₹12,346');
    expect(tile('Total P&L')).toHaveTextContent('after ₹987 charges');
    expect(tile('Win Rate')).toHaveTextContent('62.5%');
    expect(tile('Win Rate')).toHaveTextContent('of 16 closed trades');
    expect(tile('Open Positions')).toHaveTextContent('5');
    expect(tile('Pending Orders')).toHaveTextContent('3');
  });

  it('shows the spec columns with ledger figures: strategy, fees and net P&L, never fixed values', async () => {
    renderTrades();
    const table = await screen.findByRole('table', { name: 'Trades' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Trade ID',
      'Symbol',
      'Origin',
      'Type',
      'Quantity',
      'Entry Price',
      'Exit Price',
      'P&L',
      'Status',
      'Strategy',
      'Entry/Exit time',
    ]);
    const sell = await waitFor(() => rowOf('TCS'));
    expect(within(sell).getByLabelText(`Trade ${SAMPLE_TRADES[0]!.id}`)).toHaveTextContent('…21460795');
    expect(sell).toHaveTextContent('SELL');
    expect(sell).toHaveTextContent('₹3,050.50'); // entry: the average cost of the shares sold
    expect(sell).toHaveTextContent('₹3,107.15'); // exit: the fill
    expect(sell).toHaveTextContent('+₹113 (+1.86%)');
    expect(sell).toHaveTextContent('net +₹88 after ₹25 fees');
    expect(sell).toHaveTextContent('completed');
    expect(sell).toHaveTextContent('momentum');
    expect(sell).toHaveTextContent('20 Nov 2026, 10:49');
    expect(sell).not.toHaveTextContent('Live Trade');
  });

  it('shows the price now for orders that have not filled, and why an order was rejected', async () => {
    renderTrades();
    const pending = await waitFor(() => rowOf('…3dff4061'));
    expect(pending).toHaveTextContent('₹1,500.00limit');
    expect(pending).toHaveTextContent('₹1,579.15now');
    expect(pending).toHaveTextContent('pending');
    const rejected = rowOf('RELIANCE');
    expect(rejected).toHaveTextContent('rejected');
    expect(rejected).toHaveTextContent('above the maximum position size of ₹50,000');
  });

  it('shows each trade’s product and its charges line by line, to the paisa', async () => {
    renderTrades({
      replies: {
        [TRADES]: ok(
          tradesPage({
            trades: [
              trade(),
              trade({ id: 'delivery-buy-1', symbol: 'INFY', side: 'BUY', product: 'D', charges: null }),
            ],
          }),
        ),
      },
    });
    const sell = await waitFor(() => rowOf('TCS'));
    expect(sell).toHaveTextContent('SELLmarket · intraday');
    const note = within(sell).getByLabelText(`Charges on trade ${SAMPLE_TRADES[0]!.id}`);
    const lines = within(note)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(lines).toEqual([
      'Brokerage ₹20.00',
      'STT ₹1.55',
      'Exchange ₹0.18',
      'SEBI ₹0.01',
      'Stamp ₹0.00',
      'GST ₹3.63',
    ]);
    const buy = rowOf('INFY');
    expect(buy).toHaveTextContent('BUYmarket · delivery');
    expect(within(buy).queryByRole('term')).not.toBeInTheDocument();
  });

  it('marks trades placed while replaying market history', async () => {
    renderTrades();
    const replayed = await waitFor(() => rowOf('…bbb0f690'));
    expect(within(replayed).getByText('replay')).toBeInTheDocument();
    expect(within(rowOf('TCS')).queryByText('replay')).not.toBeInTheDocument();
  });

  it('says which orders the loop placed and which a trader placed', async () => {
    renderTrades();
    const loop = await waitFor(() => rowOf('TCS'));
    expect(within(loop).getByText('Loop')).toBeInTheDocument();
    expect(within(rowOf('RELIANCE')).getByText('Manual')).toBeInTheDocument();
    expect(within(rowOf('RELIANCE')).queryByText('Loop')).not.toBeInTheDocument();
  });
});

describe('trading history: states', () => {
  it('shows placeholders while the first page loads', () => {
    renderTrades({ replies: { [TRADES]: NO_ANSWER } });
    expect(screen.getByRole('table', { name: 'Trades' })).toHaveAttribute('aria-busy', 'true');
    expect(within(tile('Total Trades')).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('shows the error panel and dashes in the summary when the load fails', async () => {
    renderTrades({ replies: { [TRADES]: unavailable } });
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('Unable to load trades');
    expect(panel).toHaveTextContent('Trading service is currently unavailable.');
    for (const label of ['Total Trades', 'Total P&L', 'Win Rate', 'Open Positions', 'Pending Orders']) {
      expect(tile(label)).toHaveTextContent('—');
    }
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('TCS')).not.toBeInTheDocument(); // no sample trades, ever
  });

  it('tries again from the error panel', async () => {
    let calls = 0;
    const { user } = renderTrades({
      replies: { [TRADES]: () => (++calls === 1 ? unavailable : ok(tradesPage())) },
    });
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Trades' })).toBeInTheDocument();
    await waitFor(() => expect(rowOf('TCS')).toBeDefined());
  });

  it('keeps the trades and warns when a refresh fails', async () => {
    jest.useFakeTimers();
    try {
      let calls = 0;
      renderTrades({
        fakeTimers: true,
        replies: { [TRADES]: () => (++calls === 1 ? ok(tradesPage()) : unavailable) },
      });
      await act(() => jest.advanceTimersByTimeAsync(100));
      expect(tile('Total Trades')).toHaveTextContent('48');
      await act(() => jest.advanceTimersByTimeAsync(30_000)); // the spec's polling interval
      expect(calls).toBeGreaterThan(1);
      expect(
        screen.getByText('Unable to connect to trading services. Trade history may not be current.'),
      ).toBeInTheDocument();
      expect(rowOf('TCS')).toBeDefined();
      expect(tile('Total Trades')).toHaveTextContent('48');
    } finally {
      jest.useRealTimers();
    }
  });

  it('puts the count beside a win rate from fewer than 20 closed trades and leaves it uncoloured', async () => {
    renderTrades({
      replies: {
        [TRADES]: ok(tradesPage({ summary: { ...tradesPage().summary, win_rate: 100, closed_trades: 1 } })),
      },
    });
    await waitFor(() => expect(tile('Win Rate')).toHaveTextContent('100.0% (1 trade)'));
    expect(within(tile('Win Rate')).getByText('100.0% (1 trade)')).not.toHaveStyle({ color: '#22c55e' });
  });

  it('says No trades found when nothing matches', async () => {
    renderTrades({
      replies: {
        [TRADES]: ok(
          tradesPage({
            trades: [],
            total: 0,
            summary: { ...tradesPage().summary, total_trades: 0, win_rate: null, closed_trades: 0 },
          }),
        ),
      },
    });
    expect(await screen.findByText('No trades found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 trades')).toBeInTheDocument();
    expect(tile('Win Rate')).toHaveTextContent('No closed trades yet');
  });

  it('shows a dash for open positions when the server cannot count them', async () => {
    renderTrades({
      replies: { [TRADES]: ok(tradesPage({ summary: { ...tradesPage().summary, open_positions: null } })) },
    });
    await waitFor(() => expect(tile('Total Trades')).toHaveTextContent('48'));
    expect(tile('Open Positions')).toHaveTextContent('—');
  });

  it('colours one trade P&L by its sign', async () => {
    renderTrades({
      replies: {
        [TRADES]: ok(tradesPage({ trades: [trade({ pnl: -50, pnl_percent: -0.8, net_pnl: -75.37 })] })),
      },
    });
    const row = await waitFor(() => rowOf('TCS'));
    expect(row).toHaveTextContent('-₹50 (-0.80%)');
    expect(row).toHaveTextContent('net -₹75 after ₹25 fees');
  });
});
