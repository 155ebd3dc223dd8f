import type { Logger } from 'pino';
import type { OrderDecision } from '../../core/order-audit';
import type { Ledger } from '../broker/ledger';
import type { LiveBroker } from '../broker/live';
import type { LiveVenue } from '../broker/live/live-venue';
import type { PaperBroker } from '../broker/paper/paper-broker';
import type { HaltableAccount } from './trading-halt';

const STRATEGY = 'emergency_stop';
const CANCEL_REASON = 'Cancelled by the trading halt.';
/** The halt's closing sales, as the audit trail records them. */
const CLOSE_ALL: OrderDecision = {
  origin: 'close_all',
  actor: STRATEGY,
  reasons: 'The trading halt closes every position.',
};

/** The paper account: every pending order cancelled in one transaction; positions sold at market. */
export function paperHaltAccount(ledger: Ledger, broker: PaperBroker): HaltableAccount {
  return {
    cancelPending: () => ({ cancelled: ledger.cancelPendingOrders('paper', CANCEL_REASON), chasing: 0 }),
    closePositions: () => {
      // While the start-up replay prepares the account, its positions are replayed history that the
      // replay squares off itself, and the broker takes no order: there is nothing of today's to sell.
      if (broker.preparingRefusal() !== null) return 0;
      let placed = 0;
      for (const position of ledger.positions('paper')) {
        if (position.quantity <= 0) continue;
        const order = broker.submit({
          account: 'paper',
          symbol: position.symbol,
          side: 'SELL',
          type: 'MARKET',
          quantity: position.quantity,
          strategy: STRATEGY,
          decision: CLOSE_ALL,
        });
        if (order.status === 'FILLED') placed += 1;
      }
      return placed;
    },
  };
}

/**
 * The Upstox account: an order still queued for Upstox is cancelled before it is sent; every other
 * pending order is cancelled at Upstox, chased until Upstox has named it and confirmed how it ended.
 * Its positions are sold at market only while `closes()` (live mode: the positions on screen).
 */
export function liveHaltAccount(
  broker: LiveBroker,
  venue: LiveVenue,
  log: Logger,
  closes: () => boolean = () => true,
): HaltableAccount {
  return {
    reachesBroker: true,
    cancelPending: (ended) =>
      broker.cancelAllPending(`${CANCEL_REASON} It was never sent to Upstox.`, (order) =>
        ended(order.status === 'FILLED' ? 'filled' : 'cancelled'),
      ),
    closePositions: () => {
      if (!closes()) return 0;
      let placed = 0;
      for (const position of venue.positions()) {
        if (position.quantity <= 0) continue;
        try {
          const { placed: settled } = broker.begin(
            {
              account: 'live',
              symbol: position.symbol,
              side: 'SELL',
              type: 'MARKET',
              quantity: position.quantity,
              strategy: STRATEGY,
              decision: CLOSE_ALL,
            },
            { haltSale: true },
          );
          settled.catch((error) =>
            log.error({ err: error, symbol: position.symbol }, 'halt could not sell a live position'),
          );
          placed += 1;
        } catch (error) {
          log.error({ err: error, symbol: position.symbol }, 'halt could not sell a live position');
        }
      }
      return placed;
    },
  };
}
