import {
  dataSourceEditSchema,
  dataSourceFormSchema,
  dataSourceToggleSchema,
  upstoxCredentialsSchema,
  upstoxTokenSchema,
} from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validate } from '../../core/validate';
import type { UpstoxAccount } from '../../engines/broker/upstox-account';
import type { DataSourceService } from '../../engines/data-sources';
import type { MarketDataService } from '../../engines/market/market-data-service';

export interface DataSourceRouteDeps {
  dataSources: Pick<DataSourceService, 'list' | 'validate' | 'add' | 'edit' | 'toggle' | 'refresh'>;
  upstoxAccount: Pick<
    UpstoxAccount,
    | 'problem'
    | 'lastSync'
    | 'configured'
    | 'integration'
    | 'saveCredentials'
    | 'saveAccessToken'
    | 'disconnect'
    | 'authorizationUrl'
    | 'completeAuthorization'
    | 'staticIp'
  >;
  market: Pick<MarketDataService, 'health'>;
  /** Points the market at the feed the trading mode and the broker session call for. */
  selectFeed(): Promise<void>;
}

const callbackSchema = z.object({
  code: z.string().min(1, 'Upstox did not send an authorization code').max(2048),
  state: z.string().min(1, 'Upstox did not send the state').max(256),
});

const idParams = z.object({ id: z.string().min(1).max(80, 'id is at most 80 characters') });

/** spec part 2 §2.1 / §7 (api-client data-sources.ts): the data-source registry and the Upstox connection. */
export async function dataSourceRoutes(
  app: FastifyInstance,
  { dataSources, upstoxAccount, market, selectFeed }: DataSourceRouteDeps,
) {
  app.get('/api/data-sources', async () => ({ success: true, data: dataSources.list() }));

  app.post('/api/data-sources/validate', async (request) => {
    const form = validate(dataSourceFormSchema, request.body);
    return { success: true, data: await dataSources.validate(form) };
  });

  app.post('/api/data-sources/add', async (request, reply) => {
    const form = validate(dataSourceFormSchema, request.body);
    reply.code(201);
    return { success: true, data: await dataSources.add(form) };
  });

  app.put('/api/data-sources/:id', async (request) => {
    const { id } = validate(idParams, request.params, 'params');
    const form = validate(dataSourceEditSchema, request.body);
    return { success: true, data: await dataSources.edit(id, form) };
  });

  app.post('/api/data-sources/:id/toggle', async (request) => {
    const { id } = validate(idParams, request.params, 'params');
    const { enabled } = validate(dataSourceToggleSchema, request.body);
    return { success: true, data: await dataSources.toggle(id, enabled) };
  });

  app.post('/api/data-sources/:id/refresh', async (request) => {
    const { id } = validate(idParams, request.params, 'params');
    return { success: true, data: await dataSources.refresh(id) };
  });

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

  /** The Broker integration card: masked key, token status from `exp` (spec part 2 §2.1, §4). */
  /** Connectivity tab: the static IP Upstox orders must come from, and whether it changed since the last session. */
  app.get('/api/upstox/static-ip', async () => ({
    success: true,
    data: await upstoxAccount.staticIp.view(),
  }));

  app.get('/api/upstox/integration', async () => ({ success: true, data: upstoxAccount.integration() }));

  /** spec part 2 §7: saves the Configure Upstox Integration modal, sealed; the feed is picked again. */
  app.post('/api/upstox/credentials', async (request) => {
    const body = validate(upstoxCredentialsSchema, request.body);
    upstoxAccount.saveCredentials({
      apiKey: body.api_key,
      apiSecret: body.api_secret,
      redirectUri: body.redirect_uri || null,
    });
    if (body.access_token) upstoxAccount.saveAccessToken(body.access_token);
    await selectFeed();
    return { success: true, data: upstoxAccount.integration() };
  });

  /** spec part 2 §5 "Token update": trimmed, an empty token refused. */
  app.post('/api/upstox/token', async (request) => {
    const { access_token } = validate(upstoxTokenSchema, request.body);
    upstoxAccount.saveAccessToken(access_token);
    await selectFeed();
    return { success: true, data: upstoxAccount.integration() };
  });

  /** Connectivity → Disconnect: forgets the access token; the market falls back to another feed. */
  app.post('/api/upstox/disconnect', async () => {
    upstoxAccount.disconnect();
    await selectFeed();
    return { success: true, data: upstoxAccount.integration() };
  });

  app.post('/api/upstox/connect', async () => ({
    success: true,
    data: { auth_url: upstoxAccount.authorizationUrl() },
  }));

  // Upstox redirects the browser here; the single-use state, not a session header, proves the request.
  app.get('/api/upstox/callback', async (request, reply) => {
    const { code, state } = validate(callbackSchema, request.query, 'query');
    await upstoxAccount.completeAuthorization(code, state);
    await selectFeed();
    reply
      .type('text/html')
      .send(
        '<!doctype html><meta charset="utf-8"><title>Upstox connected</title><p>Your Upstox account is connected. You can close this tab and return to the dashboard.</p>',
      );
  });
}
