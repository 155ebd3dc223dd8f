import type { HttpError } from '../../../core/errors';
import { SqlHistoricalCandlesRepository } from '../../../storage/sql/historical-candles-repository';
import { sqlUnitOfWork } from '../../../storage/sql/unit-of-work';
import { openDatabase } from '../../../storage/sqlite/database';
import { HistoryStore } from './history-import';

// Monday 2026-01-05, an NSE trading day.
const DAY = '2026-01-05';
const OPEN = Date.parse(`${DAY}T09:15:00+05:30`);

function store() {
  const db = openDatabase(':memory:');
  return new HistoryStore({ candles: new SqlHistoricalCandlesRepository(db), unitOfWork: sqlUnitOfWork(db) });
}

async function refusal(
  run: () => Promise<unknown>,
): Promise<HttpError & { extra: { problems: { line: number; message: string }[] } }> {
  try {
    await run();
  } catch (error) {
    return error as never;
  }
  throw new Error('the import was not refused');
}

const HEADER = 'symbol,timestamp,open,high,low,close,volume';

describe('importing one-minute OHLCV bars', () => {
  it('stores rupees as exact paise, with or without an offset on the timestamp', async () => {
    const history = store();
    const result = await history.importCsv({
      format: 'ohlcv',
      interval: '1minute',
      csv: [
        HEADER,
        `RELIANCE,${DAY}T09:15:00+05:30,1234.5,1236.07,1233.1,1235.29,1200`,
        `RELIANCE,${DAY} 09:16,1235.29,1235.29,1234,1234.01,900`,
        `tcs,${DAY}T03:47:00Z,4100,4100.1,4099.9,4100.05,10`,
        '',
      ].join('\n'),
    });
    expect(result).toEqual({
      format: 'ohlcv',
      interval: '1minute',
      imported: 3,
      skipped: 0,
      symbols: ['RELIANCE', 'TCS'],
    });
    const bars = history.bars({
      symbols: ['RELIANCE', 'TCS'],
      interval: '1minute',
      fromMs: OPEN,
      toMs: OPEN + 3_600_000,
    });
    expect(
      bars.map((b) => [b.symbol, (b.startMs - OPEN) / 60_000, b.open, b.high, b.low, b.close, b.volume]),
    ).toEqual([
      ['RELIANCE', 0, 123_450, 123_607, 123_310, 123_529, 1200],
      ['RELIANCE', 1, 123_529, 123_529, 123_400, 123_401, 900],
      ['TCS', 2, 410_000, 410_010, 409_990, 410_005, 10],
    ]);
    // 0.29 and 0.07 are not exact in binary: read as text they still land on whole paise.
    expect(bars.every((b) => Number.isInteger(b.close))).toBe(true);
  });

  it.each([
    [
      'a price with three decimals',
      `INFY,${DAY} 09:15,1500.123,1501,1499,1500,10`,
      'open "1500.123" is not a price',
    ],
    ['a price written as words', `INFY,${DAY} 09:15,abc,1501,1499,1500,10`, 'open "abc" is not a price'],
    ['a negative volume', `INFY,${DAY} 09:15,1500,1501,1499,1500,-5`, 'volume "-5" is not a whole number'],
    ['high below low', `INFY,${DAY} 09:15,1500,1499,1501,1500,10`, 'high 1499 is below low 1501'],
    [
      'close above high',
      `INFY,${DAY} 09:15,1500,1501,1499,1502,10`,
      'close 1502 is outside high 1501 – low 1499',
    ],
    ['an unknown symbol', `NOTASTOCK,${DAY} 09:15,1500,1501,1499,1500,10`, 'unknown symbol NOTASTOCK'],
    [
      'a bar before the open',
      `INFY,${DAY} 09:14,1500,1501,1499,1500,10`,
      'timestamp "2026-01-05 09:14" is outside the session',
    ],
    [
      'a bar at the close',
      `INFY,${DAY} 15:30,1500,1501,1499,1500,10`,
      'timestamp "2026-01-05 15:30" is outside the session',
    ],
    ['a Saturday', 'INFY,2026-01-03 10:00,1500,1501,1499,1500,10', '2026-01-03 is not an NSE trading day'],
    ['a holiday', 'INFY,2026-01-26 10:00,1500,1501,1499,1500,10', '2026-01-26 is not an NSE trading day'],
    [
      'a bad timestamp',
      'INFY,05/01/2026 10:00,1500,1501,1499,1500,10',
      'timestamp "05/01/2026 10:00" is not ISO 8601',
    ],
    [
      'a date that does not exist',
      'INFY,2026-02-30T10:00:00+05:30,1500,1501,1499,1500,10',
      'timestamp "2026-02-30T10:00:00+05:30" is not ISO 8601',
    ],
    [
      'a bar off the minute',
      `INFY,${DAY} 10:00:30,1500,1501,1499,1500,10`,
      'timestamp "2026-01-05 10:00:30" is not on a whole minute',
    ],
  ])('refuses the whole file for %s, naming the line', async (_case, row, message) => {
    const history = store();
    const error = await refusal(() =>
      history.importCsv({
        format: 'ohlcv',
        interval: '1minute',
        csv: [HEADER, `INFY,${DAY} 09:20,1500,1501,1499,1500,10`, row].join('\n'),
      }),
    );
    expect(error.statusCode).toBe(422);
    expect(error.message).toContain(`line 3: ${message}`);
    expect(error.extra.problems).toEqual([{ line: 3, message: expect.stringContaining(message) }]);
    expect(history.coverage()).toEqual([]);
  });

  it('refuses a duplicate row, pointing at the first one, and lists every refused line', async () => {
    const history = store();
    const error = await refusal(() =>
      history.importCsv({
        format: 'ohlcv',
        interval: '1minute',
        csv: [
          HEADER,
          `INFY,${DAY} 09:20,1500,1501,1499,1500,10`,
          `INFY,${DAY} 09:21,1500,1499,1501,1500,10`,
          `INFY,${DAY}T09:20:00+05:30,1500,1501,1499,1500,10`,
        ].join('\n'),
      }),
    );
    expect(error.extra.problems.map((p) => p.line)).toEqual([3, 4]);
    expect(error.extra.problems[1]!.message).toContain('duplicate row: line 2 already has INFY');
    expect(error.message).toContain('and 1 more refused lines');
  });

  it('refuses a header without the needed columns', async () => {
    const error = await refusal(() =>
      store().importCsv({
        format: 'ohlcv',
        interval: 'day',
        csv: 'symbol,date,open,close\nINFY,2026-01-05,1,1',
      }),
    );
    expect(error.message).toContain(
      'line 1: the header must name symbol,timestamp,open,high,low,close,volume; missing: high, low, volume',
    );
  });

  it('keeps a daily bar at its IST midnight and replaces it when imported again', async () => {
    const history = store();
    const csv = (close: string) => `${HEADER}\nHDFCBANK,${DAY},950,960,940,${close},100000`;
    await history.importCsv({ format: 'ohlcv', interval: 'day', csv: csv('955.5') });
    await history.importCsv({ format: 'ohlcv', interval: 'day', csv: csv('956') });
    expect(history.coverage()).toEqual([
      {
        symbol: 'HDFCBANK',
        interval: 'day',
        first: '2026-01-04T18:30:00.000Z',
        last: '2026-01-04T18:30:00.000Z',
        count: 1,
      },
    ]);
    const [bar] = history.bars({ symbols: ['HDFCBANK'], interval: 'day', fromMs: 0, toMs: OPEN });
    expect(bar).toMatchObject({ close: 95_600, source: 'csv' });
  });
});

