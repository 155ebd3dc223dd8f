import { buildTestApp, signInForTest } from '../../test-support';

it('acknowledges an Emergency Stop with 1,000 pending paper orders within a second, all of them cancelled', async () => {
  const testApp = await buildTestApp();
  try {
    const { headers } = await signInForTest(testApp);
    const { trading, market, ledger } = testApp.services;
    const symbols = market.instruments.slice(0, 40).map((instrument) => instrument.symbol);
    for (let i = 0; i < 1000; i++) {
      const symbol = symbols[i % symbols.length]!;
      const limitPrice = Math.max(5, Math.floor((market.lastPrice(symbol)! * 0.5) / 5) * 5);
      trading.placeOrder({
        account: 'paper',
        symbol,
        side: 'BUY',
        type: 'LIMIT',
        quantity: 1,
        limitPrice,
        strategy: 'manual',
      });
    }
    expect(ledger.orders({ account: 'paper', status: 'PENDING', limit: 2000, offset: 0 }).total).toBe(1000);

    const started = performance.now();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/risk/emergency-stop',
      headers,
      payload: { reason: 'Speed check', close_positions: false },
    });
    const elapsedMs = performance.now() - started;
    expect(response.json().data).toMatchObject({ halted: true, cancelled_orders: 1000 });
    expect(elapsedMs).toBeLessThan(1000);
    expect(ledger.orders({ account: 'paper', status: 'PENDING', limit: 10, offset: 0 }).total).toBe(0);
  } finally {
    await testApp.close();
  }
});
