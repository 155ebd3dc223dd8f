import { TRADING_MODE_LABELS, tradesExportQuerySchema, tradesQuerySchema } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { tradesCsv, tradesCsvFilename } from '../broker/trades-csv';
import type { AppServices } from '../http/route-deps';
import { validate } from '../http/validate';

/** spec part 1 §7 and part 2 §7: portfolio, activity, quick stats and trade history, from the ledger. */
export async function portfolioRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { trading, tradingMode } = services;

  app.get('/api/portfolio/overview', async () => {
    const mode = tradingMode.current();
    return {
      success: true,
      data: trading.overview(),
      trading_mode: mode,
      trading_mode_label: TRADING_MODE_LABELS[mode],
    };
  });

  app.get('/api/portfolio/holdings', async () => ({ success: true, data: trading.holdings() }));

  app.get('/api/portfolio/activity', async () => ({ success: true, data: trading.activity() }));

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

  app.get('/api/trades/recent', async (request) => {
    const query = validate(tradesQuerySchema, request.query, 'query');
    return { success: true, data: trading.trades(query) };
  });

  // Every trade matching the history's filters (no paging), as a CSV file to save.
  app.get('/api/trades/export', async (request, reply) => {
    const query = validate(tradesExportQuerySchema, request.query, 'query');
    const csv = tradesCsv(trading.tradesForExport(query));
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header(
        'Content-Disposition',
        `attachment; filename="${tradesCsvFilename(services.market.clock.now())}"`,
      )
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
}
