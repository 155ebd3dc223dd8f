import { HISTORY_IMPORT_MAX_BYTES, HISTORY_IMPORT_TOO_LARGE, type HistoryCoverageEntry } from '@td/contracts';
import { NETWORK_DOWN, type Responder, renderRemote, reply } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import { HistoricalCandlesCard } from './historical-candles-card';
import { COVERAGE, ok } from './settings-tabs-test-data';

function renderCard(replies: Record<string, Responder> = {}) {
  return renderRemote(<HistoricalCandlesCard />, {
    remote: 'infra',
    signedIn: true,
    url: '/settings',
    ownPaths: ['/settings'],
    replies: { 'GET /api/history/coverage': ok(COVERAGE), ...replies },
  });
}

// jsdom's File has no text() (browsers all do): the file answers it as the browser would.
const csvFile = (text: string, name = 'bars.csv') =>
  Object.assign(new File([text], name, { type: 'text/csv' }), { text: async () => text });
const DAILY_CSV = [
  'symbol,timestamp,open,high,low,close,volume',
  'INFY,2026-11-02,1500,1510,1490,1505,1000',
  'INFY,2026-11-03,1505,1490,1500,1495,1200',
].join('\n');

const table = () => screen.getByRole('table', { name: 'Stored candles' });
const rowOf = (symbol: string) => within(table()).getByRole('row', { name: new RegExp(`^${symbol} `) });

