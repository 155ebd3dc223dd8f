import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validate } from '../http/validate';
import type { AppServices } from '../services';

const callbackSchema = z.object({
  code: z.string().min(1, 'Upstox did not send an authorization code').max(2048),
  state: z.string().min(1, 'Upstox did not send the state').max(256),
});

export async function upstoxRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { upstoxAccount, market } = services;

  /** spec part 1 §3 "Upstox status". */
  app.get('/api/upstox/status', async () => {
    const health = market.health('upstox');
    const problem = upstoxAccount.problem();
    const lastSync = health?.lastDataAt ?? upstoxAccount.lastSync();
    return {
      success: true,
      data: {
        connected: health?.connected ?? false,
        mode: health?.mode ?? null,
        status: health?.status ?? 'not_configured',
        has_positions: false,
        last_sync: lastSync ? new Date(lastSync).toISOString() : null,
        message: problem ?? health?.message ?? 'Upstox connected',
        configured: upstoxAccount.configured,
        auth_url: upstoxAccount.configured ? '/api/upstox/connect' : null,
      },
    };
  });

  app.post('/api/upstox/connect', async () => ({
    success: true,
    data: { auth_url: upstoxAccount.authorizationUrl() },
  }));

  // Upstox redirects the browser here; the single-use state, not a session header, proves the request.
  app.get('/api/upstox/callback', async (request, reply) => {
    const { code, state } = validate(callbackSchema, request.query, 'query');
    await upstoxAccount.completeAuthorization(code, state);
    await services.selectFeed();
    reply
      .type('text/html')
      .send(
        '<!doctype html><meta charset="utf-8"><title>Upstox connected</title><p>Your Upstox account is connected. You can close this tab and return to the dashboard.</p>',
      );
  });
}
