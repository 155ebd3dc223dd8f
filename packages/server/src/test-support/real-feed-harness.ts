import type { FakeUpstoxOrders } from '../engines/broker/live/test-support/fake-upstox-orders';
import { findInstrument } from '../engines/market/instruments';
import type {
  FakeUpstoxFeedServer,
  ReceivedRequest,
} from '../engines/market/providers/upstox/test-support/fake-upstox-feed-server';
import { fullFrame, indexFrame } from '../engines/market/providers/upstox/test-support/upstox-frames';
import type { AppServices } from '../http/route-deps';

const DEPTH = [{ bidQ: 40, bidP: 0, askQ: 35, askP: 0 }];

/** Polls until `read` gives a value (real sockets and timers run underneath). */
export async function until<T>(read: () => T | null | undefined | false, what: string, timeoutMs = 10_000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const instrumentKey = (symbol: string) => findInstrument(symbol)!.instrumentKey;

/** Every key the fake feed was asked to subscribe in `mode`, across requests. */
export function subscribedKeys(requests: readonly ReceivedRequest[], mode: string): Set<string> {
  return new Set(
    requests
      .filter(
        (r) => (r.json.method === 'sub' || r.json.method === 'change_mode') && r.json.data.mode === mode,
      )
      .flatMap((r) => r.json.data.instrumentKeys),
  );
}

/** Sends one full-mode trade for a stock at `rupees`, stamped `at`, and waits until the pipeline has it. */
export async function feedTrade(
  feed: FakeUpstoxFeedServer,
  services: AppServices,
  symbol: string,
  rupees: number,
  at: number,
  previousClose = rupees,
): Promise<void> {
  const ltpc = { ltp: rupees, ltt: at, ltq: 25, cp: previousClose };
  const depth = DEPTH.map((level) => ({ ...level, bidP: rupees - 0.05, askP: rupees + 0.05 }));
  feed.send(fullFrame(instrumentKey(symbol), ltpc, depth, 1_000_000));
  const paise = Math.round(rupees * 100);
  await until(() => services.market.pipeline.lastTicks.get(symbol)?.ltp === paise, `${symbol} at ₹${rupees}`);
}

export function feedIndex(feed: FakeUpstoxFeedServer, key: string, level: number, close: number, at: number) {
  feed.send(indexFrame(key, { ltp: level, ltt: at, ltq: 0, cp: close }));
}

/** Upstox's answers that signing in and a quote need: the token exchange and stale REST quotes. */
export function routeSignInAndQuotes(upstox: FakeUpstoxOrders, quoteRupees: number, quoteAt: number): void {
  upstox.api.route('POST', /^\/v2\/login\/authorization\/token$/, () => ({
    status: 200,
    body: { access_token: 'feed-test-token', user_id: 'AB1234', user_name: 'Asha' },
  }));
  upstox.api.route('GET', /^\/v2\/market-quote\/quotes$/, (request) => {
    const keys = (request.query.get('instrument_key') ?? '').split(',');
    const data = Object.fromEntries(
      keys.map((key) => [
        key,
        {
          instrument_token: key,
          last_price: quoteRupees,
          net_change: 0,
          volume: 500,
          ohlc: { open: quoteRupees, high: quoteRupees, low: quoteRupees, close: quoteRupees },
          timestamp: new Date(quoteAt).toISOString(),
        },
      ]),
    );
    return { status: 200, body: { status: 'success', data } };
  });
}

/** Signs the services' Upstox account in through the OAuth code exchange, as the callback route does. */
export async function signInToUpstox(services: AppServices): Promise<void> {
  const state = new URL(services.upstoxAccount.authorizationUrl()).searchParams.get('state')!;
  await services.upstoxAccount.completeAuthorization('code-1', state);
}
