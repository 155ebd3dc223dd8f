import { IDEMPOTENCY_KEY_HEADER, paperBalanceRequestSchema, paperLimitsSchema } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../core/errors';
import { PAPER_STARTING_BALANCE_PAISE } from '../../core/orders';
import { validate } from '../../core/validate';
import type { Ledger } from '../../engines/broker/ledger';
import type { LiveBroker } from '../../engines/broker/live';
import { placeOrderFromClient } from '../../engines/broker/order-intake';
import type { PaperBroker } from '../../engines/broker/paper/paper-broker';
import type { PaperAccountPreparation } from '../../engines/broker/paper-account-preparation';
import type { TradingService } from '../../engines/broker/trading-service';

export interface PaperTradingRouteDeps {
  trading: Pick<TradingService, 'paperOverview' | 'limits' | 'account' | 'placeOrderOnce'>;
  ledger: Pick<Ledger, 'setLimits' | 'reset' | 'setBalance' | 'order'>;
  market: { isKnownSymbol(symbol: string): boolean };
  /** Paper balance edits are refused while the start-up replay prepares the account. */
  paperPreparation: Pick<PaperAccountPreparation, 'refuseWhilePreparing'>;
  paperBroker: Pick<PaperBroker, 'cancel'>;
  /** Live orders are cancelled at Upstox. */
  liveBroker: Pick<LiveBroker, 'cancel'>;
}

const LIVE_CANCEL_REQUESTED =
  'Cancel requested at Upstox: the order stays PENDING until Upstox confirms the cancel (or reports it filled).';

const formatRupees = (rupees: number) => `₹${Math.round(rupees).toLocaleString('en-IN')}`;

/** spec part 2 §7: the paper account's overview, limits, reset and balance; and orders for tests and tools. */
export async function paperTradingRoutes(
  app: FastifyInstance,
  { trading, ledger, market, paperPreparation, paperBroker, liveBroker }: PaperTradingRouteDeps,
) {
  app.get('/api/trading/paper/overview', async () => ({ success: true, data: trading.paperOverview() }));

  app.get('/api/trading/paper-limits', async () => ({ success: true, data: trading.limits() }));

  app.post('/api/trading/paper-limits', async (request) => {
    const limits = validate(paperLimitsSchema, request.body);
    ledger.setLimits('paper', limits);
    return { success: true, data: limits, message: 'Trading limits updated successfully!' };
  });

  app.post('/api/trading/paper-reset', async (request) => {
    // spec part 2 §7: the body may carry the balance (1000000); anything else is refused, not guessed.
    const { balance } = validate(z.object({ balance: z.literal(1_000_000).optional() }), request.body ?? {});
    // A reset or balance edit in the middle of the start-up replay would be traded over by it.
    paperPreparation.refuseWhilePreparing();
    void balance;
    const result = ledger.reset('paper', PAPER_STARTING_BALANCE_PAISE);
    return {
      success: true,
      message: 'Paper trading account reset successfully!',
      data: {
        balance: PAPER_STARTING_BALANCE_PAISE / 100,
        closed_positions: result.removedPositions.length,
        cancelled_orders: result.cancelledOrderIds.length,
      },
    };
  });

  app.post('/api/trading/paper/balance', async (request) => {
    const { balance } = validate(paperBalanceRequestSchema, request.body);
    paperPreparation.refuseWhilePreparing();
    const cash = ledger.setBalance('paper', Math.round(balance * 100), 'Balance edited by the trader');
    return {
      success: true,
      new_balance: cash / 100,
      message: `Balance updated successfully to ${formatRupees(cash / 100)}`,
    };
  });

  app.post('/api/orders', async (request, reply) => {
    const { order, replayed } = await placeOrderFromClient(
      request.body,
      market,
      trading,
      request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()],
      request.session?.email,
    );
    // A retry is answered as the first request was, status included; the header says nothing new was placed.
    if (replayed) reply.header('Idempotent-Replayed', 'true');
    if (order.status === 'REJECTED') {
      return reply
        .status(422)
        .send({ success: false, error: order.rejectReason, code: 'order_rejected', data: order });
    }
    return reply.status(201).send({ success: true, data: order });
  });

  app.get('/api/orders/:id', async (request) => {
    const { id } = validate(z.object({ id: z.string().min(1).max(64) }), request.params, 'path');
    const order = ledger.order(id);
    if (!order) throw notFound(`No order ${id}.`);
    return { success: true, data: order };
  });

  app.post('/api/orders/:id/cancel', async (request, reply) => {
    const { id } = validate(z.object({ id: z.string().min(1).max(64) }), request.params, 'path');
    const order = ledger.order(id);
    if (!order) throw notFound(`No order ${id}.`);
    if (order.account !== 'live') return { success: true, data: paperBroker.cancel(id) };
    if (order.status !== 'PENDING') return { success: true, data: order };
    // A live order is cancelled at Upstox; it reads CANCELLED only once Upstox says so.
    const live = await liveBroker.cancel(id);
    const data = ledger.order(id) ?? live;
    if (data.status !== 'PENDING') return { success: true, data };
    return reply.status(202).send({ success: true, data, message: LIVE_CANCEL_REQUESTED });
  });
}
