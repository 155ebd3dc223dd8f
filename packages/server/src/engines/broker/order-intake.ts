import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema, orderRequestSchema } from '@td/contracts';
import { HttpError, notFound } from '../../core/errors';
import type { OrderRequest } from '../../core/orders';
import { validate } from '../../core/validate';
import type { AccountService } from './account-service';
import type { Placement } from './idempotent-placement';
import type { OrderService } from './order-service';

/**
 * An order as a client sends it (the JSON body of POST /api/orders), taken the way every order
 * from outside is: the shared schema, a known symbol, paper mode; then placed durably with the
 * order desk's group commit. A refusal by the limits comes back as a REJECTED order, not a throw.
 * With an Idempotency-Key header (`idempotencyKey`, the raw header value) it is placed once per key.
 * `trader` is the signed-in trader's email: the audit trail's actor (never the session token).
 */
export function placeOrderFromClient(
  body: unknown,
  market: { isKnownSymbol(symbol: string): boolean },
  trading: Pick<AccountService, 'account'> & Pick<OrderService, 'placeOrderOnce'>,
  idempotencyKey?: string | string[],
  trader = 'unknown session',
): Promise<Placement> {
  const key =
    idempotencyKey === undefined
      ? undefined
      : validate(idempotencyKeySchema, idempotencyKey, `${IDEMPOTENCY_KEY_HEADER} header`);
  const order = validate(orderRequestSchema, body);
  if (!market.isKnownSymbol(order.symbol)) {
    throw notFound(
      `Unknown symbol ${order.symbol}: use an NSE symbol from NIFTY 50, SENSEX or Bank NIFTY, e.g. RELIANCE.`,
      'unknown_symbol',
    );
  }
  if (trading.account() !== 'paper') {
    throw new HttpError(
      409,
      'Orders placed here go to the paper account; switch to paper mode first.',
      'live_mode',
    );
  }
  const request: OrderRequest = {
    account: 'paper',
    symbol: order.symbol,
    side: order.side,
    type: order.type,
    quantity: order.quantity,
    limitPrice: order.limit_price === undefined ? undefined : Math.round(order.limit_price * 100),
    strategy: order.strategy,
    product: order.product,
    decision: { origin: 'manual', actor: trader },
    ...(key === undefined ? {} : { idempotencyKey: key }),
  };
  return trading.placeOrderOnce(request);
}
