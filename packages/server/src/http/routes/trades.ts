import { tradesExportQuerySchema, tradesQuerySchema } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { validate } from '../../core/validate';
import { tradesCsv, tradesCsvFilename } from '../../engines/broker/trades-csv';
import type { TradingService } from '../../engines/broker/trading-service';

export interface TradesRouteDeps {
  trading: Pick<TradingService, 'trades' | 'tradesForExport'>;
  /** The market clock: the export's file name carries its date. */
  clock: { now(): number };
}

/** spec part 2 §7 (api-client trades.ts): the trade history and its CSV export, from the ledger. */
export async function tradesRoutes(app: FastifyInstance, { trading, clock }: TradesRouteDeps) {
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
      .header('Content-Disposition', `attachment; filename="${tradesCsvFilename(clock.now())}"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });
}
