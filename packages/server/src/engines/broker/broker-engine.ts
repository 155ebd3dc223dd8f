import type { Logger } from 'pino';
import type { Engine } from '../../core/ports/engine';

/** Resting limit orders are checked against the latest prices this often. */
export const RESTING_ORDERS_INTERVAL_MS = 1000;

export interface BrokerEngineDeps {
  paperBroker: { checkRestingOrders(onError: (error: unknown, symbol: string) => void): void };
  trading: { overview(): unknown; ordersSettled(): Promise<void>; close(): void };
  stream: { hasSubscribers(topic: string): boolean; publish(topic: string, data: unknown): void };
  logger: Pick<Logger, 'error'>;
}

/**
 * The broker's running part: the 1 s resting-order and portfolio timer. Stopping clears it, waits
 * for orders in flight to settle and closes the order desk, so nothing writes after the database closes.
 */
export function createBrokerEngine(deps: BrokerEngineDeps): Engine {
  const { paperBroker, trading, stream, logger } = deps;
  let timer: ReturnType<typeof setInterval> | null = null;
  // Nothing thrown here may leave the timer: an exception out of it would end the process.
  const tick = () => {
    try {
      // The portfolio topic carries the overview every second while anyone watches it.
      if (stream.hasSubscribers('portfolio')) stream.publish('portfolio', trading.overview());
    } catch (error) {
      logger.error({ err: error, timer: 'resting-orders' }, 'could not publish the portfolio overview');
    }
    try {
      paperBroker.checkRestingOrders((error, symbol) =>
        logger.error({ err: error, timer: 'resting-orders', symbol }, 'could not check resting orders'),
      );
    } catch (error) {
      logger.error({ err: error, timer: 'resting-orders' }, 'could not read the resting orders');
    }
  };
  return {
    name: 'broker',
    start() {
      if (timer) return;
      timer = setInterval(tick, RESTING_ORDERS_INTERVAL_MS);
      timer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await trading.ordersSettled();
      trading.close();
    },
  };
}
