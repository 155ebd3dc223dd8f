import type { FastifyInstance } from 'fastify';
import type { TradingService } from '../../engines/broker/trading-service';

export interface PortfolioRouteDeps {
  trading: Pick<TradingService, 'holdings' | 'activity'>;
}

/** spec part 1 §7 (api-client portfolio.ts): the Portfolio screen's holdings and activity, from the ledger. */
export async function portfolioRoutes(app: FastifyInstance, { trading }: PortfolioRouteDeps) {
  app.get('/api/portfolio/holdings', async () => ({ success: true, data: trading.holdings() }));

  app.get('/api/portfolio/activity', async () => ({ success: true, data: trading.activity() }));
}
