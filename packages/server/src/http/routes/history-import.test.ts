import { historyCoverageSchema, historyImportRefusalSchema, historyImportResultSchema } from '@td/contracts';
import { closeHistoryApp, coverage, HEADER, importCsv, start, testApp } from './test-support/history-app';

afterEach(closeHistoryApp);

describe('POST /api/history/import and GET /api/history/coverage', () => {
  beforeEach(() => start());

  it('imports one-minute bars and shows what is stored per symbol', async () => {
    const reply = await importCsv({
      format: 'ohlcv',
      interval: '1minute',
      csv: `${HEADER}\nINFY,2026-01-02 09:15,1600.5,1602,1600,1601.25,500\nINFY,2026-01-02T09:16:00+05:30,1601.25,1601.25,1599.95,1600,300\n`,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual({
      format: 'ohlcv',
      interval: '1minute',
      imported: 2,
      skipped: 0,
      symbols: ['INFY'],
    });
    // The browser reads both replies through these schemas (packages/api-client/src/history.ts).
    expect(historyImportResultSchema.safeParse(reply.json().data).success).toBe(true);
    expect(historyCoverageSchema.safeParse(await coverage()).success).toBe(true);
    expect(await coverage()).toEqual([
      {
        symbol: 'INFY',
        interval: '1minute',
        first: '2026-01-02T03:45:00.000Z',
        last: '2026-01-02T03:46:00.000Z',
        count: 2,
      },
    ]);
  });

  it('imports an NSE bhavcopy as daily bars without an interval', async () => {
    const reply = await importCsv({
      format: 'nse-bhavcopy',
      csv: 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN\nTCS,EQ,4100,4150,4080,4120.5,4121,4090,1500000,6180000000,02-JAN-2026,90000,INE467B01029',
    });
    expect(reply.json().data).toMatchObject({ interval: 'day', imported: 1, symbols: ['TCS'] });
    expect(await coverage()).toEqual([
      {
        symbol: 'TCS',
        interval: 'day',
        first: '2026-01-01T18:30:00.000Z',
        last: '2026-01-01T18:30:00.000Z',
        count: 1,
      },
    ]);
  });

  it('refuses a file with a bad row with 422, its line and sentence, and stores nothing', async () => {
    const reply = await importCsv({
      format: 'ohlcv',
      interval: '1minute',
      csv: `${HEADER}\nINFY,2026-01-02 09:15,1600,1602,1600,1601,500\nINFY,2026-01-02 09:16,1600,1598,1601,1600,300`,
    });
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toMatchObject({
      success: false,
      code: 'history_rows_refused',
      error: 'Nothing was imported: line 3: high 1598 is below low 1601. Fix the file and import it again.',
      problems: [{ line: 3, message: 'high 1598 is below low 1601' }],
      refusedLines: 1,
    });
    expect(historyImportRefusalSchema.safeParse(reply.json()).success).toBe(true);
    expect(await coverage()).toEqual([]);
  });

  it.each([
    [{ interval: 'day', csv: 'x' }, 'Invalid format: format must be one of ohlcv, nse-bhavcopy'],
    [
      { format: 'excel', interval: 'day', csv: 'x' },
      'Invalid format: format must be one of ohlcv, nse-bhavcopy',
    ],
    [
      { format: 'ohlcv', csv: 'x' },
      'Invalid interval: interval is required for the ohlcv format: 1minute or day',
    ],
    [
      { format: 'ohlcv', interval: '5minute', csv: 'x' },
      'Invalid interval: interval must be one of 1minute, day',
    ],
    [
      { format: 'nse-bhavcopy', interval: '1minute', csv: 'x' },
      'Invalid interval: an NSE bhavcopy holds daily bars',
    ],
    [{ format: 'ohlcv', interval: 'day' }, 'Invalid csv: csv is required'],
    [{ format: 'ohlcv', interval: 'day', csv: '' }, 'Invalid csv: csv is empty'],
  ])('answers 400 with a sentence for %j', async (payload, message) => {
    const reply = await importCsv(payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error).toContain(message);
  });

  it('answers 422 for a file with a header only', async () => {
    const reply = await importCsv({ format: 'ohlcv', interval: 'day', csv: HEADER });
    expect(reply.statusCode).toBe(422);
    expect(reply.json().error).toContain('line 1: the file has a header but no rows');
  });

  it('accepts a file above the default body limit, up to its own', async () => {
    const row = 'RELIANCE,2026-01-02 09:15,1234.5,1236.07,1233.1,1235.29,1200\n';
    const csv = `${HEADER}\n${row.repeat(Math.ceil((300 * 1024) / row.length))}`;
    const reply = await importCsv({ format: 'ohlcv', interval: '1minute', csv });
    // Read whole, and refused for its duplicates rather than for its size.
    expect(reply.statusCode).toBe(422);
    expect(reply.json().error).toContain('line 3: duplicate row: line 2 already has RELIANCE');
  });

  it('requires a session for every history route', async () => {
    for (const [method, url] of [
      ['POST', '/api/history/import'],
      ['GET', '/api/history/coverage'],
      ['POST', '/api/history/fetch'],
    ] as const) {
      const reply = await testApp.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(reply.statusCode).toBe(401);
    }
  });
});
