import { reply } from '@td/platform/test-support';
import { screen, waitFor } from '@testing-library/react';
import { AUDIT_EXPORT, renderTrades } from './trades-test-data';

// jsdom has no object URLs and does not navigate; the saved file is seen through these.
let saved: { href: string; download: string }[];

beforeEach(() => {
  saved = [];
  Object.assign(URL, {
    createObjectURL: jest.fn(() => 'blob:http://host.test/audit'),
    revokeObjectURL: jest.fn(),
  });
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

const CSV = 'Time (IST),Order ID,Account,Origin\r\n2026-11-20 10:49:25 IST,01a2,paper,loop\r\n';
const auditQueries = (requests: { path: string; query: string }[]) =>
  requests
    .filter((request) => request.path === '/api/audit/orders')
    .map((request) => Object.fromEntries(new URLSearchParams(request.query)));

async function chooseRange(user: ReturnType<typeof renderTrades>['user'], from: string, to: string) {
  const fromField = await screen.findByLabelText('From');
  const toField = screen.getByLabelText('To');
  await user.clear(fromField);
  await user.type(fromField, from);
  await user.clear(toField);
  await user.type(toField, to);
}

describe('trading history: Export audit trail', () => {
  it('downloads the audit trail for the chosen IST days', async () => {
    const view = renderTrades({ replies: { [AUDIT_EXPORT]: reply(200, CSV) } });
    withFileBodies(view.fetchImpl);
    await chooseRange(view.user, '2026-04-01', '2026-06-30');
    await view.user.click(screen.getByRole('button', { name: 'Export audit trail' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(auditQueries(view.requests)).toEqual([{ from: '2026-04-01', to: '2026-06-30' }]);
    expect(saved[0]!.download).toBe('order-audit-2026-04-01-to-2026-06-30.csv');
    expect(view.notify).toHaveBeenCalledWith(
      'success',
      'Audit trail saved as order-audit-2026-04-01-to-2026-06-30.csv',
    );
  });

  it('says what is wrong with a backwards range and asks the server nothing', async () => {
    const view = renderTrades();
    await chooseRange(view.user, '2026-06-30', '2026-04-01');
    await view.user.click(screen.getByRole('button', { name: 'Export audit trail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'From must be on or before to: swap the two dates.',
    );
    expect(auditQueries(view.requests)).toEqual([]);
    expect(saved).toEqual([]);
  });

  it('refuses a range of more than a year', async () => {
    const view = renderTrades();
    await chooseRange(view.user, '2025-01-01', '2026-06-30');
    await view.user.click(screen.getByRole('button', { name: 'Export audit trail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The range is more than 366 days: export a year at a time.',
    );
    expect(auditQueries(view.requests)).toEqual([]);
  });

  it('says why when the server refuses the export', async () => {
    const view = renderTrades({
      replies: { [AUDIT_EXPORT]: reply(503, { success: false, error: 'Trading service not connected' }) },
    });
    withFileBodies(view.fetchImpl);
    await chooseRange(view.user, '2026-04-01', '2026-04-30');
    await view.user.click(screen.getByRole('button', { name: 'Export audit trail' }));
    await waitFor(() =>
      expect(view.notify).toHaveBeenCalledWith('error', 'Export failed: Trading service not connected'),
    );
    expect(saved).toEqual([]);
  });
});
