import { screen, waitFor, within } from '@testing-library/react';
import { ok, renderTrades, TRADES, trade, tradeQueries, tradesPage } from './trades-test-data';

const lastQuery = (requests: Parameters<typeof tradeQueries>[0]) => tradeQueries(requests).at(-1);
const firstLoad = () => screen.findByText('Showing 4 of 4 trades');

describe('trading history: filters ask the server', () => {
  it('opens on every trade, all time, page 1', async () => {
    const { requests } = renderTrades();
    await firstLoad();
    expect(tradeQueries(requests)).toEqual([{ status: 'all', range: 'all', page: '1', page_size: '25' }]);
  });

  it('maps the status tabs to the server statuses', async () => {
    const { user, requests } = renderTrades();
    await firstLoad();
    const expected: [string, string][] = [
      ['Completed', 'FILLED'],
      ['Pending', 'PENDING'],
      ['Open', 'CANCELLED,REJECTED'],
      ['All', 'all'],
    ];
    for (const [tab, status] of expected) {
      await user.click(screen.getByRole('tab', { name: tab }));
      await waitFor(() => expect(lastQuery(requests)).toMatchObject({ status, page: '1' }));
      expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    }
  });

  it('explains that the open tab holds orders that ended unfilled', async () => {
    const { user } = renderTrades();
    await firstLoad();
    await user.click(screen.getByRole('tab', { name: 'Open' }));
    expect(screen.getByText('Orders that ended without filling: cancelled or rejected.')).toBeInTheDocument();
  });

  it('filters by time range on the server', async () => {
    const { user, requests } = renderTrades();
    await firstLoad();
    const select = screen.getByLabelText('Time range');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Today', 'Week', 'Month', 'Quarter', 'Year', 'All']);
    const expected: [string, string][] = [
      ['Today', 'today'],
      ['Week', '7d'],
      ['Month', '30d'],
      ['Quarter', '90d'],
      ['Year', '365d'],
    ];
    for (const [label, range] of expected) {
      await user.selectOptions(select, label);
      await waitFor(() => expect(lastQuery(requests)).toMatchObject({ range }));
    }
  });

  it('searches once the typing pauses, not on every key', async () => {
    const { user, requests } = renderTrades();
    await firstLoad();
    await user.type(screen.getByLabelText('Search'), 'tcs');
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ search: 'tcs', page: '1' }));
    expect(tradeQueries(requests).map((query) => query.search)).toEqual([undefined, 'tcs']);
    await user.clear(screen.getByLabelText('Search'));
    await waitFor(() => expect(lastQuery(requests)?.search).toBeUndefined());
  });

  it('reveals side and strategy filters under Advanced Filter', async () => {
    const { user, requests } = renderTrades();
    await firstLoad();
    expect(screen.queryByLabelText('Side')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Advanced Filter' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.selectOptions(screen.getByLabelText('Side'), 'Sell only');
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ side: 'SELL' }));
    const strategy = screen.getByLabelText('Strategy');
    expect(
      within(strategy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All strategies', 'manual', 'mean-reversion', 'momentum']);
    await user.selectOptions(strategy, 'momentum');
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ side: 'SELL', strategy: 'momentum' }));
  });
});

describe('trading history: pages', () => {
  const page = (number: number, total = 60) => {
    const rows = Math.max(0, Math.min(25, total - (number - 1) * 25));
    return tradesPage({
      trades: Array.from({ length: rows }, (_, index) =>
        trade({ id: `trade-${number}-${index}`, symbol: `SYM${number}` }),
      ),
      total,
      page: number,
    });
  };

  it('moves through the pages with Previous and Next', async () => {
    const { user, requests } = renderTrades({
      replies: { [TRADES]: (_body, url) => ok(page(Number(url.searchParams.get('page')))) },
    });
    expect(await screen.findByText('Showing 25 of 60 trades')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('SYM2')).toHaveLength(25));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 10 of 60 trades')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ page: '2' }));
    expect(tradeQueries(requests).map((query) => query.page)).toEqual(['1', '2', '3', '2']);
  });

  it('goes back to page 1 when a filter changes', async () => {
    const { user, requests } = renderTrades({
      replies: { [TRADES]: (_body, url) => ok(page(Number(url.searchParams.get('page')))) },
    });
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ status: 'FILLED', page: '1' }));
  });
  it('returns to the last page that exists when trades disappear (an account reset)', async () => {
    let total = 60;
    const { user, requests } = renderTrades({
      replies: {
        [TRADES]: (_body, url) => {
          const body = page(Number(url.searchParams.get('page')), total);
          total = 10;
          return ok(body);
        },
      },
    });
    await screen.findByText('Page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Two full pages re-render, each row with its contract note: on a loaded machine that passes 1 s.
    expect(
      await screen.findByText('Showing 10 of 10 trades', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(tradeQueries(requests).map((query) => query.page)).toEqual(['1', '2', '1']);
  });
});

describe('trading history: quick actions', () => {
  it("shows today's trades, closed trades with P&L, and clears the filters", async () => {
    const { user, requests } = renderTrades();
    await firstLoad();
    const clear = screen.getByRole('button', { name: 'Clear filters' });
    expect(clear).toBeDisabled();

    await user.click(screen.getByRole('button', { name: "Today's trades" }));
    await waitFor(() =>
      expect(lastQuery(requests)).toEqual({ status: 'all', range: 'today', page: '1', page_size: '25' }),
    );
    expect(screen.getByLabelText('Time range')).toHaveValue('today');

    await user.click(screen.getByRole('button', { name: 'Closed trades with P&L' }));
    await waitFor(() =>
      expect(lastQuery(requests)).toMatchObject({ status: 'FILLED', side: 'SELL', range: 'all' }),
    );
    expect(screen.getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'true');

    await user.type(screen.getByLabelText('Search'), 'inf');
    await waitFor(() => expect(lastQuery(requests)).toMatchObject({ search: 'inf' }));
    await user.click(clear);
    await waitFor(() =>
      expect(lastQuery(requests)).toEqual({ status: 'all', range: 'all', page: '1', page_size: '25' }),
    );
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(clear).toBeDisabled();
  });
});