describe('importing an NSE bhavcopy', () => {
  it('takes the EQ rows of catalogue stocks from the legacy CM file and passes over the rest', async () => {
    const history = store();
    const result = await history.importCsv({
      format: 'nse-bhavcopy',
      csv: [
        'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,',
        'RELIANCE,EQ,1520.10,1534.00,1515.25,1530.45,1531.00,1518.90,8123456,12398765432.1,05-JAN-2026,201234,INE002A01018,',
        'RELIANCE,BL,1520.00,1520.00,1520.00,1520.00,1520.00,1518.90,5000,7600000,05-JAN-2026,1,INE002A01018,',
        '20MICRONS,EQ,200.00,205.00,199.00,204.00,204.00,199.50,12345,2500000,05-JAN-2026,300,INE144J01027,',
      ].join('\n'),
    });
    expect(result).toEqual({
      format: 'nse-bhavcopy',
      interval: 'day',
      imported: 1,
      skipped: 2,
      symbols: ['RELIANCE'],
    });
    expect(history.bars({ symbols: ['RELIANCE'], interval: 'day', fromMs: 0, toMs: OPEN })).toEqual([
      {
        symbol: 'RELIANCE',
        interval: 'day',
        startMs: Date.parse('2026-01-05T00:00:00+05:30'),
        open: 152_010,
        high: 153_400,
        low: 151_525,
        close: 153_045,
        volume: 8_123_456,
        source: 'csv',
      },
    ]);
  });

  it('reads the UDiFF layout NSE has published since July 2024', async () => {
    const history = store();
    const result = await history.importCsv({
      format: 'nse-bhavcopy',
      csv: [
        'TradDt,BizDt,Sgmt,Src,FinInstrmTp,FinInstrmId,ISIN,TckrSymb,SctySrs,XpryDt,FininstrmActlXpryDt,StrkPric,OptnTp,FinInstrmNm,OpnPric,HghPric,LwPric,ClsPric,LastPric,PrvsClsgPric,UndrlygPric,SttlmPric,OpnIntrst,ChngInOpnIntrst,TtlTradgVol,TtlTrfVal,TtlNbOfTxsExctd,SsnId,NewBrdLotQty,Rmks,Rsvd1,Rsvd2,Rsvd3,Rsvd4',
        '2026-01-05,2026-01-05,CM,NSE,STK,2885,INE002A01018,RELIANCE,EQ,,,,,RELIANCE INDUSTRIES LTD,1520.10,1534.00,1515.25,1530.45,1531.00,1518.90,,1530.45,,,8123456,12398765432.10,201234,F1,1,,,,,',
      ].join('\n'),
    });
    expect(result).toMatchObject({ imported: 1, skipped: 0, symbols: ['RELIANCE'] });
  });

  it('refuses an EQ row of a catalogue stock with a bad price, naming its line', async () => {
    const error = await refusal(() =>
      store().importCsv({
        format: 'nse-bhavcopy',
        csv: 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,TOTTRDQTY,TIMESTAMP\nTCS,EQ,4100,4050,4120,4100,10,05-JAN-2026',
      }),
    );
    expect(error.message).toContain('line 2: high 4050 is below low 4120');
  });

  it('says so when no row is an EQ row of a catalogue stock', async () => {
    const error = await refusal(() =>
      store().importCsv({
        format: 'nse-bhavcopy',
        csv: 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,TOTTRDQTY,TIMESTAMP\n20MICRONS,EQ,200,205,199,204,10,05-JAN-2026',
      }),
    );
    expect(error.message).toBe(
      'Nothing was imported: the file has no EQ rows of stocks in the instruments list.',
    );
  });
});

