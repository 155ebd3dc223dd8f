import { MAX_LIMIT_PRICE_RUPEES } from '@td/contracts';
import { brokenInvariants } from '../../engines/broker/ledger/test-support/ledger-invariants';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';

// Numbers far outside what a trader could mean are refused at the door with a sentence naming the
// field and its range, and never reach the ledger (where they came back as 500s).

let testApp: TestApp;
let headers: { authorization: string };

beforeEach(async () => {
  testApp = await buildTestApp();
  ({ headers } = await signInForTest(testApp));
});
afterEach(() => testApp.close());

const post = (url: string, payload: object) => testApp.app.inject({ method: 'POST', url, headers, payload });

const limitBuy = (limit_price: unknown, quantity: unknown = 1) => ({
  symbol: 'TCS',
  side: 'BUY',
  type: 'LIMIT',
  quantity,
  limit_price,
});

describe('out-of-range numbers in orders and amounts', () => {
  it.each([
    ['a limit price of ₹1e16', limitBuy(1e16), /limit_price is at most ₹10,00,000 a share/],
    ['a limit price just above the ceiling', limitBuy(MAX_LIMIT_PRICE_RUPEES + 0.05), /at most ₹10,00,000/],
    ['a limit price as exponent text', limitBuy('1e16'), /limit_price must be a number/],
    [
      'a quantity in hex, which Number() reads as 16',
      { symbol: 'TCS', side: 'BUY', quantity: '0x10' },
      /quantity must be a number/,
    ],
    ['a limit price below one tick', limitBuy(1e-9), /limit_price must be at least ₹0.05/],
    ['the largest order at a huge price', limitBuy(1e9, 1_000_000), /limit_price is at most/],
    ['a quantity of 1e12', { symbol: 'TCS', side: 'BUY', quantity: 1e12 }, /quantity is at most 10,00,000/],
    ['an unsafe quantity', { symbol: 'TCS', side: 'SELL', quantity: 2 ** 60 }, /Invalid quantity/],
  ])('refuses %s with 400 and the range', async (_label, payload, message) => {
    const response = await post('/api/orders', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(message);
  });

  it('accepts the largest order the bounds allow without a 5xx, and keeps the ledger whole', async () => {
    for (const side of ['BUY', 'SELL']) {
      const response = await post('/api/orders', {
        symbol: 'TCS',
        side,
        type: 'LIMIT',
        quantity: 1_000_000,
        limit_price: MAX_LIMIT_PRICE_RUPEES,
      });
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(brokenInvariants(testApp.services.db, testApp.services.ledger, 'paper')).toEqual([]);
  });

  it('refuses a balance of 5e-324, which would set the cash to ₹0, and keeps the cash', async () => {
    const overview = () => testApp.app.inject({ method: 'GET', url: '/api/trading/paper/overview', headers });
    const before = (await overview()).json().data.available_balance;
    for (const balance of [5e-324, '5e-324', 0.001]) {
      const response = await post('/api/trading/paper/balance', { balance });
      expect({ balance, status: response.statusCode }).toEqual({ balance, status: 400 });
    }
    expect((await overview()).json().data.available_balance).toBe(before);
  });

  it.each([
    ['/api/trading/paper/balance', { balance: 1e16 }, /at most ₹1,00,00,00,00,000/],
    ['/api/trading/paper-limits', { max_position_size: 1e16 }, /max_position_size is at most/],
  ])('refuses a huge amount sent to %s with 400', async (url, body, message) => {
    const limits = (
      await testApp.app.inject({ method: 'GET', url: '/api/trading/paper-limits', headers })
    ).json().data;
    const response = await post(url, url.endsWith('limits') ? { ...limits, ...body } : body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(message);
  });

  it.each([
    ['stt_rate', 6e-323, /stt_rate can have at most 10 decimal places/],
    ['max_portfolio_exposure', 1e-300, /max_portfolio_exposure can have at most 10 decimal places/],
    ['transaction_charges', 0.1 + 0.2, /transaction_charges can have at most 10 decimal places/],
    ['brokerage_per_trade', 20.001, /brokerage_per_trade is rupees with at most 2 decimal places/],
  ])(
    'refuses a %s of %p that the charges maths cannot hold exactly, and the overview still answers',
    async (field, value, message) => {
      const limits = (
        await testApp.app.inject({ method: 'GET', url: '/api/trading/paper-limits', headers })
      ).json().data;
      const response = await post('/api/trading/paper-limits', { ...limits, [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(message);
      const overview = await testApp.app.inject({
        method: 'GET',
        url: '/api/trading/paper/overview',
        headers,
      });
      expect(overview.statusCode).toBe(200);
    },
  );
});
