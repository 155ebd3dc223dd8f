import type { TradingVenue } from '../../core/ports/trading-venue';
import type { AccountService } from './account-service';
import type { OrderService } from './order-service';

/** The paper account as the trading loop sees it: orders through the paper broker, figures from the ledger. */
export function paperVenue(
  trading: Pick<AccountService, 'positions' | 'summary' | 'markPrice'> & Pick<OrderService, 'placeOrder'>,
): TradingVenue {
  return {
    submit: (request) => trading.placeOrder({ ...request, account: 'paper' }),
    positions: () => trading.positions('paper'),
    cashPaise: () => trading.summary('paper').cashPaise,
    equityPaise: () => trading.summary('paper').equityPaise,
    lastPrice: (symbol) => trading.markPrice(symbol),
    dayPnlPaise: () => trading.summary('paper').dayChangePaise ?? 0,
  };
}
