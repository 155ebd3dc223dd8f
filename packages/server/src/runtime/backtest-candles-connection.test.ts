import { CANDLES_STATEMENT_TIMEOUT_MS, candlesConnectionOptions } from './backtest-candles-connection';

describe('the backtest worker’s stored-candles connection', () => {
  it('lets PostgreSQL cancel a slow statement before the client gives the connection up', () => {
    const options = candlesConnectionOptions(undefined);
    expect(options.sessionSql).toBe(`SET statement_timeout = '${CANDLES_STATEMENT_TIMEOUT_MS}ms'`);
    expect(options.timeoutMs).toBeGreaterThan(CANDLES_STATEMENT_TIMEOUT_MS);
  });

  it('reads from the test schema, quoted as the migrations quote it, and refuses a name that is not one', () => {
    expect(candlesConnectionOptions('run_7').sessionSql).toMatch(/^SET search_path TO "run_7"; /);
    expect(() => candlesConnectionOptions('x"; DROP TABLE orders; --')).toThrow('Not a schema name');
  });
});