describe('Historical candles card', () => {
  it('lists what is stored per symbol and interval, with IST dates and Indian grouping', async () => {
    renderCard();
    await screen.findByRole('table', { name: 'Stored candles' });
    const reliance = within(rowOf('RELIANCE'));
    expect(reliance.getByText('Daily')).toBeInTheDocument();
    expect(reliance.getByText('2 Nov 2026')).toBeInTheDocument();
    expect(reliance.getByText('6 Nov 2026')).toBeInTheDocument();
    const tcs = within(rowOf('TCS'));
    expect(tcs.getByText('1 minute')).toBeInTheDocument();
    expect(tcs.getByText('5 Jan 2026, 09:15')).toBeInTheDocument();
    expect(tcs.getByText('31 Mar 2026, 15:29')).toBeInTheDocument();
    expect(tcs.getByText('22,875')).toBeInTheDocument();
  });

  it('says how to add data when nothing is stored', async () => {
    renderCard({ 'GET /api/history/coverage': ok([]) });
    expect(await screen.findByText('No historical candles stored')).toBeInTheDocument();
    expect(screen.getByText(/Import a CSV below/)).toBeInTheDocument();
  });

  it('asks for the interval only for our OHLCV layout, and names the columns', async () => {
    const view = renderCard();
    const format = await screen.findByLabelText('Format');
    expect(screen.getByLabelText('Interval')).toBeInTheDocument();
    expect(screen.getByText('symbol,timestamp,open,high,low,close,volume')).toBeInTheDocument();
    await view.user.selectOptions(format, 'NSE bhavcopy');
    expect(screen.queryByLabelText('Interval')).toBeNull();
    expect(screen.getByText(/only EQ rows of listed stocks are stored/)).toBeInTheDocument();
  });

  it('lists the refused lines of a refused file and leaves the table as it was', async () => {
    const refusal = {
      success: false,
      error:
        'Nothing was imported: line 3: high 1490.00 is below low 1500.00 (and 51 more refused lines, listed in problems). Fix the file and import it again.',
      code: 'history_rows_refused',
      problems: Array.from({ length: 50 }, (_, i) => ({
        line: i + 3,
        message: i === 0 ? 'high 1490.00 is below low 1500.00' : 'unknown symbol XYZ',
      })),
      refusedLines: 52,
    };
    const view = renderCard({ 'POST /api/history/import': reply(422, refusal) });
    await screen.findByRole('table', { name: 'Stored candles' });
    await view.user.selectOptions(screen.getByLabelText('Interval'), 'Daily');
    await view.user.upload(screen.getByLabelText('CSV file'), csvFile(DAILY_CSV));
    await view.user.click(screen.getByRole('button', { name: 'Import' }));

    const lines = await screen.findByRole('list', { name: 'Refused lines' });
    expect(within(lines).getAllByRole('listitem')).toHaveLength(50);
    expect(within(lines).getByText('Line 3: high 1490.00 is below low 1500.00')).toBeInTheDocument();
    expect(screen.getByText(/^Nothing was imported: line 3: high 1490.00 is below low/)).toBeInTheDocument();
    expect(screen.getByText('and 2 more')).toBeInTheDocument();
    expect(view.requests.find((r) => r.path === '/api/history/import')?.body).toEqual({
      format: 'ohlcv',
      interval: 'day',
      csv: DAILY_CSV,
    });
    expect(view.requests.filter((r) => r.path === '/api/history/coverage')).toHaveLength(1);
    expect(within(table()).getAllByRole('row')).toHaveLength(COVERAGE.length + 1);
  });

  it('says what an accepted import stored and shows the refreshed coverage', async () => {
    let stored: HistoryCoverageEntry[] = COVERAGE;
    const view = renderCard({
      'GET /api/history/coverage': () => ok(stored),
      'POST /api/history/import': () => {
        stored = [
          ...COVERAGE,
          {
            symbol: 'INFY',
            interval: 'day',
            first: '2026-11-01T18:30:00.000Z',
            last: '2026-11-02T18:30:00.000Z',
            count: 2,
          },
        ];
        return ok({ format: 'ohlcv', interval: 'day', imported: 2, skipped: 0, symbols: ['INFY'] });
      },
    });
    await screen.findByRole('table', { name: 'Stored candles' });
    await view.user.upload(screen.getByLabelText('CSV file'), csvFile(DAILY_CSV));
    await view.user.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('Imported 2 bars of INFY.')).toBeInTheDocument();
    const infy = within(await waitFor(() => rowOf('INFY')));
    expect(infy.getByText('3 Nov 2026')).toBeInTheDocument();
    expect(infy.getByText('2')).toBeInTheDocument();
  });

  it('says how many bhavcopy rows were skipped, and sends no interval', async () => {
    const view = renderCard({
      'POST /api/history/import': ok({
        format: 'nse-bhavcopy',
        interval: 'day',
        imported: 48,
        skipped: 2_310,
        symbols: ['INFY', 'RELIANCE', 'TCS'],
      }),
    });
    await view.user.selectOptions(await screen.findByLabelText('Format'), 'NSE bhavcopy');
    await view.user.upload(screen.getByLabelText('CSV file'), csvFile('SYMBOL,SERIES\n', 'cm.csv'));
    await view.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText(
        'Imported 48 bars of INFY, RELIANCE, TCS. Skipped 2,310 rows of other series or stocks.',
      ),
    ).toBeInTheDocument();
    expect(view.requests.find((r) => r.path === '/api/history/import')?.body).toEqual({
      format: 'nse-bhavcopy',
      csv: 'SYMBOL,SERIES\n',
    });
  });

  it('refuses a file over the limit in the browser with the server sentence, sending nothing', async () => {
    const view = renderCard();
    const big = csvFile('x');
    Object.defineProperty(big, 'size', { value: HISTORY_IMPORT_MAX_BYTES + 1 });
    await view.user.upload(await screen.findByLabelText('CSV file'), big);
    await view.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(HISTORY_IMPORT_TOO_LARGE)).toBeInTheDocument();
    expect(view.requests.some((r) => r.path === '/api/history/import')).toBe(false);
  });

  it('keeps Import disabled while the file is on its way', async () => {
    const view = renderCard({ 'POST /api/history/import': { hang: true } });
    await view.user.upload(await screen.findByLabelText('CSV file'), csvFile(DAILY_CSV));
    await view.user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Import/ })).toBeDisabled());
  });

  it('shows the standard sentence when the server cannot be reached', async () => {
    const view = renderCard({ 'POST /api/history/import': NETWORK_DOWN });
    await view.user.upload(await screen.findByLabelText('CSV file'), csvFile(DAILY_CSV));
    await view.user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The server could not be reached. Please try again.')).toBeInTheDocument();
  });
});
