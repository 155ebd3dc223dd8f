import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { StreamHub } from '../../engines/stream/stream-hub';

export interface StreamRouteDeps {
  stream: Pick<StreamHub, 'accept' | 'closeAll'>;
}

/** GET /api/stream upgrades to the realtime WebSocket; the session arrives in the first message. */
export async function streamRoutes(app: FastifyInstance, { stream }: StreamRouteDeps) {
  await app.register(websocket, {
    // Compression off: ticks are small and frequent, and deflate would cost more CPU than it saves.
    options: { maxPayload: 64 * 1024, perMessageDeflate: false },
  });
  app.get('/api/stream', { websocket: true }, (socket, request) => {
    // request.ip: the client's address (the proxy's word for it only when TRUST_PROXY says so).
    stream.accept(socket, request.ip);
  });
  app.addHook('onClose', async () => stream.closeAll());
}
