import { reply } from '@td/platform/test-support';
import { screen, waitFor } from '@testing-library/react';
import { EXPORT, ok, renderTrades, tradeQueries } from './trades-test-data';

// jsdom has no object URLs and does not navigate; the saved file is seen through these.
let saved: { href: string; download: string }[];
let createObjectURL: jest.Mock;
let revokeObjectURL: jest.Mock;

beforeEach(() => {
  saved = [];
  createObjectURL = jest.fn(() => 'blob:http://host.test/trades');
  revokeObjectURL = jest.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => jest.restoreAllMocks());

/** The test server answers with JSON only; give its replies a body the client can read as a file. */
function withFileBodies(fetchImpl: jest.Mock) {
  const answer = fetchImpl.getMockImplementation()!;
  fetchImpl.mockImplementation(async (...args: unknown[]) => {
    const response = await answer(...args);
    return { ...response, blob: async () => new Blob([String(await response.json())], { type: 'text/csv' }) };
  });
}

const CSV = 'Trade ID,Time,Symbol\r\n01a201b1,2026-11-20T05:19:25.937Z,TCS\r\n';

describe('trading history: Export CSV', () => {
  it('asks the server for every trade with the current filters, without paging, and saves the file', async () => {
    const view = renderTrades({ replies: { [EXPORT]: reply(200, CSV) } });
    withFileBodies(view.fetchImpl);
    const { user, requests, notify } = view;
    await screen.findByText('Showing 4 of 4 trades');
    await user.click(screen.getByRole('tab', { name: 'Completed' }));
    await user.selectOptions(screen.getByLabelText('Time range'), 'Month');
    await user.type(screen.getByLabelText('Search'), 'tcs');
    await waitFor(() => expect(tradeQueries(requests).at(-1)).toMatchObject({ search: 'tcs' }));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(tradeQueries(requests, '/api/trades/export')).toEqual([
      { status: 'FILLED', range: '30d', search: 'tcs' },
    ]);
    const exportCall = requests.find((request) => request.path === '/api/trades/export')!;
    expect(exportCall.headers.Authorization).toBe('Bearer test-session-token');
    expect(saved[0]).toEqual({
      href: 'blob:http://host.test/trades',
      download: expect.stringMatching(/^trades-\d{4}-\d{2}-\d{2}\.csv$/),
    });
    const blob = createObjectURL.mock.calls[0][0] as Blob;
    expect(blob.type).toBe('text/csv');
    expect(notify).toHaveBeenCalledWith('success', `Trades saved as ${saved[0]!.download}`);
  });

  it('says why when the export fails, and saves nothing', async () => {
    const view = renderTrades({
      replies: {
        [EXPORT]: reply(400, { success: false, error: 'Invalid range: range must be today, 1d, 7d' }),
      },
    });
    withFileBodies(view.fetchImpl);
    await screen.findByText('Showing 4 of 4 trades');
    await view.user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(view.notify).toHaveBeenCalledWith(
        'error',
        'Export failed: Invalid range: range must be today, 1d, 7d',
      ),
    );
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('exports the whole history when no filter is set', async () => {
    const view = renderTrades({ replies: { [EXPORT]: ok('unused') } });
    withFileBodies(view.fetchImpl);
    await screen.findByText('Showing 4 of 4 trades');
    await view.user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(tradeQueries(view.requests, '/api/trades/export')).toEqual([{ status: 'all', range: 'all' }]);
  });
});
