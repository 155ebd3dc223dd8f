import type { Logger } from 'pino';
import type { Engine } from '../../core/ports/engine';

/** Resting limit orders are checked against the latest prices this often, and the portfolio published. */
export const RESTING_ORDERS_INTERVAL_MS = 1000;

export interface BrokerEngineDeps {
  trading: { overview(): unknown; ordersSettled(): Promise<void>; close(): void };
  stream: { hasSubscribers(topic: string): boolean; publish(topic: string, data: unknown): void };
  logger: Pick<Logger, 'error'>;
}

/**
 * The broker's running part on every instance: the 1 s portfolio timer for this instance's
 * watchers. Stopping clears it, waits for orders in flight to settle and closes the order desk, so
 * nothing writes after the database closes.
 */
export function createBrokerEngine(deps: BrokerEngineDeps): Engine {
  const { trading, stream, logger } = deps;
  // Nothing thrown here may leave the timer: an exception out of it would end the process.
  const publish = () => {
    try {
      // The portfolio topic carries the overview every second while anyone watches it.
      if (stream.hasSubscribers('portfolio')) stream.publish('portfolio', trading.overview());
    } catch (error) {
      logger.error({ err: error, timer: 'portfolio' }, 'could not publish the portfolio overview');
    }
  };
  const timer = everySecond(publish);
  return {
    name: 'broker',
    start: () => timer.start(),
    async stop() {
      timer.stop();
      await trading.ordersSettled();
      trading.close();
    },
  };
}

/**
 * The 1 s resting-order check: it fills limit orders whose price was reached, so it runs on the
 * leader only (two instances checking would race to fill the same order).
 */
export function createRestingOrdersEngine(deps: {
  paperBroker: { checkRestingOrders(onError: (error: unknown, symbol: string) => void): void };
  logger: Pick<Logger, 'error'>;
}): Engine {
  const { paperBroker, logger } = deps;
  const check = () => {
    try {
      paperBroker.checkRestingOrders((error, symbol) =>
        logger.error({ err: error, timer: 'resting-orders', symbol }, 'could not check resting orders'),
      );
    } catch (error) {
      logger.error({ err: error, timer: 'resting-orders' }, 'could not read the resting orders');
    }
  };
  const timer = everySecond(check);
  return {
    name: 'resting-orders',
    start: () => timer.start(),
    async stop() {
      timer.stop();
    },
  };
}

function everySecond(work: () => void) {
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    start() {
      if (timer) return;
      timer = setInterval(work, RESTING_ORDERS_INTERVAL_MS);
      timer.unref?.();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
