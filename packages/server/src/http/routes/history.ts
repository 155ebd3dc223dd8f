import {
  HISTORY_IMPORT_MAX_BYTES,
  historyFetchRequestSchema,
  historyImportRequestSchema,
} from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { validate } from '../../core/validate';
import type { HistoryStore, UpstoxHistoryFetch } from '../../engines/market/history';

export interface HistoryRouteDeps {
  history: Pick<HistoryStore, 'importCsv' | 'coverage'>;
  upstoxHistory: Pick<UpstoxHistoryFetch, 'fetch'>;
}

// The file travels as JSON text: its escaping adds a little, so the body may be a quarter larger.
const IMPORT_BODY_LIMIT = Math.ceil(HISTORY_IMPORT_MAX_BYTES * 1.25);

/** Historical candles for backtests (docs/history-import.md); a session is required, as everywhere. */
export async function historyRoutes(app: FastifyInstance, { history, upstoxHistory }: HistoryRouteDeps) {
  app.post('/api/history/import', { bodyLimit: IMPORT_BODY_LIMIT }, async (request) => {
    const body = validate(historyImportRequestSchema, request.body);
    return { success: true, data: await history.importCsv(body) };
  });

  app.get('/api/history/coverage', async () => ({ success: true, data: history.coverage() }));

  app.post('/api/history/fetch', async (request) => {
    const body = validate(historyFetchRequestSchema, request.body);
    return { success: true, data: await upstoxHistory.fetch(body) };
  });
}