describe('a large file', () => {
  it('lets the event loop run other work while the file is read, and stores every row', async () => {
    const rows: string[] = [];
    // Every trading day of 5–30 January 2026 (15 and 26 January are holidays): 18 days, 6,750 bars.
    const days = Array.from({ length: 26 }, (_, i) => `2026-01-${String(5 + i).padStart(2, '0')}`).filter(
      (day) =>
        ![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()) &&
        !['2026-01-15', '2026-01-26'].includes(day),
    );
    for (const day of days) {
      for (let minute = 0; minute < 375; minute++) {
        const at = Date.parse(`${day}T09:15:00+05:30`) + minute * 60_000;
        rows.push(`RELIANCE,${new Date(at).toISOString()},1234.50,1236.07,1233.10,1235.29,1200`);
      }
    }
    const history = store();
    let otherWorkRan = false;
    setImmediate(() => {
      otherWorkRan = true;
    });
    const imported = history.importCsv({
      format: 'ohlcv',
      interval: '1minute',
      csv: [HEADER, ...rows].join('\r\n'),
    });
    const result = await imported;
    expect(otherWorkRan).toBe(true);
    expect(result.imported).toBe(6_750);
  });

  it('numbers lines as an editor does, past a byte-order mark, Windows line ends and blank lines', async () => {
    const error = await refusal(() =>
      store().importCsv({
        format: 'ohlcv',
        interval: '1minute',
        csv: `\uFEFF${HEADER}\r\nINFY,${DAY} 09:20,1500,1501,1499,1500,10\r\n\r\nINFY,${DAY} 09:21,1500,1501,1499,1502,10\r\n`,
      }),
    );
    expect(error.extra.problems).toEqual([
      { line: 4, message: 'close 1502 is outside high 1501 – low 1499' },
    ]);
  });
});
