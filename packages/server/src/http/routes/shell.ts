import {
  type EngineStatus,
  TRADING_MODE_LABELS,
  type TradingMode,
  type TradingModeState,
  tradingModeRequestSchema,
} from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { validate } from '../../core/validate';
import type { TradingService } from '../../engines/broker/trading-service';

export interface ShellRouteDeps {
  tradingMode: {
    state(): TradingModeState;
    change(mode: TradingMode): TradingMode;
    current(): TradingMode;
  };
  trading: Pick<TradingService, 'overview' | 'quickStats'>;
  /** The trading engines' state for the traded account, with the halt. */
  engineStatus(): EngineStatus;
}

/**
 * What the shell shows on every screen (api-client shell.ts): the trading mode switch, the portfolio
 * overview, the quick stats bar and the engines' status.
 */
export async function shellRoutes(
  app: FastifyInstance,
  { tradingMode, trading, engineStatus }: ShellRouteDeps,
) {
  app.get('/api/trading/mode', async () => ({ success: true, data: tradingMode.state() }));

  app.post('/api/trading/mode', async (request) => {
    const { mode } = validate(tradingModeRequestSchema, request.body);
    const current = tradingMode.change(mode);
    request.log.info({ mode: current }, 'trading mode changed');
    return {
      success: true,
      data: { current_mode: current, current_mode_label: TRADING_MODE_LABELS[current] },
    };
  });

  app.get('/api/portfolio/overview', async () => {
    const mode = tradingMode.current();
    return {
      success: true,
      data: trading.overview(),
      trading_mode: mode,
      trading_mode_label: TRADING_MODE_LABELS[mode],
    };
  });

  app.get('/api/quick-stats', async (_request, reply) => {
    const stats = trading.quickStats();
    // spec part 1 §4: 503 means the data source is really down, nothing else.
    if (stats.connection_status === 'disconnected') {
      return reply.status(503).send({
        success: false,
        error: 'Failed to fetch quick stats: the data source is not connected.',
        data: stats,
      });
    }
    return { success: true, data: stats };
  });

  app.get('/api/engines/status', async () => ({ success: true, data: engineStatus() }));
}
