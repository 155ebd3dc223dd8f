import { validateSessionResponseSchema } from './auth';
import { okEnvelope } from './envelope';
import {
  marketOverviewReply,
  portfolioOverviewReply,
  tradingModeChangeReply,
  tradingModeReply,
  validateSessionReply,
} from './first-figures-replies';
import { haltStateReply } from './halt-reply';
import { indexQuoteSchema, marketOverviewSchema } from './market';
import type { ReplyCheck } from './reply-reader';
import { haltStateSchema } from './safety';
import { portfolioOverviewResponseSchema } from './shell';
import { tradingModeChangeSchema, tradingModeStateSchema } from './trading-mode';

type Json = Record<string, unknown>;

/** The reply with one field (a dotted path) set to `value`, or removed when `value` is undefined. */
function withField(reply: Json, path: string, value: unknown): Json {
  const copy = structuredClone(reply);
  const keys = path.split('.');
  const last = keys.pop() as string;
  let target = copy;
  for (const key of keys) target = target[key] as Json;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

/** Every field set to each wrong kind of value, removed, and an unknown key added beside it. */
function variants(reply: Json, paths: string[]): Json[] {
  const wrong = [undefined, null, 'text', 1.5, 2, -1, true, [], {}, Number.MAX_SAFE_INTEGER + 2];
  return [
    reply,
    { ...reply, unknown_key: 1 },
    ...paths.flatMap((path) => wrong.map((value) => withField(reply, path, value))),
    ...paths.map((path) => withField(reply, `${path}_extra`, 'x')),
  ];
}

function expectSameVerdicts<T>(check: ReplyCheck<T>, schema: ReplyCheck<T>, samples: unknown[]) {
  for (const sample of samples) {
    const ours = check.safeParse(sample);
    const zods = schema.safeParse(sample);
    expect({ sample, success: ours.success }).toEqual({ sample, success: zods.success });
    if (ours.success && zods.success) expect(ours.data).toEqual(zods.data);
  }
}

const portfolio = {
  success: true,
  data: {
    portfolio_value: 1_250_000.5,
    total_value: 1_250_000.5,
    day_change: -1200,
    day_change_percent: -0.1,
    active_positions: 4,
    total_returns: 25_000,
    total_returns_percent: 2,
    available_balance: 500_000,
    invested_amount: 750_000,
  },
  trading_mode: 'paper',
  trading_mode_label: 'Paper Trading',
};

const quote = { value: 24_000, previous_close: 23_900, change: 100, change_percent: 0.42 };
const market = {
  success: true,
  data: {
    indices: { NIFTY_50: quote, SENSEX: null, BANK_NIFTY: quote },
    source: 'simulator',
    simulated: true,
    as_of: '2026-11-26T09:15:00.000Z',
  },
};

const session = {
  success: true,
  user: { email: 'trader@example.com', name: 'Trader' },
  expires_at: '2026-11-27T09:15:00.000Z',
};

describe('zod-free checks of the replies the first paint waits on', () => {
  it('read the portfolio overview exactly as its zod schema does', () => {
    const fields = [
      'success',
      'trading_mode',
      'trading_mode_label',
      'data',
      ...Object.keys(portfolio.data).map((key) => `data.${key}`),
    ];
    expectSameVerdicts(portfolioOverviewReply, portfolioOverviewResponseSchema, [
      ...variants(portfolio, fields),
      withField(portfolio, 'trading_mode', 'live'),
      withField(portfolio, 'trading_mode', 'real'),
      'not an object',
      null,
    ]);
  });

  it('read the market overview exactly as its zod schema does, every index present', () => {
    const fields = [
      'success',
      'data',
      'data.indices',
      'data.source',
      'data.simulated',
      'data.as_of',
      'data.indices.NIFTY_50',
      'data.indices.SENSEX',
      // Every field the quote's schema has, so a reader that drifts on any of them is caught.
      ...Object.keys(indexQuoteSchema.shape).map((key) => `data.indices.NIFTY_50.${key}`),
    ];
    expectSameVerdicts(marketOverviewReply, okEnvelope(marketOverviewSchema), [
      ...variants(market, fields),
      withField(market, 'data.indices.NIFTY_MIDCAP', quote),
      [],
    ]);
  });

  it('read the halt state exactly as its zod schema does, defaults included', () => {
    const halt = {
      success: true,
      data: {
        halted: true,
        reason: 'Feed looks wrong',
        source: 'circuit_breaker',
        breaker: 'volatility',
        by: 'circuit breaker',
        at: '2026-11-26T09:15:00.000Z',
        cancelled_orders: 2,
        filled_orders: 1,
        chasing_orders: 0,
        closed_positions: 3,
        resumed_at: null,
        resumed_by: null,
        resume_reason: null,
        refusal: 'Trading is halted.',
      },
    };
    const fields = ['success', 'data', ...Object.keys(haltStateSchema.shape).map((key) => `data.${key}`)];
    expectSameVerdicts(haltStateReply, okEnvelope(haltStateSchema), [
      ...variants(halt, fields),
      withField(halt, 'data.source', 'manual'),
      withField(halt, 'data.breaker', 'liquidity'),
      withField(halt, 'data.source', 'automatic'),
    ]);
  });

  it('read the trading mode and a mode change exactly as their zod schemas do', () => {
    const mode = {
      success: true,
      data: {
        trading_mode: 'live',
        trading_mode_label: 'Live Trading',
        live_available: true,
        live_unavailable_reason: null,
        live_allowed_until: '2026-11-26T22:00:00.000Z',
      },
    };
    expectSameVerdicts(tradingModeReply, okEnvelope(tradingModeStateSchema), [
      ...variants(mode, [
        'success',
        'data',
        ...Object.keys(tradingModeStateSchema.shape).map((k) => `data.${k}`),
      ]),
      withField(mode, 'data.trading_mode', 'real'),
      withField(mode, 'data.trading_mode', 'mock'),
    ]);
    const change = { success: true, data: { current_mode: 'paper', current_mode_label: 'Paper Trading' } };
    expectSameVerdicts(tradingModeChangeReply, okEnvelope(tradingModeChangeSchema), [
      ...variants(change, [
        'success',
        'data',
        ...Object.keys(tradingModeChangeSchema.shape).map((k) => `data.${k}`),
      ]),
      withField(change, 'data.current_mode', 'LIVE'),
    ]);
  });

  it('read the session check exactly as its zod schema does', () => {
    expectSameVerdicts(
      validateSessionReply,
      validateSessionResponseSchema,
      variants(session, ['success', 'user', 'user.email', 'user.name', 'user.username', 'expires_at']),
    );
  });

  it('refuse a malformed figure instead of passing it on', () => {
    expect(
      portfolioOverviewReply.safeParse(withField(portfolio, 'data.portfolio_value', '12,50,000')),
    ).toEqual({
      success: false,
    });
    expect(marketOverviewReply.safeParse(withField(market, 'data.indices.SENSEX', undefined))).toEqual({
      success: false,
    });
  });
});
