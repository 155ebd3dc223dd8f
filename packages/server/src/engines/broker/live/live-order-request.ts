import { DEFAULT_PRODUCT, type OrderRequest } from '../../../core/orders';
import { LiveBrokerError } from './live-broker-error';
import { paiseToRupees } from './upstox-order-mapping';
import type { UpstoxPlaceOrderBody } from './upstox-order-shapes';

/**
 * Checks an order before it may cost real money and writes it the way Upstox takes it: the product
 * it is charged as (intraday 'I' or delivery 'D', delivery by default), valid for the day, price in rupees (0 for market). The tag is filled in by the broker.
 */
export function placeOrderBody(
  request: OrderRequest,
  instrumentToken: string | undefined,
): UpstoxPlaceOrderBody {
  const invalid = (message: string) => new LiveBrokerError(400, message, 'invalid_order');
  if (request.account !== 'live') {
    throw invalid(
      'The live broker places orders for the live account only; paper orders go to the paper broker.',
    );
  }
  if (request.simulatedReplay) throw invalid('A replay over generated history cannot place real orders.');
  if (!Number.isInteger(request.quantity) || request.quantity <= 0) {
    throw invalid(`The quantity must be a whole number of shares above zero, not ${request.quantity}.`);
  }
  const limit = request.limitPrice;
  if (request.type === 'LIMIT' && (limit === undefined || !Number.isInteger(limit) || limit <= 0)) {
    throw invalid('A limit order needs a limit price above zero, in whole paise.');
  }
  if (!instrumentToken) throw invalid(`${request.symbol} is not an instrument Upstox can trade here.`);
  return {
    quantity: request.quantity,
    product: request.product ?? DEFAULT_PRODUCT,
    validity: 'DAY',
    price: request.type === 'LIMIT' ? paiseToRupees(limit!) : 0,
    tag: '',
    instrument_token: instrumentToken,
    order_type: request.type,
    transaction_type: request.side,
    disclosed_quantity: 0,
    trigger_price: 0,
    is_amo: false,
  };
}
